import PageReelRaster

/// Writes an animated GIF in which every frame has its own palette and draws only what changed.
///
/// Frames are spilled to disk as they arrive (identical consecutive frames only once), so memory
/// stays flat however long the video is. `finish()` works out the timing (`GIFTiming`), then
/// quantizes every frame's changed pixels to a palette of their own on all cores and composes the
/// frames in order over what is already on screen (`GIFFrameStage`): unchanged pixels are
/// transparent and each image is cropped to what it draws. Per-frame palettes spend every colour
/// where the frame is new, which is sharper than one palette for the whole GIF, and transparency
/// keeps the file smaller than a shared palette without it.
public final class GIFWriter: FrameSink {
    public let path: String
    public let options: GIFOptions
    private let writer: GIFBlockWriter
    private let spill: FrameSpill
    /// The incoming frame as opaque RGBA, and the last distinct one, to detect repeats.
    private var staging: PixelBuffer
    private var previous: PixelBuffer
    /// One entry per distinct frame: its spill slot and the frame indices it covers.
    private var runs: [(slot: Int, indices: Range<Int>)] = []
    private var isFinished = false

    /// libimagequant speed: its default balance. 10 is 40% faster here for 0.1 dB less.
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
        guard (0...64).contains(options.compressionTolerance) else {
            throw invalid("compressionTolerance", "\(options.compressionTolerance)", "must be 0…64")
        }
        self.path = path
        self.options = options
        writer = try GIFBlockWriter(path: path)
        let size = options.width * options.height * 4
        spill = try FrameSpill(directory: Self.directory(of: path), slotSize: size, outputPath: path)
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
        let slot = runs.count   // one slot per distinct frame
        try spill.write(UnsafeRawBufferPointer(staging.bytes), slot: slot)
        if let last = runs.last { runs[runs.count - 1].indices = last.indices.lowerBound..<index }
        runs.append((slot, index..<index + 1))
        swap(&staging, &previous)
    }

    public func finish() throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        isFinished = true
        guard !runs.isEmpty else { throw .noFrames(path: path) }
        let frames = GIFTiming.frames(runs: runs.map(\.indices), fps: options.fps)
        try writer.writeHeader(width: options.width, height: options.height, loop: options.loop)
        let tolerance = Int((options.compressionTolerance * options.compressionTolerance).rounded())
        let composer = GIFFrameComposer(width: options.width, height: options.height, tolerance: tolerance,
                                        writer: writer)
        let stage = GIFFrameStage(width: options.width, height: options.height, speed: Self.speed,
                                  dithering: options.dithering, composer: composer, path: path)
        try stage.run(slots: frames.map { runs[$0.run].slot }, delays: frames.map(\.delay), spill: spill)
        try composer.finish()
        try writer.finish()
    }

    /// Frames are premultiplied over an opaque canvas, so RGB is already the colour over black;
    /// alpha is forced to 255 so palettes stay opaque and no pixel word is 0 (the colour
    /// histogram's empty key). Alpha is the high byte of each little-endian 32-bit pixel.
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
