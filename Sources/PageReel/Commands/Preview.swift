import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
import PageReelRaster
import PageReelTimeline
import Synchronization

/// A project's frames rendered on demand at any width, for the studio: each frame is rendered by
/// the export's renderer, so the PNG of frame n at width w is the bytes of
/// `pagereel still DECK --frame n --size wxh` with the same options. Decoded pages and images stay
/// cached between frames (per width, for the last few widths asked for); any number of threads
/// may render at once.
public final class Preview: Sendable {
    /// An image format a frame is sent as.
    public typealias Format = StillImage.Format

    /// One step of the script: its index, its kind (`drag`, `swipe`, …) and when it begins.
    public struct Step: Sendable, Equatable {
        public let index: Int
        public let kind: String
        public let time: Double
        /// The first frame at or after `time`.
        public let frame: Int
    }

    /// A page event of the timeline (`pageChanged`, `didAppear`, …) at a frame.
    public struct Event: Sendable, Equatable {
        public let frame: Int
        public let time: Double
        public let page: Int
        public let event: String
    }

    public let project: Project
    /// The frame rate frames are numbered at.
    public let fps: Int
    public let frameCount: Int
    private let transition: TransitionSpec?
    /// Renderers by output width, the most recently used last.
    private let sources = Mutex<[FrameSource]>([])
    /// How many widths keep a renderer (and its rendered pages).
    private static let widthsKept = 2
    /// The decoded images and set text, shared by the renderers of every width.
    private let pages: PageRenderer

    /// Frames of `project` with an optional transition and frame rate instead of the deck's.
    public init(project: Project, transition: TransitionSpec? = nil, fps: Int? = nil) throws(PageReelError) {
        let fps = fps ?? project.fps
        guard (1...120).contains(fps) else { throw .usage("--fps: \(fps) is outside 1…120") }
        self.project = project
        self.fps = fps
        self.transition = transition
        frameCount = project.timeline.frameCount(fps: fps)
        pages = FrameRenderer.pageRenderer(deck: project.deck, inputs: project.inputs)
    }

    /// Decodes the pages' images in page order, as far as `budget` bytes of pixels go, so that the
    /// first frames asked for need not wait for their decoding. Errors are left for the render that
    /// needs the image to report.
    public func warmUp(budget: Int = 32 << 20) {
        var decoded = 0
        let list = project.deck.pages
        for index in 0..<min(list.count, 64) {
            guard let path = list.page(at: index).image else { continue }
            guard decoded < budget, let texture = try? pages.image(path) else { break }
            decoded += texture.texels.count * 4
        }
    }

    /// Seconds the video lasts.
    public var duration: Double { project.timeline.duration }

    /// The frame size at `width` pixels wide: the canvas's aspect, as `--size` takes it.
    public func size(width: Int) throws(PageReelError) -> (width: Int, height: Int) {
        let canvas = project.deck.canvas
        let height = Int((Double(canvas.height) * Double(width) / Double(canvas.width)).rounded())
        _ = try Exporter.scale(for: (width, height), canvas: canvas)
        return (width, height)
    }

    /// Frame `n` rendered at `width` pixels wide.
    public func render(frame n: Int, width: Int) throws(PageReelError) -> Pixmap {
        guard n >= 0, n < frameCount else {
            throw .usage("frame \(n) is outside the video's frames 0-\(frameCount - 1)")
        }
        let source = try source(width: width)
        var pixmap = Pixmap(width: source.width, height: source.height)
        try source.render(source.scene(frame: n), into: &pixmap)
        return pixmap
    }

    /// Frame `n` at `width` as the bytes of a `format` file.
    public func image(frame n: Int, width: Int, format: Format) throws(PageReelError) -> [UInt8] {
        let pixmap = try render(frame: n, width: width)
        do throws(EncodeError) {
            return try StillImage.encode(pixmap, as: format, name: "frame \(n).\(format.rawValue)")
        } catch {
            throw .encode(error)
        }
    }

    /// The renderer for `width`, made on first use; the least recently used one beyond
    /// `widthsKept` is let go (with its decoded pages).
    private func source(width: Int) throws(PageReelError) -> FrameSource {
        let size = try size(width: width)
        return sources.withLock { sources in
            if let index = sources.firstIndex(where: { $0.width == size.width }) {
                let source = sources.remove(at: index)
                sources.append(source)
                return source
            }
            let scale = Double(size.width) / Double(project.deck.canvas.width)
            let source = FrameSource(project: project, transition: transition, fps: fps, scale: scale, pages: pages)
            sources.append(source)
            if sources.count > Preview.widthsKept { sources.removeFirst() }
            return source
        }
    }

    /// The script's steps, in order, with the frame each begins at.
    public var steps: [Step] {
        zip(project.deck.script, project.timeline.stepStarts).enumerated().map { index, pair in
            let frame = min(frameCount - 1, Int((pair.1 * Double(fps) - 1e-9).rounded(.up)))
            return Step(index: index, kind: Preview.kind(of: pair.0.action), time: pair.1, frame: frame)
        }
    }

    /// The timeline's page events at this frame rate.
    public var events: [Event] {
        project.timeline.events(fps: fps).map { Event(frame: $0.frame, time: $0.time, page: $0.page, event: $0.event.rawValue) }
    }

    /// Every file `project`'s deck names, as absolute paths (fonts in a font folder each), for
    /// watching.
    public static func files(of project: Project) -> [String] {
        RenderFingerprint.files(of: project.deck, inputs: project.inputs).map(project.inputs.absolute)
    }

    /// The deck's key for a step's action.
    static func kind(of action: PageReelDeck.Step.Action) -> String {
        switch action {
        case .wait: "wait"
        case .drag: "drag"
        case .swipe: "swipe"
        case .fling: "fling"
        case .jump: "jump"
        case .tap: "tap"
        case .hint: "hint"
        case .transition: "transition"
        case .pose: "pose"
        case .camera: "camera"
        }
    }
}
