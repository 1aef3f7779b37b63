import CWebP
import PageReelMedia
import Synchronization

/// Writes an animated WebP in which each frame encodes only the rectangle that changed.
///
/// Frames arrive in order; identical consecutive frames are kept once, and when the next distinct
/// frame arrives the previous one's duration is known and it goes to `FrameWorkPool`, which
/// compresses it on a worker thread while rendering goes on. Each frame after the first is the
/// bounding rectangle of the pixels that differ from the frame before (its corner moved to even
/// coordinates, as WebP places frames at even offsets), drawn over the canvas without disposal.
///
/// Below quality 100 a rectangle is lossy VP8 at that quality (with libwebp's sharp RGB→YUV,
/// which keeps coloured text edges crisp), opaque and replacing what is under it. A rectangle of
/// few colours (`losslessCandidate`: a tab bar's selection sliding, a flat badge) is also
/// compressed as lossless VP8L, with the pixels that did not change transparent so they blend to
/// what is already shown, and the smaller of the two is kept. At 100 every rectangle is
/// lossless, and so is the animation. Measured and left out: blending unchanged 8×8 or 16×16
/// blocks into lossy frames (as libwebp's own animation encoder does) made the sample decks
/// smaller but 1.3–1.6 dB softer, worse than a lower quality of the same size.
///
/// Durations are whole milliseconds (`Milliseconds`): frame k starts at round(1000·k/fps) and lasts
/// until the next distinct frame starts, so they add up to the video's time exactly. The compressed frames are
/// pushed into a libwebpmux object in order and the file is assembled by `finish`; memory is the
/// compressed file plus a few frames in flight.
public final class WebPWriter: FrameSink {
    public let path: String
    public let options: WebPOptions
    private let pool: FrameWorkPool<Job, Frame>
    private let mux: WebPMuxBox
    private var runs: FrameRuns
    /// The last frame handed over (the next one is diffed against it) and where it started.
    private var shown: [UInt32]?
    private var origin: Int?
    private var submitted = 0
    private var isFinished = false
    /// Bytes of the finished file.
    public private(set) var byteCount = 0

    /// One frame to compress.
    struct Job: Sendable {
        var number: Int
        var pixels: [UInt32]
        var previous: [UInt32]?
        var duration: Int
        var covers: Int
    }

    /// One compressed frame, placed.
    struct Frame: Sendable {
        var data: [UInt8]
        var x: Int, y: Int
        var duration: Int
        var blends: Bool
        var covers: Int
    }

    /// Creates `path` (so an unwritable output fails before any rendering).
    public init(path: String, options: WebPOptions,
                shouldStop: @escaping @Sendable () -> Bool = { false }) throws(EncodeError) {
        func invalid(_ name: String, _ value: String, _ message: String) -> EncodeError {
            .invalidOption(path: path, name: name, value: value, message: message)
        }
        let dimensions = 1...WebPOptions.maximumDimension
        guard dimensions.contains(options.width), dimensions.contains(options.height) else {
            throw invalid("size", "\(options.width)x\(options.height)", "WebP width and height must be 1…16383")
        }
        guard (1...1000).contains(options.fps) else { throw invalid("fps", "\(options.fps)", "must be 1…1000") }
        guard (-1...65534).contains(options.loop) else {
            throw invalid("loop", "\(options.loop)", "must be -1 (play once), 0 (forever) or a repeat count up to 65534")
        }
        guard WebPOptions.qualities.contains(options.quality) else {
            throw invalid("quality", "\(options.quality)", "must be 1…100")
        }
        self.path = path
        self.options = options
        runs = FrameRuns(path: path, width: options.width, height: options.height)
        try PNGFile.write([], to: path)
        guard let box = WebPMuxBox(path: path) else {
            throw .webp(path: path, call: "WebPMuxNew", message: "out of memory")
        }
        mux = box
        let stop = EncodeStop(path: path, requested: shouldStop)
        let width = options.width, height = options.height
        let modes = Self.modes(quality: options.quality)
        pool = FrameWorkPool(stop: stop, work: { job throws(EncodeError) in
            try Self.compress(job, width: width, height: height, modes: modes, stop: stop)
        }, deliver: { frame throws(EncodeError) in
            try box.push(frame)
        })
    }

    deinit {
        pool.stop.stop()
        pool.close()
    }

    public var backlog: Int { runs.written - mux.covered }

