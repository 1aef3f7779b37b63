import Foundation
import PageReelDeck
import PageReelEncode
import PageReelRaster

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
        self.options = options
        let canvas = project.deck.canvas
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
        var seen = Set<String>()
        for output in options.outputs where !seen.insert((output.path as NSString).standardizingPath).inserted {
            throw .usage("-o \(output.path) is given twice")
        }
        if let bitrate = options.audioBitrate, !AudioOptions.bitrates.contains(bitrate) {
            throw .usage("--audio-bitrate: \(bitrate / 1000)k is outside \(AudioOptions.bitrates.lowerBound / 1000)k…"
                + "\(AudioOptions.bitrates.upperBound / 1000)k")
        }
        let hasSoundOutput = options.outputs.contains { $0.format == .mp4 || $0.format == .webm }
        sound = options.audio && hasSoundOutput ? try SoundPlan.make(project: project, fps: fps) : nil
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
        let start = Date()
        let files = try options.outputs.map { output throws(PageReelError) in try OutputFile(output) }
        do throws(PageReelError) {
            let groups = try makeGroups(files, cancellation: cancellation)
            let total = groups.reduce(0) { $0 + $1.frames.count }
            var done = 0
            for group in groups {
                try group.run(cancellation: cancellation) { () in
                    done += 1
                    progress?(Progress(done: done, total: total, elapsed: Date().timeIntervalSince(start)))
                }
            }
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            try OutputCommit().commit(files)
        } catch {
            files.forEach { $0.discard() }
            throw error
        }
        var summary = Summary(outputs: files.map(\.output.path), frames: frames.count,
                              seconds: Double(frames.count) / Double(fps), elapsed: Date().timeIntervalSince(start))
        if options.checksums { summary.sha256 = try Self.checksums(of: files.map(\.output)) }
        return summary
    }

    /// Outputs grouped by the render they need: the video's, and a second one for a GIF at its
    /// own rate or width.
    private func makeGroups(_ files: [OutputFile], cancellation: Cancellation?) throws(PageReelError) -> [RenderGroup] {
        let main = FrameSource(project: project, transition: options.transition, fps: fps, scale: scale)
        var mainSinks: [OutputSink] = []
        var gifFiles: [OutputFile] = []
        let gifScale = options.gifWidth.map { Double($0) / Double(project.deck.canvas.width) }
        let separateGIF = gifFPS != fps || (gifScale != nil && gifScale != scale)
        for file in files {
            if file.output.format == .gif && separateGIF {
                gifFiles.append(file)
            } else {
                mainSinks.append(OutputSink(file, sink: try makeSink(file, width: main.width, height: main.height, fps: fps,
                                                                     cancellation: cancellation)))
            }
        }
        var groups: [RenderGroup] = []
        if !mainSinks.isEmpty { groups.append(RenderGroup(source: main, frames: frames, sinks: mainSinks)) }
        if !gifFiles.isEmpty {
            let source = FrameSource(project: project, transition: options.transition, fps: gifFPS,
                                     scale: gifScale ?? scale)
            // The same stretch of time as the video's frames.
            let first = Int((Double(frames.lowerBound) * Double(gifFPS) / Double(fps)).rounded(.up))
            let end = min(source.frameCount, Int((Double(frames.upperBound) * Double(gifFPS) / Double(fps)).rounded(.up)))
            var sinks: [OutputSink] = []
            for file in gifFiles {
                sinks.append(OutputSink(file, sink: try makeSink(file, width: source.width, height: source.height, fps: gifFPS,
                                                             cancellation: cancellation)))
            }
            groups.append(RenderGroup(source: source, frames: first..<max(first + 1, end), sinks: sinks))
        }
        return groups
    }

    /// A new encoder for `file`, the caller's alone (`sending`), so it can move to another thread.
    private func makeSink(_ file: OutputFile, width: Int, height: Int, fps: Int,
                          cancellation: Cancellation?) throws(PageReelError) -> sending FrameSink {
        let video = try videoOptions(for: file.output.format, width: width, height: height, fps: fps)
        do throws(EncodeError) {
            switch file.output.format {
            case .mp4, .webm:
                // Each writer mixes for itself, from the shard's first sample, on its own thread.
                guard let sound else { return try VideoWriter(path: file.temporaryPath, options: video) }
                let first = AudioClock.sample(ofFrame: frames.lowerBound, fps: fps)
                let samples = AudioClock.sample(ofFrame: frames.upperBound, fps: fps) - first
                return try VideoWriter(path: file.temporaryPath, options: video,
                                       audio: (SoundMix(plan: sound, start: first + video.audio.start), samples))
            case .gif:
                return try makeGIFWriter(path: file.temporaryPath, width: width, height: height, fps: fps,
                                         cancellation: cancellation)
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
        case .cannotCreate: return .cannotCreateOutput(path: output.path, message: message)
        case .diskFull: return .writeFailed(path: output.path, message: "no space left on device")
        case .writeFailed: return .writeFailed(path: output.path, message: message)
        case .invalidOption: return .usage("\(output.path): \(message)")
        // The sound's inputs (a file that stopped decoding midway).
        case .badInput(let path, let message): return .inputInvalid(path: path, message: message)
        default: return .encode(error)
        }
    }
}
