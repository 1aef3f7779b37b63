import Foundation
import PageReelDeck
import PageReelMedia
import PageReelRaster
import PageReelScene
import PageReelTimeline

/// Frames of a project at one frame rate and output scale: frame n is the scene at t = n/fps,
/// rendered. Deterministic: the same frame number always gives the same pixels.
final class FrameSource: Sendable {
    let project: Project
    let fps: Int
    let scale: Double
    let width: Int
    let height: Int
    /// Frames in the whole video at this rate.
    let frameCount: Int
    private let builder: SceneBuilder
    private let renderer: FrameRenderer

    init(project: Project, transition: TransitionSpec? = nil, fps: Int, scale: Double = 1, pages: PageRenderer? = nil) {
        self.project = project
        self.fps = fps
        self.scale = scale
        builder = SceneBuilder(deck: project.deck, transition: transition, scale: scale)
        width = builder.width
        height = builder.height
        frameCount = project.timeline.frameCount(fps: fps)
        renderer = FrameRenderer(deck: project.deck, inputs: project.inputs, pages: pages)
    }

    /// The instant of frame `n`.
    public func time(ofFrame n: Int) -> Double { Double(n) / Double(fps) }

    /// The scene of frame `n`.
    public func scene(frame n: Int) -> Scene {
        builder.scene(for: project.timeline.state(at: time(ofFrame: n)))
    }

    /// The scene at an instant.
    public func scene(at time: Double) -> Scene {
        builder.scene(for: project.timeline.state(at: time))
    }

    /// Renders a scene into `pixmap`.
    public func render(_ scene: Scene, into pixmap: inout Pixmap) throws(PageReelError) {
        do {
            try renderer.render(scene, into: &pixmap)
        } catch {
            throw .render(error)
        }
    }

    /// Says which pages the coming frames draw (`FrameRenderer.expect(pages:)`).
    func expect(pages: some Sequence<Int>) {
        renderer.expect(pages: pages)
    }

    /// Lets go of pages no coming frame draws (`FrameRenderer.release(pages:)`).
    func release(pages: some Sequence<Int>) {
        renderer.release(pages: pages)
    }

    /// Number of rendered pages currently cached.
    public var cachedPageCount: Int { renderer.cachedPageCount }

    /// Number of decoded images currently cached.
    var cachedImageCount: Int { renderer.pages.cachedImageCount }
}
