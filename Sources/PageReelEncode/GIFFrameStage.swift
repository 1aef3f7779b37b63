import Dispatch
import Glibc

/// Quantizes spilled frames on every core and composes them into the GIF in order.
///
/// Work goes in batches of one frame per worker, double-buffered: while the workers quantize
/// batch b, one more iteration of the same `concurrentPerform` composes batch b − 1, so the
/// sequential part (what is on screen, transparency, LZW) overlaps the parallel one. Memory is
/// fixed: per worker, a quantizer and two quantized frames, whatever the number of frames.
final class GIFFrameStage {
    /// What one worker owns: its quantizer, an output per half of the double buffer, and the
    /// error it hit, if any. Each `concurrentPerform` iteration touches only its own worker.
    private final class Worker {
        let quantizer: GIFFrameQuantizer
        let outputs: [GIFFrameQuantizer.Output]
        var error: EncodeError?

        init(_ quantizer: GIFFrameQuantizer, pixels: Int) {
            self.quantizer = quantizer
            outputs = [GIFFrameQuantizer.Output(pixels: pixels), GIFFrameQuantizer.Output(pixels: pixels)]
        }
    }

    /// The stage as seen from `concurrentPerform`'s iterations. Unchecked because the iterations
    /// share it but touch disjoint state: iteration i < workers.count only worker i (and reads the
    /// spill, which uses pread); the last iteration only the composer and the other half's outputs.
    private struct Shared: @unchecked Sendable {
        let stage: GIFFrameStage
        let spill: FrameSpill
    }

    /// The composer takes about a seventh of a frame's quantizing time, so more workers than
    /// this would only wait for it while each holds some 13 MB (at 720×405).
    static let maximumWorkers = 8

    private let workers: [Worker]
    private let composer: GIFFrameComposer
    private var composeError: EncodeError?

    init(width: Int, height: Int, speed: Int, dithering: Float, composer: GIFFrameComposer, path: String) {
        let count = min(Self.maximumWorkers, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        workers = (0..<count).map { _ in
            let quantizer = GIFFrameQuantizer(width: width, height: height, speed: speed, dithering: dithering, path: path)
            return Worker(quantizer, pixels: width * height)
        }
        self.composer = composer
    }

    /// Quantizes `slots` (in display order) and composes each with its delay, in order.
    func run(slots: [Int], delays: [Int], spill: FrameSpill) throws(EncodeError) {
        let perBatch = workers.count
        let batches = (slots.count + perBatch - 1) / perBatch
        let shared = Shared(stage: self, spill: spill)
        // One extra round composes the last batch while no more quantizing is left.
        for batch in 0...batches {
            DispatchQueue.concurrentPerform(iterations: perBatch + 1) { i in
                let stage = shared.stage
                if i < perBatch {
                    stage.quantize(frame: batch * perBatch + i, worker: i, half: batch % 2, slots: slots,
                                   spill: shared.spill)
                } else if batch > 0 {
                    stage.compose(frames: (batch - 1) * perBatch..<min(batch * perBatch, slots.count),
                                  half: (batch - 1) % 2, delays: delays)
                }
            }
            if let error = composeError ?? workers.lazy.compactMap(\.error).first { throw error }
        }
    }

    private func quantize(frame: Int, worker index: Int, half: Int, slots: [Int], spill: FrameSpill) {
        guard frame < slots.count else { return }
        let worker = workers[index]
        ImageQuant.singleThreaded()
        do throws(EncodeError) {
            try worker.quantizer.quantize(slot: slots[frame], previousSlot: frame > 0 ? slots[frame - 1] : nil,
                                          spill: spill, into: worker.outputs[half])
        } catch {
            worker.error = error
        }
    }

    private func compose(frames: Range<Int>, half: Int, delays: [Int]) {
        do throws(EncodeError) {
            for frame in frames {
                try composer.add(workers[frame - frames.lowerBound].outputs[half], delay: delays[frame])
            }
        } catch {
            composeError = error
        }
    }
}
