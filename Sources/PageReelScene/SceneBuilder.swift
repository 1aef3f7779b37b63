// PageReelScene: from a scroll position to a display list.
//
// Design note: a transition only says where each page goes, in viewport points (`PageTransition`);
// this builder moves that onto the canvas and into output pixels, orders it for the painter, adds
// shadows and the chrome (tabs, dots, the finger) and names the page textures it needs. Building a
// scene is pure and cheap, so the exporter can build one per frame on any thread.
import Foundation
import PageReelDeck
import PageReelTimeline

/// Builds the `Scene` of any timeline state for one deck, transition and output scale.
public struct SceneBuilder: Sendable {
    public let deck: Deck
    /// Output pixels per point.
    public let scale: Double
    /// Output size in pixels.
    public let width: Int
    public let height: Int
    /// Where the deck's device goes, if it has one.
    public let device: DeviceGeometry?
    private let transition: any PageTransition
    let transitionOverride: TransitionSpec?
    /// Output pixels subtracted from everything the device group draws, and the window of the
    /// frame at `scale` it is drawn for: a zoomed view's (else zero and nil).
    let origin: (x: Double, y: Double)
    let window: PixelWindow?

    /// `transition` overrides the deck's (the `--transition` flag); `scale` multiplies the canvas.
    public init(deck: Deck, transition: TransitionSpec? = nil, scale: Double = 1) {
        self.init(deck: deck, transition: transition, scale: scale, window: nil)
    }

    init(deck: Deck, transition: TransitionSpec?, scale: Double, window: PixelWindow?) {
        self.deck = deck
        self.scale = scale
        transitionOverride = transition
        self.window = window
        origin = window?.origin ?? (0, 0)
        width = Int((Double(deck.canvas.width) * scale).rounded())
        height = Int((Double(deck.canvas.height) * scale).rounded())
        self.transition = SceneBuilder.makeTransition(transition ?? deck.transition, deck: deck)
        device = deck.device.map { DeviceGeometry(device: $0, screen: deck.viewport) }
    }

    static func makeTransition(_ spec: TransitionSpec, deck: Deck) -> any PageTransition {
        // The carousel-style transitions have their own eye distance (iCarousel's −1/500) unless
        // the deck sets one.
        let eye = deck.perspective > 0 ? deck.perspective : 500
        // MAG's transitions show the pages a peeking layout shows, not only the neighbours.
        let peek = LayoutMapping.peekReach(deck: deck)
        switch spec {
        case .custom(let custom):
            var mag = MAGTransition(custom)
            mag.reach = max(mag.reach, peek)
            return mag
        case .catalogue(let transition): return catalogueTransition(transition, deck: deck)
        case .named(let name):
            switch name {
            case .none, .slide, .dive, .roll, .cards:
                var mag = MAGTransition(name, perspective: deck.perspective)!
                mag.reach = max(mag.reach, peek)
                return mag
            case .fold: return FoldTransition(folds: deck.fold.folds)
            case .coverflow: return CoverFlowTransition(perspective: eye)
            case .cube: return CubeTransition(perspective: eye)
            case .depth: return DepthTransition()
            case .zoom: return ZoomTransition()
            }
        }
    }

    /// A library's transition, drawn as the library does (`TransitionCatalogue`).
    static func catalogueTransition(_ transition: CatalogueTransition, deck: Deck) -> any PageTransition {
        let page = deck.pageSize, vertical = deck.layout.isVertical
        let geometry = PageGeometry(width: page.width, height: page.height, offset: 0, pageCount: deck.pageCount,
                                    viewport: (deck.viewport.width, deck.viewport.height), spacing: deck.layout.spacing)
        let parts = transition.name.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.first == "icarousel", let kind = parts.last.flatMap(ICarouselTransition.Kind.init(rawValue:)) {
            return ICarouselTransition(kind, options: transition.options, vertical: vertical, geometry: geometry)
        }
        if let transformer = ViewPagerTransition.named(transition.name) {
            return ViewPagerTransition(transformer, options: transition.options, vertical: vertical)
        }
        if parts.first == "swiper", let effect = parts.last.flatMap(SwiperTransition.Effect.init(rawValue:)) {
            return SwiperTransition(effect, options: transition.options, vertical: vertical)
        }
        switch parts.first {
        default:
            // The catalogue lists only what is drawn here (a test checks every entry).
            preconditionFailure("no drawing for transition \(transition.name)")
        }
    }

