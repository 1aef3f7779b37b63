import CFFmpeg
import Dispatch
import Glibc

/// Remaps spilled frames onto the shared palette on every core and hands the PAL8 pictures to
/// the encoder in order.
///
/// Work goes in batches of one frame per worker, double-buffered: while the workers remap batch
/// b, one more iteration of the same `concurrentPerform` encodes batch b − 1, so the sequential
/// GIF encoder overlaps the parallel remapping. Memory is fixed: per worker, one RGBA frame and
/// two index planes, whatever the number of frames.
final class GIFFrameStage {
    /// What one worker owns: its remapper, an index plane per half of the double buffer, and
    /// the error it hit, if any. Each `concurrentPerform` iteration touches only its own worker.
    private final class Worker {
        let remapper: PaletteRemapper
        let planes: [PixelBuffer]
        var error: EncodeError?

        init(_ remapper: PaletteRemapper, planeSize: Int) {
            self.remapper = remapper
            planes = [PixelBuffer(count: planeSize), PixelBuffer(count: planeSize)]
        }
    }

    /// The stage as seen from `concurrentPerform`'s iterations. Unchecked because the iterations
    /// share it but touch disjoint state: iteration i < workers.count only worker i (and reads the
    /// spill, which uses pread); the last iteration only the encoder, the muxer and the picture.
    private struct Shared: @unchecked Sendable {
        let stage: GIFFrameStage
        let spill: FrameSpill
    }

    private let workers: [Worker]
    private let picture: FrameBuffer
    private let paletteWords: [UInt32]
    private let width: Int, height: Int
    private let encoder: PacketEncoder
    private let muxer: Muxer
    private var encodeError: EncodeError?
    private let planner: GIFDiffPlanner?
    private var transparencyOn = true

    /// `planTransparency` false keeps FFmpeg's default (transparency on every frame).
    init(palette: SharedPalette, width: Int, height: Int, speed: Int, dithering: Float, planTransparency: Bool,
         encoder: PacketEncoder, muxer: Muxer, check: FFmpegCheck) throws(EncodeError) {
        let count = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        var workers: [Worker] = []
        // At speed ≤ 5 libimagequant computes contrast maps for every remapped image, which only
        // dithering uses; without dithering, speed 10 gives identical indices 40% faster.
        let remapSpeed = dithering > 0 ? speed : 10
        for _ in 0..<count {
            let remapper = try PaletteRemapper(palette: palette, width: width, height: height, speed: remapSpeed,
                                               dithering: dithering, path: check.path)
            workers.append(Worker(remapper, planeSize: width * height))
        }
        self.workers = workers
        picture = try FrameBuffer(format: AV_PIX_FMT_PAL8, width: width, height: height, check: check)
        paletteWords = palette.ffmpegWords
        self.width = width
        self.height = height
        self.encoder = encoder
        self.muxer = muxer
        planner = planTransparency ? GIFDiffPlanner(width: width, height: height) : nil
    }

    /// Remaps `slots` (in display order; `starts` are their pts in centiseconds) and encodes
    /// each PAL8 picture, in order.
    func run(slots: [Int], starts: [Int], spill: FrameSpill) throws(EncodeError) {
        let perBatch = workers.count
        let batches = (slots.count + perBatch - 1) / perBatch
        let shared = Shared(stage: self, spill: spill)
        // One extra round encodes the last batch while no more remapping is left.
        for batch in 0...batches {
            DispatchQueue.concurrentPerform(iterations: perBatch + 1) { i in
                let stage = shared.stage
                if i < perBatch {
                    stage.remap(frame: batch * perBatch + i, worker: i, half: batch % 2, slots: slots, spill: shared.spill)
                } else if batch > 0 {
                    stage.encode(frames: (batch - 1) * perBatch..<min(batch * perBatch, slots.count),
                                 half: (batch - 1) % 2, starts: starts)
                }
            }
            if let error = encodeError ?? workers.lazy.compactMap(\.error).first { throw error }
        }
    }

    private func remap(frame: Int, worker index: Int, half: Int, slots: [Int], spill: FrameSpill) {
        guard frame < slots.count else { return }
        let worker = workers[index]
        do throws(EncodeError) {
            try worker.remapper.remap(slot: slots[frame], from: spill, into: worker.planes[half])
        } catch {
            worker.error = error
        }
    }

    private func encode(frames: Range<Int>, half: Int, starts: [Int]) {
        do throws(EncodeError) {
            for frame in frames {
                let plane = workers[frame - frames.lowerBound].planes[half]
                if let planner {
                    let wanted = planner.prefersTransparency(plane)
                    if wanted != transparencyOn {
                        try encoder.setOption("gifflags", wanted ? "offsetting+transdiff" : "offsetting")
                        transparencyOn = wanted
                    }
                }
                try fill(from: plane, pts: Int64(starts[frame]))
                try encoder.encode(picture.frame, into: muxer)
            }
        } catch {
            encodeError = error
        }
    }

    /// Copies an index plane and the shared palette into the reused PAL8 picture.
    private func fill(from plane: PixelBuffer, pts: Int64) throws(EncodeError) {
        try picture.makeWritable(pts: pts)
        let frame = picture.frame.pointee
        let stride = Int(frame.linesize.0)
        let source = plane.bytes.baseAddress!
        for y in 0..<height {
            (frame.data.0! + y * stride).update(from: source.assumingMemoryBound(to: UInt8.self) + y * width,
                                                count: width)
        }
        paletteWords.withUnsafeBytes { words in
            UnsafeMutableRawPointer(frame.data.1!).copyMemory(from: words.baseAddress!, byteCount: words.count)
        }
    }
}
