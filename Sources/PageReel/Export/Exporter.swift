import Dispatch
import Foundation
import PageReelDeck
import PageReelEncode
import PageReelRaster
import Synchronization

/// Renders a project once and feeds every requested output, atomically.
public final class Exporter {
    /// The checked deck being exported.
    public let project: Project
    /// The options, with the default output filled in when none was given.
    public let options: ExportOptions
    /// The video's frame rate.
    public let fps: Int
    /// Output pixels per deck point (`ExportOptions.size` over the canvas).
    public let scale: Double
    /// The video's size in pixels.
    public let width: Int
    public let height: Int
    /// Frames of the whole video at `fps`.
    public let frameCount: Int
    /// The frames this export renders (all of them, or a shard's).
    public let frames: Range<Int>
    /// What the video's sound is made of; nil when there is none to hear, `--no-audio` was given
    /// or no output has sound.
    let sound: SoundPlan?

    /// Progress after each frame reaches the outputs.
    public struct Progress: Sendable {
        /// Frames through so far, of `total` (every render of the export together).
        public var done: Int
        public var total: Int
        /// Seconds since the export started.
        public var elapsed: Double
    }

    /// What an export wrote.
    public struct Summary: Sendable, Codable {
        /// The output paths, as given.
        public var outputs: [String]
        /// Frames rendered.
        public var frames: Int
        /// Video length of the rendered frames, in seconds.
        public var seconds: Double
        /// Wall time of the export.
        public var elapsed: Double
        /// The locale exported (the deck's `locales`), nil when the deck has none.
        public var locale: String?
        /// For each output fitted into `--max-size` (by path): the budget, its size and the
        /// encoding chosen (GIF, WebP, APNG), or the bitrate cap that held it (MP4, WebM).
        public var budgets: [String: BudgetFit]?
        /// Each output's SHA-256 (64 hex digits), by path, when `ExportOptions.checksums` asked for it;
        /// a frames folder's is the SHA-256 of its `name digest` lines, sorted by name. Outputs are
        /// byte-identical for the same deck, options and library versions, so a CI job can skip an
        /// unchanged artifact.
        public var sha256: [String: String]?
    }

    /// Checks the options against the project (sizes, rates, frame range, outputs).
    public init(project: Project, options: ExportOptions) throws(PageReelError) {
        self.project = project
        var options = options
        if options.outputs.isEmpty {
            let stem = (project.file as NSString).deletingPathExtension
            options.outputs = [Output(path: stem + ".mp4", format: .mp4)]
        }
        let canvas = project.deck.canvas
        if let target = options.target { try Exporter.settle(&options, for: target, project: project) }
        self.options = options
        fps = options.fps ?? canvas.fps
        guard (1...120).contains(fps) else { throw .usage("--fps: \(fps) is outside 1…120") }
        scale = try Exporter.scale(for: options.size, canvas: canvas)
        width = Int((Double(canvas.width) * scale).rounded())
        height = Int((Double(canvas.height) * scale).rounded())
        frameCount = project.timeline.frameCount(fps: fps)
        if let range = options.frames {
            guard range.lowerBound >= 0, range.upperBound < frameCount else {
                throw .usage("--frames: \(range.lowerBound)-\(range.upperBound) is outside the video's frames 0-\(frameCount - 1)")
            }
            frames = range.lowerBound..<(range.upperBound + 1)
        } else {
            frames = 0..<frameCount
        }
        if let gifFPS = options.gifFPS, !(1...50).contains(gifFPS) {
            throw .usage("--gif-fps: \(gifFPS) is outside 1…50")
        }
        if let gifWidth = options.gifWidth, !(16...canvas.width * 4).contains(gifWidth) {
            throw .usage("--gif-width: \(gifWidth) is outside 16…\(canvas.width * 4)")
        }
        if !ExportOptions.gifQualities.contains(options.gifQuality) {
            throw .usage("--gif-quality: \(options.gifQuality) is outside 1…100")
        }
        if !WebPOptions.qualities.contains(options.webpQuality) {
            throw .usage("--webp-quality: \(options.webpQuality) is outside 1…100")
        }
        var seen = Set<String>()
        for output in options.outputs where !seen.insert((output.path as NSString).standardizingPath).inserted {
            throw .usage("-o \(output.path) is given twice")
        }
        if let bitrate = options.audioBitrate, !AudioOptions.bitrates.contains(bitrate) {
            throw .usage("--audio-bitrate: \(bitrate / 1000)k is outside \(AudioOptions.bitrates.lowerBound / 1000)k…"
                + "\(AudioOptions.bitrates.upperBound / 1000)k")
        }
        let hasSoundOutput = options.outputs.contains { $0.format == .mp4 || $0.format == .webm }
        let plan = options.audio && hasSoundOutput ? try SoundPlan.make(project: project, fps: fps) : nil
        // A store that wants a sound track gets one, silent when there is nothing to hear (or --no-audio).
        sound = plan ?? (options.target?.alwaysHasSound == true && hasSoundOutput
            ? SoundPlan.silence(project: project, fps: fps) : nil)
    }