    /// The device (or the viewport, without one) and what it shows, in output pixels less
    /// `origin`: its back, the pages, the chrome, its front; and the pages' clip. `shadowless`
    /// leaves the device's shadow out (a turned or zoomed device casts its own).
    func group(state: TimelineState, shadowless: Bool)
        -> (items: [SceneItem], clip: (rect: Rect, radius: Double, topRadius: Double)?) {
        let viewport = deck.viewport
        let page = deck.pageSize
        let geometry = PageGeometry(width: page.width, height: page.height, offset: state.offset,
                                    pageCount: deck.pageCount, viewport: (viewport.width, viewport.height),
                                    spacing: deck.layout.spacing)
        // Viewport points → output pixels.
        let toOutput = Matrix4.translation(-origin.x, -origin.y) * Matrix4.scale(scale, scale)
            * .translation(viewport.x, viewport.y)
        var group: [SceneItem] = []
        if device != nil {
            group.append(.sprite(SpriteItem(key: shadowless ? .deviceBody : .deviceBack, scale: scale, window: window)))
        }
        // A script step may have switched the transition by now.
        let transition = state.transition.map { SceneBuilder.makeTransition($0, deck: deck) } ?? self.transition
        group += pageItems(state: state, geometry: geometry, toOutput: toOutput, transition: transition)
        // A device's screen clips the pages (its front rounds the corners); else `clip` does.
        var clip: (rect: Rect, radius: Double, topRadius: Double)?
        if deck.clip || device != nil {
            clip = (Rect(x: viewport.x * scale - origin.x, y: viewport.y * scale - origin.y,
                         width: viewport.width * scale, height: viewport.height * scale),
                    (device?.screenRadius ?? 0) * scale, (device?.screenTopRadius ?? 0) * scale)
        }
        group += chrome(state: state)
        if device != nil { group.append(.sprite(SpriteItem(key: .deviceFront, scale: scale, window: window))) }
        return (group, clip)
    }

    /// The scene at one instant.
    public func scene(for state: TimelineState) -> Scene {
        let page = deck.pageSize
        var scene = Scene(width: width, height: height, background: deck.canvas.background.clearColor,
                          pageWidth: page.width, pageHeight: page.height, scale: scale)
        if case .color = deck.canvas.background {} else {
            scene.items.append(.sprite(SpriteItem(key: .backdrop, scale: scale)))
        }
        // A turned device is drawn flat into a layer of its own, which is then projected: bezel,
        // screen, pages and touches one body, with its shadow on the backdrop.
        let posed = device != nil && !state.pose.isIdentity
        if !state.camera.isRest {
            let (items, clip) = zoomed(state: state, posed: posed)
            scene.items += items
            scene.clipPages(clip)
            scene.items += captions(position: state.position)
            return scene
        }
        if posed, let device {
            let transform = poseMatrix(state.pose)
            scene.items.append(deviceShadow(device, under: transform))
            scene.items.append(.layer(deviceLayer(device, state: state, under: transform)))
        } else {
            let (group, clip) = self.group(state: state, shadowless: false)
            scene.items += group
            scene.clipPages(clip)
        }
        scene.items += captions(position: state.position)
        return scene
    }

    /// The device's shadow on the backdrop: its body's, drawn flat into a layer of its own (the
    /// same for every frame, so made once) and put under `transform` (the pose, then the camera's),
    /// cast 22 points down the frame.
    func deviceShadow(_ device: DeviceGeometry, under transform: Matrix4, camera: Matrix4 = .identity) -> SceneItem {
        let shadow = DeviceGeometry.shadow
        let body = Rect(x: device.body.x * scale, y: device.body.y * scale, width: device.body.width * scale,
                        height: device.body.height * scale)
        // The Gaussian's reach (3.5 sigma, sigma half the radius) and a pixel.
        let window = PixelWindow(enclosing: body.inset(by: -(1.75 * shadow.radius * scale + 1)))
        let origin = (x: Double(window.x), y: Double(window.y))
        let flat = ShadowQuad(transform: .translation(-origin.x, -origin.y), outline: body,
                              cornerRadius: device.bodyRadius * scale,
                              shadow: Shadow(color: shadow.color, radius: shadow.radius * scale, offsetX: 0, offsetY: 0))
        return .layer(LayerItem(items: [.shadow(flat)],
                                transform: camera * .translation(0, shadow.offsetY * scale) * transform
                                    * .translation(origin.x, origin.y),
                                window: window, scale: scale))
    }

    /// The device group (without its shadow) drawn flat into a layer the size of the device and
    /// what stands out of it, put on the frame by `transform`.
    func deviceLayer(_ device: DeviceGeometry, state: TimelineState, under transform: Matrix4) -> LayerItem {
        // The side buttons stand out of the body by a few device points.
        let body = device.body.inset(by: -(8 * device.unit + 2))
        let window = PixelWindow(enclosing: Rect(x: body.x * scale, y: body.y * scale, width: body.width * scale,
                                                 height: body.height * scale))
        let builder = SceneBuilder(deck: deck, transition: transitionOverride, scale: scale, window: window)
        let (group, clip) = builder.group(state: state, shadowless: true)
        var layer = LayerItem(items: group, transform: transform * .translation(Double(window.x), Double(window.y)),
                              window: window, scale: scale)
        layer.clipPages(clip)
        return layer
    }

    /// The projection of `pose` in output pixels, about the screen's centre.
    func poseMatrix(_ pose: Pose) -> Matrix4 {
        let viewport = deck.viewport
        return SceneBuilder.poseTransform(pose, about: ((viewport.x + viewport.width / 2) * scale,
                                                        (viewport.y + viewport.height / 2) * scale), scale: scale)
    }