    public func write(_ frame: Pixmap, index: Int) throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        if let ended = try runs.add(frame, index: index) { try hand(ended.pixels, run: ended.indices, written: ended.written) }
    }

    public func finish() throws(EncodeError) { try finish(progress: { _ in }) }

    public func finish(progress: (Int) -> Void) throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        isFinished = true
        let last = try runs.last()
        try hand(last.pixels, run: last.indices, written: last.written)
        try pool.finish { _ in progress(max(1, runs.written - mux.covered)) }
        byteCount = try mux.assemble(width: options.width, height: options.height, loopCount: options.loopCount)
        progress(0)
    }

    /// Ends the run of `pixels`: it becomes the next frame, lasting until the run's end.
    private func hand(_ pixels: [UInt32], run: Range<Int>, written: Int) throws(EncodeError) {
        let origin = self.origin ?? run.lowerBound
        self.origin = origin
        let duration = Milliseconds.duration(of: run, from: origin, fps: options.fps)
        try pool.submit(Job(number: submitted, pixels: pixels, previous: shown, duration: duration, covers: written))
        submitted += 1
        shown = pixels
    }

    /// The lossy mode, if any, and whether lossless is tried, at `quality`.
    static func modes(quality: Int) -> (lossy: WebPFrameEncoder.Mode?, lossless: WebPFrameEncoder.Mode) {
        let lossless = WebPFrameEncoder.Mode.lossless(effort: 50, method: 4)
        guard quality < 100 else { return (nil, lossless) }
        return (.lossy(quality: Float(quality), method: 4, sharpYUV: true), lossless)
    }

    /// Compresses `job`'s changed rectangle (all of it for the first frame).
    static func compress(_ job: Job, width: Int, height: Int,
                         modes: (lossy: WebPFrameEncoder.Mode?, lossless: WebPFrameEncoder.Mode),
                         stop: EncodeStop) throws(EncodeError) -> Frame {
        let box = job.previous.map { changedBox(job.pixels, $0, width: width, height: height) }
            ?? (0, 0, width, height)
        let (x, y, w, h) = box
        return try job.pixels.withUnsafeBufferPointer { pixels throws(EncodeError) -> Frame in
            var best: Frame?
            if let lossy = modes.lossy {
                let data = try WebPFrameEncoder.encode(pixels, origin: y * width + x, stride: width, width: w, height: h,
                                                       mode: lossy, stop: stop)
                best = Frame(data: data, x: x, y: y, duration: job.duration, blends: false, covers: job.covers)
            }
            if modes.lossy == nil || losslessCandidate(pixels, x: x, y: y, width: w, height: h, stride: width) {
                // Unchanged pixels transparent, blended over what is shown.
                var rect = [UInt32](repeating: 0, count: w * h)
                for row in 0..<h {
                    let source = (y + row) * width + x
                    for column in 0..<w {
                        let pixel = pixels[source + column]
                        if let previous = job.previous, previous[source + column] == pixel { continue }
                        rect[row * w + column] = pixel
                    }
                }
                let data = try rect.withUnsafeBufferPointer { rect throws(EncodeError) in
                    try WebPFrameEncoder.encode(rect, origin: 0, stride: w, width: w, height: h, mode: modes.lossless,
                                                stop: stop)
                }
                if best == nil || data.count < best!.data.count {
                    best = Frame(data: data, x: x, y: y, duration: job.duration, blends: job.previous != nil,
                                 covers: job.covers)
                }
            }
            return best!
        }
    }

    /// Whether a rectangle is worth trying lossless: it has at most `losslessColors` colours.
    static func losslessCandidate(_ pixels: UnsafeBufferPointer<UInt32>, x: Int, y: Int, width: Int, height: Int,
                                  stride: Int) -> Bool {
        var seen = Set<UInt32>()
        for row in y..<y + height {
            var last: UInt32?
            for i in row * stride + x..<row * stride + x + width where pixels[i] != last {
                last = pixels[i]
                seen.insert(pixels[i])
                if seen.count > losslessColors { return false }
            }
        }
        return true
    }

    /// More colours than this in a rectangle (antialiased text, a photo, a gradient) and lossless
    /// is not tried: on the sample decks at 720p no rectangle of more colours (up to 1024 tried)
    /// came out smaller lossless than lossy at the default quality, and trying costs a second
    /// encode.
    static let losslessColors = 256

    /// The bounding box (x, y, width, height) of the pixels that differ, x and y rounded down to
    /// even; a 2×2 box at the origin when none differ (cannot happen: equal frames are merged).
    static func changedBox(_ pixels: [UInt32], _ previous: [UInt32], width: Int, height: Int) -> (Int, Int, Int, Int) {
        var top = height, bottom = -1, left = width, right = -1
        pixels.withUnsafeBufferPointer { a in
            previous.withUnsafeBufferPointer { b in
                for row in 0..<height {
                    let base = row * width
                    var first = -1, last = -1
                    for column in 0..<width where a[base + column] != b[base + column] {
                        if first < 0 { first = column }
                        last = column
                    }
                    guard first >= 0 else { continue }
                    top = min(top, row)
                    bottom = row
                    left = min(left, first)
                    right = max(right, last)
                }
            }
        }
        guard bottom >= 0 else { return (0, 0, min(2, width), min(2, height)) }
        let x = left & ~1, y = top & ~1
        return (x, y, right + 1 - x, bottom + 1 - y)
    }
}