    /// `options` as `target` decides them: its size and frame rate, its sound's bitrate; the
    /// flags that disagree with it are `.usage`, and what its store refuses in the deck `.deck`.
    static func settle(_ options: inout ExportOptions, for target: Target, project: Project) throws(PageReelError) {
        let canvas = project.deck.canvas
        let flag = "--target \(target.name)"
        if let size = options.size, size != (target.width, target.height) {
            throw .usage("--size \(size.width)x\(size.height): \(flag) makes \(target.width)x\(target.height) videos")
        }
        if let fps = options.fps, fps > target.maxFPS {
            throw .usage("--fps \(fps): \(flag) takes at most \(target.maxFPS) fps")
        }
        if let budget = options.maxSize, let bitrate = target.videoBitrate {
            throw .usage("--max-size \(budget): \(flag) holds the video at \(bitrate / 1_000_000) Mbit/s, not at a size")
        }
        if let crf = options.crf, let bitrate = target.videoBitrate {
            throw .usage("--crf \(crf): \(flag) holds the video at \(bitrate / 1_000_000) Mbit/s, not at a quality")
        }
        if let bitrate = options.audioBitrate, let fixed = target.audioBitrate, target.alwaysHasSound, bitrate != fixed {
            throw .usage("--audio-bitrate \(bitrate / 1000)k: \(flag) takes AAC at \(fixed / 1000)k")
        }
        for output in options.outputs where [.mp4, .webm].contains(output.format) && !target.formats.contains(output.format) {
            throw .usage("-o \(output.path): \(flag) takes " + target.formats.map { "." + $0.rawValue }.joined(separator: " or "))
        }
        _ = try target.scale(for: canvas)
        options.size = (target.width, target.height)
        options.fps = options.fps ?? target.fps(for: canvas.fps)
        options.audioBitrate = options.audioBitrate ?? target.audioBitrate
        let check = target.check(project, fps: options.fps)
        if !check.issues.isEmpty { throw .deck(DeckError(file: project.file, issues: project.locate(check.issues))) }
    }

    /// The uniform scale of `--size WxH`, which must keep the canvas's aspect ratio.
    static func scale(for size: (width: Int, height: Int)?, canvas: Canvas) throws(PageReelError) -> Double {
        guard let size else { return 1 }
        guard size.width >= 16, size.height >= 16, size.width <= 7680, size.height <= 4320 else {
            throw .usage("--size: \(size.width)x\(size.height) is outside 16x16…7680x4320")
        }
        let scale = Double(size.width) / Double(canvas.width)
        let expected = Double(canvas.height) * scale
        guard abs(expected - Double(size.height)) <= 1 else {
            let h = Int(expected.rounded())
            throw .usage("--size: \(size.width)x\(size.height) does not keep the canvas's aspect ratio "
                + "(\(canvas.width)x\(canvas.height)); use \(size.width)x\(h)")
        }
        return scale
    }

    /// Renders and writes everything; on any failure or cancellation removes what it wrote.
    public func run(cancellation: Cancellation? = nil, progress: ((Progress) -> Void)? = nil) throws(PageReelError) -> Summary {
        try Exporter.run([self], cancellation: cancellation, progress: progress)[0]
    }