    /// The projection of `pose` in output pixels, about `centre` (the screen's centre, in output
    /// pixels): CSS's `translate(offset) scale(s) perspective(d) rotateX(x) rotateY(y) rotateZ(z)`
    /// with that transform origin, the pose's points times `scale`.
    public static func poseTransform(_ pose: Pose, about centre: (x: Double, y: Double), scale: Double) -> Matrix4 {
        let radians = Double.pi / 180
        return Matrix4.translation(centre.x + pose.offsetX * scale, centre.y + pose.offsetY * scale)
            * Matrix4.scale(pose.scale, pose.scale)
            * Matrix4.perspective(pose.perspective * scale)
            * Matrix4.rotation(pose.rotateX * radians, axis: 1, 0, 0)
            * Matrix4.rotation(pose.rotateY * radians, axis: 0, 1, 0)
            * Matrix4.rotation(pose.rotateZ * radians, axis: 0, 0, 1)
            * Matrix4.translation(-centre.x, -centre.y)
    }

    /// Shadows and page quads of the visible pages, farthest first.
    private func pageItems(state: TimelineState, geometry: PageGeometry, toOutput: Matrix4,
                           transition: any PageTransition) -> [SceneItem] {
        let position = state.position
        // However far a transition says pages show, no more than 15 each side are drawn (iCarousel's
        // 30 visible items): options cannot make a frame draw a million pages.
        let layout = LayoutMapping(deck: deck, geometry: geometry, native: transition.handlesLayout)
        let reach = min(max(transition.reach, layout.peekReach), SceneBuilder.maxReach)
        let style = deck.pageStyle
        var placed: [(quad: PlacedQuad, page: Int, texture: TextureKey)] = []
        // `slot` is where a page lies along the scroll (page n is page 0 again when wrapping);
        // `page` is which of the deck's pages it is.
        for (slot, page) in SceneBuilder.slots(position: position, reach: reach, count: deck.pageCount,
                                              wraps: deck.layout.wrap) {
            let s = (Double(slot) * deck.pagePitch - state.offset) / deck.pagePitch
            guard abs(s) < reach else { continue }
            let content = deck.page(at: page)
            let progress = content.hasParallax ? SceneBuilder.parallaxProgress(s: s) : 0
            let clock = content.videos.isEmpty ? nil : PageClock(time: state.time, appeared: state.lastAppearance(of: page))
            let texture = TextureKey(page: page, progress: progress, clock: clock, scale: window == nil ? nil : scale)
            for quad in transition.place(page: slot, s: s, geometry: layout.geometry) {
                placed.append((layout.mapped(quad, s: s), slot, texture))
            }
        }
        // Stable painter's order: by order, then by page index.
        placed.sort { $0.quad.order != $1.quad.order ? $0.quad.order < $1.quad.order : $0.page < $1.page }
        var items: [SceneItem] = []
        for (quad, _, texture) in placed {
            let transform = toOutput * quad.transform
            if let shadow = style.shadow, quad.castsShadow, quad.opacity > 0 {
                items.append(.shadow(ShadowQuad(transform: transform, outline: geometry.fullPage,
                                                cornerRadius: style.cornerRadius, shadow: shadow,
                                                opacity: quad.opacity)))
            }
            items.append(.page(PageQuad(texture: texture, transform: transform,
                                        source: quad.source, opacity: quad.opacity,
                                        cornerRadius: style.cornerRadius, shading: quad.shading,
                                        antialiasedEdges: quad.antialiasedEdges)))
        }
        return items
    }

    /// The most pages drawn on each side of the current one.
    static let maxReach = 15.5

    /// The places along the scroll within `reach` of `position` and the page each shows, nearest
    /// last. Without wrapping they are the pages themselves; wrapping, each page shows once, at
    /// the place nearest the position (iCarousel's offset shifted into [−n/2, n/2]).
    static func slots(position: Double, reach: Double, count: Int, wraps: Bool) -> [(slot: Int, page: Int)] {
        guard wraps else {
            let first = max(0, Int((position - reach).rounded(.up)))
            let last = min(count - 1, Int((position + reach).rounded(.down)))
            return first <= last ? (first...last).map { ($0, $0) } : []
        }
        let n = Double(count)
        var slots: [(slot: Int, page: Int)] = []
        for page in 0..<count {
            // The slot of this page with s = slot − position in [−n/2, n/2).
            var s = Double(page) - position
            s -= n * ((s + n / 2) / n).rounded(.down)
            guard abs(s) < reach else { continue }
            slots.append((Int((position + s).rounded()), page))
        }
        return slots.sorted { $0.slot < $1.slot }
    }

    /// MAG's parallax progress: trunc((pageX − offset)·100/W), clamped to [−100, 100].
    public static func parallaxProgress(s: Double) -> Int {
        Int(min(max(100 * s, -100), 100).rounded(.towardZero))
    }
}
