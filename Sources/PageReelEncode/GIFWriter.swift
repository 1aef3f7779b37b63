import CFFmpeg
import Dispatch
import PageReelRaster

/// Writes an animated GIF with one palette shared by all frames, through libimagequant and
/// FFmpeg's GIF encoder and muxer.
///
/// Frames are spilled to disk as they arrive (identical consecutive frames only once) and added
/// to one colour histogram; `finish()` then works out the timing (`GIFTiming`), quantizes the
/// histogram to the shared palette, remaps the frames in parallel and encodes them in order
/// (`GIFFrameStage`). With the same palette on every frame FFmpeg crops each frame to the
/// rectangle that changed and can make unchanged pixels transparent (`GIFDiffPlanner` decides
/// per frame), which is what keeps UI animations small.
public final class GIFWriter: FrameSink {
    public let path: String
    public let options: GIFOptions
    private let check: FFmpegCheck
    private let muxer: Muxer
    private let encoder: PacketEncoder
    private let spill: FrameSpill
    private let paletteBuilder: SharedPalette.Builder
    /// The incoming frame as opaque RGBA, and the last distinct one, to detect repeats.
    private var staging: PixelBuffer
    private var previous: PixelBuffer
    /// One entry per distinct frame: its spill slot and the frame indices it covers.
    private var runs: [(slot: Int, indices: Range<Int>)] = []
    private var isFinished = false
    /// Whether `GIFDiffPlanner` picks transparency per frame; tests compare against FFmpeg's
    /// default of always.
    var plansTransparency = true

    /// libimagequant speed: 4 is its default balance; palette building runs once per GIF.
    static let speed = 4

    /// Creates `path` (so an unwritable output fails before any rendering) and the scratch file.
    public init(path: String, options: GIFOptions) throws(EncodeError) {
        func invalid(_ name: String, _ value: String, _ message: String) -> EncodeError {
            .invalidOption(path: path, name: name, value: value, message: message)
        }
        guard (1...65535).contains(options.width), (1...65535).contains(options.height) else {
            throw invalid("size", "\(options.width)x\(options.height)", "GIF width and height must be 1…65535")
        }
        guard (1...1000).contains(options.fps) else { throw invalid("fps", "\(options.fps)", "must be 1…1000") }
        guard (-1...65535).contains(options.loop) else {
            throw invalid("loop", "\(options.loop)", "must be -1 (play once), 0 (forever) or a repeat count up to 65535")
        }
        guard (0...1).contains(options.dithering) else {
            throw invalid("dithering", "\(options.dithering)", "must be 0…1")
        }
        self.path = path
        self.options = options
        check = FFmpegCheck(path: path)
        muxer = try Muxer(format: "gif", path: path)
        encoder = try PacketEncoder(name: "gif", fallbackDuration: 0, check: check)
        let context = encoder.context
        context.pointee.width = Int32(options.width)
        context.pointee.height = Int32(options.height)
        context.pointee.pix_fmt = AV_PIX_FMT_PAL8
        context.pointee.time_base = AVRational(num: 1, den: 100)
        try encoder.open(options: [])
        try muxer.addStream(for: encoder)
        let size = options.width * options.height * 4
        spill = try FrameSpill(directory: Self.directory(of: path), slotSize: size, outputPath: path)
        paletteBuilder = try SharedPalette.Builder(width: options.width, height: options.height,
                                                   speed: Self.speed, path: path)
        staging = PixelBuffer(count: size)
        previous = PixelBuffer(count: size)
    }

    public func write(_ frame: Pixmap, index: Int) throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        guard frame.width == options.width, frame.height == options.height else {
            throw .frameSize(path: path, index: index, width: frame.width, height: frame.height,
                             expectedWidth: options.width, expectedHeight: options.height)
        }
        if let last = runs.last, index < last.indices.upperBound {
            throw .frameOrder(path: path, index: index, previous: last.indices.upperBound - 1)
        }
        copyOpaque(frame, into: staging)
        if let last = runs.last, staging.hasSameBytes(as: previous, count: spill.slotSize) {
            runs[runs.count - 1].indices = last.indices.lowerBound..<index + 1
            return
        }
        let slot = try spill.append(UnsafeRawBufferPointer(staging.bytes))
        // Counted even if the 2 cs rule later drops the frame: its colours are on screen in the
        // source, and the histogram cannot take them back.
        try paletteBuilder.add(staging)
        if let last = runs.last { runs[runs.count - 1].indices = last.indices.lowerBound..<index }
        runs.append((slot, index..<index + 1))
        swap(&staging, &previous)
    }

    public func finish() throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        isFinished = true
        guard !runs.isEmpty else { throw .noFrames(path: path) }
        let frames = GIFTiming.frames(runs: runs.map(\.indices), fps: options.fps)
        let slots = frames.map { runs[$0.run].slot }
        let palette = try paletteBuilder.quantize()
        // The 5.1 muxer repeats the previous delay for the last frame unless told otherwise.
        try muxer.writeHeader(options: [("loop", String(options.loop)),
                                        ("final_delay", String(frames[frames.count - 1].delay))])
        let stage = try GIFFrameStage(palette: palette, width: options.width, height: options.height,
                                      speed: Self.speed, dithering: options.dithering,
                                      planTransparency: plansTransparency, encoder: encoder, muxer: muxer,
                                      check: check)
        try stage.run(slots: slots, starts: frames.map(\.start), spill: spill)
        try encoder.encode(nil, into: muxer)
        try muxer.finish()
    }

    /// Frames are premultiplied over an opaque canvas, so RGB is already the colour over black;
    /// alpha is forced to 255 so libimagequant never spends palette entries on transparency.
    /// (Alpha is the high byte of each little-endian 32-bit pixel.)
    private func copyOpaque(_ frame: Pixmap, into buffer: PixelBuffer) {
        let words = buffer.words
        frame.pixels.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            for i in source.indices { words[i] = source[i] | 0xFF00_0000 }
        }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