    /// Runs `exporters` (a deck's locales), as many at a time as memory and cores make worth it
    /// (`laneCount`), and commits their outputs together at the end: on any failure or
    /// cancellation none of them is written (after a failure no further locale starts). Progress
    /// counts the frames of all of them. Each output's bytes are those of the locale exported alone.
    public static func run(_ exporters: [Exporter], cancellation: Cancellation? = nil,
                           progress: ((Progress) -> Void)? = nil) throws(PageReelError) -> [Summary] {
        let start = Date()
        var files: [[OutputFile]] = []
        var elapsed: [Double] = []
        var fits: [[String: BudgetFit]] = []
        do throws(PageReelError) {
            for exporter in exporters {
                files.append(try exporter.options.outputs.map { output throws(PageReelError) in try OutputFile(output) })
            }
            // Each locale's encoders are made when it starts and let go when it ends.
            let total = exporters.reduce(0) { $0 + $1.renderedFrames }
            let done = Mutex(0)
            let frameDone = {
                // Locales run on several threads; progress is reported one frame at a time.
                done.withLock { done in
                    done += 1
                    progress?(Progress(done: done, total: total, elapsed: Date().timeIntervalSince(start)))
                }
            }
            let outcomes = try runLanes(exporters.count, lanes: laneCount(for: exporters)) { k throws(PageReelError) in
                let begin = Date()
                let fitted = try exporters[k].export(files[k], cancellation: cancellation, frameDone: frameDone)
                return (fitted, Date().timeIntervalSince(begin))
            }
            fits = outcomes.map { $0.0 }
            elapsed = outcomes.map { $0.1 }
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            try OutputCommit().commit(Array(files.joined()))
        } catch {
            OutputFile.discard(Array(files.joined()))
            throw error
        }
        var summaries: [Summary] = []
        for (k, exporter) in exporters.enumerated() {
            var summary = Summary(outputs: files[k].map(\.output.path), frames: exporter.frames.count,
                                  seconds: Double(exporter.frames.count) / Double(exporter.fps), elapsed: elapsed[k])
            summary.locale = exporter.project.deck.locale
            if exporter.options.maxSize != nil { summary.budgets = fits[k] }
            if exporter.options.checksums { summary.sha256 = try Self.checksums(of: files[k].map(\.output)) }
            summaries.append(summary)
        }
        if exporters.count == 1 { summaries[0].elapsed = Date().timeIntervalSince(start) }
        return summaries
    }

    /// Renders and writes this export's groups into `files`: the budgets' fits by output path.
    private func export(_ files: [OutputFile], cancellation: Cancellation?,
                        frameDone: () -> Void) throws(PageReelError) -> [String: BudgetFit] {
        var fitted: [String: BudgetFit] = [:]
        for group in try makeGroups(files, cancellation: cancellation) {
            try group.run(cancellation: cancellation, frameDone: frameDone)
            for sink in group.sinks {
                if let fit = sink.fit.withLock({ $0 }) { fitted[sink.output.path] = fit }
            }
        }
        try checkVideoBudgets(files, into: &fitted)
        return fitted
    }

    /// An exporter for each of `projects` (one deck in several locales), `{locale}` in the output
    /// paths filled in with each one's locale. With more than one, every output path must hold
    /// `{locale}` (without outputs: `DECK-{locale}.mp4` beside the deck), so none is written twice.
    public static func each(_ projects: [Project], options: ExportOptions) throws(PageReelError) -> [Exporter] {
        var options = options
        let placeholder = DeckDecoder.localePlaceholder
        if projects.count > 1 {
            if options.outputs.isEmpty, let first = projects.first {
                options.outputs = [Output(path: (first.file as NSString).deletingPathExtension + "-\(placeholder).mp4",
                                          format: .mp4)]
            }
            for output in options.outputs where !output.path.contains(placeholder) {
                throw .usage("-o \(output.path): with several locales each output needs \(placeholder) in its path "
                    + "(e.g. \(Exporter.example(output.path)))")
            }
        }
        return try projects.map { project throws(PageReelError) in
            var localized = options
            for k in localized.outputs.indices where localized.outputs[k].path.contains(placeholder) {
                guard let locale = project.deck.locale else {
                    throw .usage("-o \(localized.outputs[k].path): the deck has no locales for \(placeholder)")
                }
                localized.outputs[k].path = localized.outputs[k].path.replacingOccurrences(of: placeholder, with: locale)
            }
            return try Exporter(project: project, options: localized)
        }
    }

    /// `demo.mp4` → `demo-{locale}.mp4`.
    static func example(_ path: String) -> String {
        let ext = (path as NSString).pathExtension
        let stem = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        return stem + "-" + DeckDecoder.localePlaceholder + (ext.isEmpty ? "" : "." + ext)
    }

    /// The frames rendered for every output: the video's, and the animated images' when they have
    /// their own render.
    var renderedFrames: Int {
        let main = options.outputs.contains { !(separateImages && $0.isAnimatedImage) } ? frames.count : 0
        let images = separateImages && options.outputs.contains(where: \.isAnimatedImage)
            ? gifFrames(frameCount: project.timeline.frameCount(fps: gifFPS)).count : 0
        return main + images
    }

