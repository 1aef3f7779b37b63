import Foundation
import PageReelDeck
import PageReelMedia
import PageReelRaster

/// Renders frames without encoding and times them (`pagereel bench`).
public struct RenderBenchmark {
    /// Frames rendered, the wall time they took, and their rate.
    public struct Result: Sendable, Codable {
        public var frames: Int
        public var seconds: Double
        public var fps: Double
    }

    /// The checked deck to render.
    public let project: Project
    /// The frames to render (0-based, inclusive); nil = all.
    public var frames: ClosedRange<Int>?
    /// Overrides the deck's transition.
    public var transition: TransitionSpec?

    /// A benchmark of `project`'s frames.
    public init(project: Project, frames: ClosedRange<Int>? = nil) {
        self.project = project
        self.frames = frames
    }

    /// Renders every frame of the range once, into one reused pixmap, and measures the wall time.
    public func run(cancellation: Cancellation? = nil) throws(PageReelError) -> Result {
        let source = FrameSource(project: project, transition: transition, fps: project.deck.canvas.fps)
        let range: Range<Int>
        if let frames {
            guard frames.lowerBound >= 0, frames.upperBound < source.frameCount else {
                throw .usage("--frames: \(frames.lowerBound)-\(frames.upperBound) is outside the video's frames 0-\(source.frameCount - 1)")
            }
            range = frames.lowerBound..<(frames.upperBound + 1)
        } else {
            range = 0..<source.frameCount
        }
        var pixmap = Pixmap(width: source.width, height: source.height)
        let start = DispatchTime.now().uptimeNanoseconds
        var lifetimes = PageLifetimes(source: source, frames: range)
        for frame in range {
            if let signal = cancellation?.signal { throw .interrupted(signal: signal) }
            lifetimes.willRender(frame: frame)
            try source.render(source.scene(frame: frame), into: &pixmap)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Result(frames: range.count, seconds: seconds, fps: Double(range.count) / max(seconds, 1e-9))
    }
}
