import PageReelMedia

/// Writes an animated GIF in which every frame has its own palette and draws only what changed.
///
/// The GIF is made while frames arrive. Identical consecutive frames are kept once; when the next
/// distinct frame arrives, the previous one's duration is known (`GIFTiming.Schedule`), and unless
/// it is too short to show it goes to `GIFFrameStage`, which quantizes its changed pixels to a
/// palette of their own on all cores and composes the frames in order over what is already on
/// screen: unchanged pixels are transparent and each image is cropped to what it draws. Per-frame
/// palettes spend every colour where the frame is new, which is sharper than one palette for the
/// whole GIF, and transparency keeps the file smaller than a shared palette without it.
///
/// So nothing is kept for later and memory stays flat however long the video is: the last
/// distinct frame, the last one handed over, and a few frames in flight. `finish()` only waits
/// for those, and `backlog` tells how many of the frames written are not in the file yet.
public final class GIFWriter: FrameSink {
    public let path: String
    public let options: GIFOptions
    private let stage: GIFFrameStage
    private var schedule: GIFTiming.Schedule
    private var runs: FrameRuns
    /// The last frame handed over: the next one is diffed against it.
    private var shown: [UInt32]?
    private var submitted = 0
    private var isFinished = false

    /// libimagequant speed: its default balance. 10 is 40% faster here for 0.1 dB less.
    static let speed = 4

    /// Creates `path` (so an unwritable output fails before any rendering). The writer's
    /// background work polls `shouldStop` (also while `write` or `finish` wait for it) and ends
    /// with `EncodeError.stopped` once it returns true.
    public init(path: String, options: GIFOptions,
                shouldStop: @escaping @Sendable () -> Bool = { false }) throws(EncodeError) {
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
        guard GIFOptions.qualities.contains(options.quality) else {
            throw invalid("quality", "\(options.quality)", "must be 1…100")
        }
        self.path = path
        self.options = options
        runs = FrameRuns(path: path, width: options.width, height: options.height)
        schedule = GIFTiming.Schedule(fps: options.fps)
        let file = try GIFBlockWriter(path: path)
        try file.writeHeader(width: options.width, height: options.height, loop: options.loop)
        let tolerance = Int((options.compressionTolerance * options.compressionTolerance).rounded())
        let stop = EncodeStop(path: path, requested: shouldStop)
        let composer = GIFFrameComposer(width: options.width, height: options.height, tolerance: tolerance,
                                        writer: file, stop: stop)
        stage = GIFFrameStage(width: options.width, height: options.height, speed: Self.speed,
                              dithering: options.dithering, maxColors: options.maxColors, composer: composer, stop: stop)
    }

    /// Stops the background work of a writer dropped before `finish` (a failed export) and ends
    /// its threads.
    deinit {
        stage.stop.stop()
        stage.close()
    }

    public var backlog: Int { stage.backlog(total: runs.written) }

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
        try stage.finish(end: schedule.end, total: runs.written, progress: progress)
    }

    /// Ends the run of `pixels`: it becomes the next GIF frame unless it is too short to show.
    private func hand(_ pixels: [UInt32], run: Range<Int>, written: Int) throws(EncodeError) {
        guard let start = schedule.add(run) else { return }
        try stage.submit(.init(number: submitted, pixels: pixels, previous: shown, start: start, covers: written))
        submitted += 1
        shown = pixels
    }
}
