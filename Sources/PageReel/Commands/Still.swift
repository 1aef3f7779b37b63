import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
import PageReelRaster
import PageReelScene

/// One frame of a project as a PNG (`pagereel still`).
public struct Still {
    /// Which instant: a time in seconds or a frame number at the (possibly overridden) rate.
    public enum Instant: Sendable {
        case time(Double)
        case frame(Int)
    }

    public var instant: Instant
    /// Overrides the deck's transition.
    public var transition: TransitionSpec?
    /// Overrides the deck's frame rate (for `.frame`).
    public var fps: Int?
    /// Output size in pixels, with the canvas's aspect ratio; nil = the canvas size.
    public var size: (width: Int, height: Int)?

    /// A still of `instant`, with optional overrides.
    public init(instant: Instant, transition: TransitionSpec? = nil, fps: Int? = nil,
                size: (width: Int, height: Int)? = nil) {
        self.instant = instant
        self.transition = transition
        self.fps = fps
        self.size = size
    }

    /// Renders the frame.
    public func render(_ project: Project) throws(PageReelError) -> Pixmap {
        let fps = self.fps ?? project.deck.canvas.fps
        guard (1...120).contains(fps) else { throw .usage("--fps: \(fps) is outside 1…120") }
        let scale = try Exporter.scale(for: size, canvas: project.deck.canvas)
        let source = FrameSource(project: project, transition: transition, fps: fps, scale: scale)
        let scene: Scene
        switch instant {
        case .time(let t):
            guard t >= 0, t <= project.timeline.duration else {
                throw .usage(String(format: "--time: %g s is outside the video (0…%.3f s)", t, project.timeline.duration))
            }
            scene = source.scene(at: t)
        case .frame(let n):
            guard n >= 0, n < source.frameCount else {
                throw .usage("--frame: \(n) is outside the video's frames 0-\(source.frameCount - 1)")
            }
            scene = source.scene(frame: n)
        }
        var pixmap = Pixmap(width: source.width, height: source.height)
        try source.render(scene, into: &pixmap)
        return pixmap
    }

    /// Renders the frame and writes it to `path` atomically.
    public func write(_ project: Project, to path: String) throws(PageReelError) {
        try Still.writePNG(try render(project), to: path)
    }

    /// Writes any pixmap as a PNG at `path`, atomically.
    public static func writePNG(_ pixmap: Pixmap, to path: String) throws(PageReelError) {
        let file = try OutputFile(Output(path: path, format: .png))
        do throws(EncodeError) {
            try PNGFile.write(pixmap, to: file.temporaryPath)
        } catch {
            file.discard()
            throw Exporter.map(error, file: file)
        }
        try file.commit()
    }
}