    /// The animated images' scale when `--gif-width` gives them one.
    private var gifScale: Double? { options.gifWidth.map { Double($0) / Double(project.deck.canvas.width) } }

    /// Whether the animated images need a render of their own, at their own rate or width.
    var separateImages: Bool { gifFPS != fps || (gifScale != nil && gifScale != scale) }

    /// The GIF's frames, of `frameCount` at its rate: the same stretch of time as the video's.
    private func gifFrames(frameCount: Int) -> Range<Int> {
        let first = Int((Double(frames.lowerBound) * Double(gifFPS) / Double(fps)).rounded(.up))
        let end = min(frameCount, Int((Double(frames.upperBound) * Double(gifFPS) / Double(fps)).rounded(.up)))
        return first..<max(first + 1, end)
    }

    /// Outputs grouped by the render they need: the video's, and a second one for the animated
    /// images (GIF, WebP, APNG) at their own rate or width.
    private func makeGroups(_ files: [OutputFile], cancellation: Cancellation?) throws(PageReelError) -> [RenderGroup] {
        let main = FrameSource(project: project, transition: options.transition, fps: fps, scale: scale)
        var mainSinks: [OutputSink] = []
        var imageFiles: [OutputFile] = []
        for file in files {
            if file.output.isAnimatedImage && separateImages {
                imageFiles.append(file)
            } else {
                mainSinks.append(OutputSink(file, sink: try makeSink(file, width: main.width, height: main.height, fps: fps,
                                                                     cancellation: cancellation)))
            }
        }
        var groups: [RenderGroup] = []
        if !mainSinks.isEmpty { groups.append(RenderGroup(source: main, frames: frames, sinks: mainSinks)) }
        if !imageFiles.isEmpty {
            let source = FrameSource(project: project, transition: options.transition, fps: gifFPS,
                                     scale: gifScale ?? scale)
            var sinks: [OutputSink] = []
            for file in imageFiles {
                sinks.append(OutputSink(file, sink: try makeSink(file, width: source.width, height: source.height, fps: gifFPS,
                                                             cancellation: cancellation)))
            }
            groups.append(RenderGroup(source: source, frames: gifFrames(frameCount: source.frameCount), sinks: sinks))
        }
        return groups
    }

    /// A new encoder for `file`, the caller's alone (`sending`), so it can move to another thread.
    private func makeSink(_ file: OutputFile, width: Int, height: Int, fps: Int,
                          cancellation: Cancellation?) throws(PageReelError) -> sending FrameSink {
        let video = try videoOptions(for: file.output.format, width: width, height: height, fps: fps,
                                     path: file.output.path)
        do throws(EncodeError) {
            switch file.output.format {
            case .mp4, .webm:
                // Each writer mixes for itself, from the shard's first sample, on its own thread.
                guard let sound else { return try VideoWriter(path: file.temporaryPath, options: video) }
                let first = AudioClock.sample(ofFrame: frames.lowerBound, fps: fps)
                let samples = AudioClock.sample(ofFrame: frames.upperBound, fps: fps) - first
                return try VideoWriter(path: file.temporaryPath, options: video,
                                       audio: (SoundMix(plan: sound, start: first + video.audio.start), samples))
            case .gif, .webp, .apng:
                return try makeImageSink(file, width: width, height: height, fps: fps, cancellation: cancellation)
            case .pngFrames:
                return try PNGSequenceWriter(directory: file.temporaryPath)
            case .png:
                return PosterWriter(path: file.temporaryPath)
            }
        } catch {
            throw Exporter.map(error, file: file)
        }
    }

    /// An encoder error in terms of the user's output path.
    static func map(_ error: EncodeError, file: OutputFile) -> PageReelError {
        map(error, output: file.output, temporaryPath: file.temporaryPath)
    }

    /// An encoder error about `temporaryPath` in terms of the user's path for `output`.
    static func map(_ error: EncodeError, output: Output, temporaryPath: String) -> PageReelError {
        let message = error.description.replacingOccurrences(of: temporaryPath + ": ", with: "")
            .replacingOccurrences(of: temporaryPath, with: output.path)
        switch error {
        case .cannotCreate, .overBudget: return .cannotCreateOutput(path: output.path, message: message)
        case .diskFull: return .writeFailed(path: output.path, message: "no space left on device")
        case .writeFailed: return .writeFailed(path: output.path, message: message)
        case .invalidOption: return .usage("\(output.path): \(message)")
        // The sound's inputs (a file that stopped decoding midway).
        case .badInput(let path, let message): return .inputInvalid(path: path, message: message)
        default: return .encode(error)
        }
    }
}
