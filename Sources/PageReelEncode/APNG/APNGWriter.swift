import PageReelMedia

/// Writes a lossless animated PNG in which identical frames are merged and every frame stores
/// only the rectangle it changes.
///
/// The file is made while frames arrive. Identical consecutive frames are kept once, shown for
/// the whole run, in whole milliseconds as a browser keeps them: frame k starts at
/// round(1000·k/fps) (`Milliseconds`), so the delays add up to the video's length in every
/// browser. Each distinct frame goes to `APNGFrameStage` at
/// once, which on every core crops it to the pixels that differ from the frame before, encodes
/// that rectangle a few ways (exactly or with its unchanged pixels transparent, rows unfiltered
/// or filtered: `APNGFrameEncoder`), keeps the smallest, and writes the frames in order as their
/// durations become known.
///
/// So nothing is kept for later and memory stays flat however long the video is: the last
/// distinct frame and a few frames in flight. `finish()` only waits for those, and `backlog` tells
/// how many of the frames written are not in the file yet.
public final class APNGWriter: FrameSink {
    public let path: String
    public let options: APNGOptions
    /// Bytes of the finished file (for a size budget), after `finish()`; 0 before.
    public private(set) var byteCount = 0
    private let stage: APNGFrameStage
    /// The last distinct frame (opaque RGBA words), its APNG frame number and the first and last
    /// frame index it covers so far.
    private var latest: (pixels: [UInt32], number: Int, first: Int, last: Int)?
    /// The first frame's index: time zero of the delays.
    private var origin: Int?
    private var submitted = 0
    private var written = 0
    private var isFinished = false

    /// libdeflate's compression level: 9, the knee of size against time.
    ///
    /// Measured on the distinct frames of four 30 fps animations made of pagereel's sample
    /// screenshots (a phone swiping between tabs on a 1280×720 backdrop, a 590×1278 full-screen
    /// swipe, 450×700 illustrations, a 590×1278 screen with a blinking caret and a moving badge;
    /// 37–73 distinct frames each), on one core. Against 9: level 6 is 3–9% larger in a third to
    /// two thirds of the time; 10 takes 3–4× as long for −0.8…+1.0%; 11 saves 2.5–3% for 7–11×
    /// the time, 12 4–8% for 16–27×. At 9 a distinct phone frame (a 324×540 rectangle) takes
    /// about 25 ms and a full-screen 590×1278 one about 95 ms of one core.
    static let level = 9

    /// Creates `path` (so an unwritable output fails before any rendering). The writer's
    /// background work polls `shouldStop` (also while `write` or `finish` wait for it) and ends
    /// with `EncodeError.stopped` once it returns true.
    public init(path: String, options: APNGOptions,
                shouldStop: @escaping @Sendable () -> Bool = { false }) throws(EncodeError) {
        func invalid(_ name: String, _ value: String, _ message: String) -> EncodeError {
            .invalidOption(path: path, name: name, value: value, message: message)
        }
        guard (1...65535).contains(options.width), (1...65535).contains(options.height) else {
            throw invalid("size", "\(options.width)x\(options.height)", "APNG width and height must be 1…65535")
        }
        guard (1...1000).contains(options.fps) else { throw invalid("fps", "\(options.fps)", "must be 1…1000") }
        guard (-1...Int(UInt32.max) - 1).contains(options.loop) else {
            throw invalid("loop", "\(options.loop)", "must be -1 (play once), 0 (forever) or a repeat count")
        }
        self.path = path
        self.options = options
        let file = try APNGChunkWriter(path: path)
        try file.writeHeader(width: options.width, height: options.height, plays: options.plays)
        stage = APNGFrameStage(width: options.width, height: options.height, level: Self.level,
                               file: file, stop: EncodeStop(path: path, requested: shouldStop))
    }

    /// Stops the background work of a writer dropped before `finish` (a failed export) and ends
    /// its threads.
    deinit {
        stage.stop.stop()
        stage.close()
    }

    public var backlog: Int { stage.backlog(total: written) }

    public func write(_ frame: Pixmap, index: Int) throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        guard frame.width == options.width, frame.height == options.height else {
            throw .frameSize(path: path, index: index, width: frame.width, height: frame.height,
                             expectedWidth: options.width, expectedHeight: options.height)
        }
        if let latest, index <= latest.last { throw .frameOrder(path: path, index: index, previous: latest.last) }
        written += 1
        if let last = latest, frame.hasSameOpaquePixels(as: last.pixels) {
            latest?.last = index
            return
        }
        let pixels = frame.opaqueWords()
        if let last = latest {
            // A gap in the indices continues the run before it.
            try stage.end(last.number, milliseconds: duration(of: last.first..<index), covers: written - 1)
        }
        try stage.submit(.init(number: submitted, pixels: pixels, previous: latest?.pixels))
        latest = (pixels, submitted, index, index)
        origin = origin ?? index
        submitted += 1
    }

    /// How long the frames `run` last, in whole ms counted from the first frame written.
    private func duration(of run: Range<Int>) -> Int {
        Milliseconds.duration(of: run, from: origin ?? run.lowerBound, fps: options.fps)
    }

    public func finish() throws(EncodeError) { try finish(progress: { _ in }) }

    public func finish(progress: (Int) -> Void) throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        isFinished = true
        guard let last = latest.take() else { throw .noFrames(path: path) }
        try stage.end(last.number, milliseconds: duration(of: last.first..<(last.last + 1)), covers: written)
        byteCount = try stage.finish(total: written, progress: progress)
    }
}