/// The libwebpmux object the compressed frames are pushed into, in order, and the file it
/// assembles.
///
/// Sendable without the compiler's check because it owns a C `WebPMux`. Safe because every call
/// into it (pushing a frame, assembling the file) runs under `lock`, and the pointer never changes
/// after `init`.
final class WebPMuxBox: @unchecked Sendable {
    private let path: String
    private let mux: OpaquePointer
    private let lock = Mutex(())
    private let coveredCount = Atomic<Int>(0)

    init?(path: String) {
        guard let mux = WebPMuxNew() else { return nil }
        self.path = path
        self.mux = mux
    }

    deinit { WebPMuxDelete(mux) }

    /// The writer's frames that the pushed frames cover.
    var covered: Int { coveredCount.load(ordering: .relaxed) }

    func push(_ frame: WebPWriter.Frame) throws(EncodeError) {
        let error = lock.withLock { _ in
            frame.data.withUnsafeBufferPointer { data in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: data.baseAddress, size: data.count)
                info.x_offset = Int32(frame.x)
                info.y_offset = Int32(frame.y)
                info.duration = Int32(frame.duration)
                info.id = WEBP_CHUNK_ANMF
                info.dispose_method = WEBP_MUX_DISPOSE_NONE
                info.blend_method = frame.blends ? WEBP_MUX_BLEND : WEBP_MUX_NO_BLEND
                return WebPMuxPushFrame(mux, &info, 1)
            }
        }
        guard error == WEBP_MUX_OK else { throw .webp(path: path, call: "WebPMuxPushFrame", message: Self.name(error)) }
        coveredCount.store(frame.covers, ordering: .relaxed)
    }

    /// Sets the canvas and the loop count, assembles the file and writes it to `path`; returns its
    /// size in bytes.
    func assemble(width: Int, height: Int, loopCount: Int) throws(EncodeError) -> Int {
        var bytes: [UInt8] = []
        let error: (call: String, WebPMuxError)? = lock.withLock { _ in
            var params = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: Int32(loopCount))
            var status = WebPMuxSetAnimationParams(mux, &params)
            guard status == WEBP_MUX_OK else { return ("WebPMuxSetAnimationParams", status) }
            status = WebPMuxSetCanvasSize(mux, Int32(width), Int32(height))
            guard status == WEBP_MUX_OK else { return ("WebPMuxSetCanvasSize", status) }
            var data = WebPData()
            status = WebPMuxAssemble(mux, &data)
            guard status == WEBP_MUX_OK else { return ("WebPMuxAssemble", status) }
            bytes = Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
            WebPDataClear(&data)
            return nil
        }
        if let (call, status) = error { throw .webp(path: path, call: call, message: Self.name(status)) }
        try PNGFile.write(bytes, to: path)
        return bytes.count
    }

    static func name(_ error: WebPMuxError) -> String {
        switch error {
        case WEBP_MUX_NOT_FOUND: "not found"
        case WEBP_MUX_INVALID_ARGUMENT: "invalid argument"
        case WEBP_MUX_BAD_DATA: "bad data"
        case WEBP_MUX_MEMORY_ERROR: "out of memory"
        case WEBP_MUX_NOT_ENOUGH_DATA: "not enough data"
        default: "WebPMuxError \(error.rawValue)"
        }
    }
}
