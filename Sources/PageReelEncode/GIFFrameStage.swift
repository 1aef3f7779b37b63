import Dispatch
import Glibc
import Synchronization

/// Quantizes spilled frames on every core and composes them into the GIF in order.
///
/// Work goes in batches of one frame per worker, double-buffered: while the workers quantize
/// batch b on the global queue, the calling thread composes batch b − 1, so the sequential part
/// (what is on screen, transparency, LZW) overlaps the parallel one. Memory is fixed: per worker,
/// a quantizer and two quantized frames, whatever the number of frames.
///
/// No memory is shared between threads. Each worker's quantizer (C state, not `Sendable`) lives
/// in the worker's mutex; quantized frames are `Sendable` values that move out of the worker to
/// the composer and back; the composer, which owns the GIF file, never leaves the calling thread.
final class GIFFrameStage {
    /// One worker: its quantizer, its two quantized frames (one per half of the double buffer,
    /// nil while the composer has it) and the error it hit, if any.
    private final class Worker: Sendable {
        private struct Frames {
            var halves: [GIFFrameQuantizer.Output?]
            var error: EncodeError?
        }

        private let quantizer: Mutex<GIFFrameQuantizer>
        private let frames: Mutex<Frames>

        init(_ quantizer: sending GIFFrameQuantizer, pixels: Int) {
            self.quantizer = Mutex(quantizer)
            frames = Mutex(Frames(halves: [.init(pixels: pixels), .init(pixels: pixels)]))
        }

        /// Quantizes spill slot `slot` into the frame of `half`. Runs on a worker thread.
        func quantize(slot: Int, previousSlot: Int?, spill: FrameSpill, half: Int) {
            var output = take(half)
            let result = quantizer.withLock { quantizer in
                Result { () throws(EncodeError) in
                    try quantizer.quantize(slot: slot, previousSlot: previousSlot, spill: spill, into: &output)
                }
            }
            frames.withLock { frames in
                frames.halves[half] = output
                if case .failure(let error) = result { frames.error = error }
            }
        }

        /// The frame of `half`, handed over whole (the caller holds the only reference).
        func take(_ half: Int) -> GIFFrameQuantizer.Output {
            frames.withLock { $0.halves[half].take()! }
        }

        /// Gives back the frame of `half` taken with `take`.
        func give(_ output: consuming GIFFrameQuantizer.Output, half: Int) {
            var parcel: GIFFrameQuantizer.Output? = consume output
            frames.withLock { $0.halves[half] = parcel.take() }
        }

        var error: EncodeError? { frames.withLock { $0.error } }
    }

    /// The composer takes about a seventh of a frame's quantizing time, so more workers than
    /// this would only wait for it while each holds some 13 MB (at 720×405).
    static let maximumWorkers = 8

    private let workers: [Worker]
    private let composer: GIFFrameComposer

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
        // One extra round composes the last batch while no more quantizing is left.
        for batch in 0...batches {
            let quantizing = DispatchGroup()
            for (i, worker) in workers.enumerated() where batch * perBatch + i < slots.count {
                let frame = batch * perBatch + i, half = batch % 2
                DispatchQueue.global().async(group: quantizing) {
                    ImageQuant.singleThreaded()
                    worker.quantize(slot: slots[frame], previousSlot: frame > 0 ? slots[frame - 1] : nil,
                                    spill: spill, half: half)
                }
            }
            var composeError: EncodeError?
            if batch > 0 {
                do throws(EncodeError) {
                    try compose(frames: (batch - 1) * perBatch..<min(batch * perBatch, slots.count),
                                half: (batch - 1) % 2, delays: delays)
                } catch {
                    composeError = error
                }
            }
            quantizing.wait()
            if let error = composeError ?? workers.lazy.compactMap(\.error).first { throw error }
        }
    }

    /// Composes `frames`, quantized into the frames of `half`, in order. Runs on the calling thread.
    private func compose(frames: Range<Int>, half: Int, delays: [Int]) throws(EncodeError) {
        for frame in frames {
            let worker = workers[frame - frames.lowerBound]
            var output = worker.take(half)
            defer { worker.give(output, half: half) }
            try composer.add(&output, delay: delays[frame])
        }
    }
}
