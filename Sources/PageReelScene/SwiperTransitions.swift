import Foundation
import PageReelDeck

/// Swiper 14.0.6's page effects, evaluated at a scroll position from the formulas of the paging
/// catalogue §3 (restated here, not ported).
///
/// Swiper's `progress` is −s. The 3D effects (cube, coverflow, flip, cards, and creative unless its
/// `perspective` is false) sit under the container's `perspective: 1200px` about its centre, and every
/// effect module hides back faces (`effectTarget`), so a page turned away gives no quad. Pages rest
/// centred in the viewport ((Wv − W)/2, (Hv − H)/2), which is Swiper's origin when the slide fills the
/// container and its `centeredSlides` position when it does not; the effects with `virtualTranslate`
/// stack every page there and move each one themselves. Painter's order follows Swiper's `zIndex`,
/// ties going to the page nearer the current one; fade, which sets none, keeps DOM order.
///
/// What is approximated: the side shadows (`swiper-slide-shadow-left/right`, half-black gradients)
/// are `Shading`; the vertical ones (`-top/-bottom`) are vertical gradients `Shading` cannot draw, so
/// a vertical page gets their average as a uniform tint. The cube's blurred floor shadow (`shadow`,
/// `shadowOffset`, `shadowScale`) is accepted but not drawn. Cards use the not-touching form: the
/// drag-time terms of Swiper apply only while a finger is down. A `modifier` can only be a number.
///
/// Vertical variants: slide, cube, coverflow and flip have Swiper's own; cards swap their x and y
/// offsets; fade has nothing to change (pages are stacked either way); creative has none (its states
/// name their axes; only the stacking axis swaps, which makes no difference to where pages rest).
struct SwiperTransition: PageTransition {
    /// Its library's own vertical form and resting place (`LayoutMapping`).
    var handlesLayout: Bool { true }

    enum Effect: String, CaseIterable, Sendable {
        case slide, fade, cube, coverflow, flip, cards, creative
    }

    let effect: Effect
    let vertical: Bool
    let reach: Double
    private let look: Look

    /// The CSS perspective of `.swiper-3d`.
    static let eyeDistance = 1200.0

    init(_ effect: Effect, options: TransitionOptions = TransitionOptions(), vertical: Bool = false) {
        self.effect = effect
        self.vertical = vertical
        let o = Self.defaults(effect).overlaid(by: options)
        let bool = { (key: String) in o.bool(key) ?? false }
        let number = { (key: String) in o.number(key) ?? 0 }
        switch effect {
        case .slide:
            look = .slide
            reach = 3
        case .fade:
            look = .fade(crossFade: bool("crossFade"))
            reach = 1
        case .cube:
            look = .cube(slideShadows: bool("slideShadows"))
            reach = 1
        case .coverflow:
            look = .coverflow(Coverflow(rotate: number("rotate"), stretch: Length(o.values["stretch"]) ?? .points(0),
                                        depth: number("depth"), scale: number("scale"),
                                        modifier: number("modifier"), slideShadows: bool("slideShadows")))
            reach = 5
        case .flip:
            let limit = bool("limitRotation")
            look = .flip(slideShadows: bool("slideShadows"), limitRotation: limit)
            // Unlimited, a page two away has turned a whole turn and shows under the current one.
            reach = limit ? 1 : 2
        case .cards:
            look = .cards(Cards(slideShadows: bool("slideShadows"), rotate: bool("rotate"),
                                perSlideRotate: number("perSlideRotate"), perSlideOffset: number("perSlideOffset")))
            // Progress is clamped to ±4: pages further away lie exactly under the fourth.
            reach = 5
        case .creative:
            let limit = max(number("limitProgress"), 0)
            look = .creative(Creative(limitProgress: limit, shadowPerProgress: bool("shadowPerProgress"),
                                      progressMultiplier: number("progressMultiplier"),
                                      perspective: bool("perspective"),
                                      prev: CreativeState(o.object("prev") ?? TransitionOptions()),
                                      next: CreativeState(o.object("next") ?? TransitionOptions())))
            // Past the limit a page lies exactly under the nearer page that reached it (opaque
            // states; translucent ones would show a deeper stack through).
            reach = limit + 1
        }
    }

    /// The option keys `effect` accepts, in Swiper's names.
    static func optionNames(_ effect: Effect) -> [String] {
        defaultList(effect).map(\.0)
    }

    func place(page: Int, s: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        let rest = (x: (g.viewportWidth - g.width) / 2, y: (g.viewportHeight - g.height) / 2)
        let progress = -s
        let n = Double(g.pageCount)
        var opacity = 1.0
        var shading: Shading?
        var zIndex: Double
        var threeD = true
        let transform: Matrix4

        switch look {
        case .slide:
            let shift = s * ((vertical ? g.height : g.width) + g.spacing)
            transform = .translation(rest.x + (vertical ? 0 : shift), rest.y + (vertical ? shift : 0))
            zIndex = 0
            threeD = false

        case .fade(let crossFade):
            transform = .translation(rest.x, rest.y)
            opacity = crossFade ? max(1 - abs(progress), 0) : 1 + min(max(progress, -1), 0)
            zIndex = Double(page)
            threeD = false

        case .cube(let slideShadows):
            transform = cube(page: page, s: s, geometry: g, rest: rest)
            zIndex = 0
            let p = min(max(progress, -1), 1)
            if slideShadows { shading = sideShading(left: max(-p, 0), right: max(p, 0)) }

        case .coverflow(let c):
            let size = vertical ? g.height : g.width
            // The viewport centre's distance from the page centre in page sizes (without the gap).
            let centreOffset = -s * (size + g.spacing) / size
            let m = centreOffset * c.modifier
            let turn = Self.snapped(c.rotate * m), depth = Self.snapped(-c.depth * abs(m))
            let stretch = Self.snapped(c.stretch.points(of: size) * m)
            let scale = Self.snapped(1 - (1 - c.scale) * abs(m))
            let shift = s * (size + g.spacing)
            let centre = (x: rest.x + g.width / 2 + (vertical ? 0 : shift + stretch),
                          y: rest.y + g.height / 2 + (vertical ? shift + stretch : 0))
            transform = Matrix4.translation(centre.x, centre.y, depth)
                * .rotation(vertical ? Self.radians(-turn) : 0, axis: 1, 0, 0)
                * .rotation(vertical ? 0 : Self.radians(turn), axis: 0, 1, 0)
                * .scale(scale, scale) * .translation(-g.width / 2, -g.height / 2)
            zIndex = 1 - abs(Self.jsRound(m))
            if c.slideShadows { shading = sideShading(left: max(m, 0), right: max(-m, 0)) }

        case .flip(let slideShadows, let limitRotation):
            let p = limitRotation ? min(max(progress, -1), 1) : progress
            transform = Matrix4.translation(rest.x + g.width / 2, rest.y + g.height / 2)
                * .rotation(vertical ? Self.radians(180 * p) : 0, axis: 1, 0, 0)
                * .rotation(vertical ? 0 : Self.radians(-180 * p), axis: 0, 1, 0)
                * .translation(-g.width / 2, -g.height / 2)
            zIndex = n - abs(Self.jsRound(p))
            if slideShadows { shading = sideShading(left: max(-p, 0), right: max(p, 0)) }

        case .cards(let c):
            let p = min(max(progress, -4), 4)
            let add = c.perSlideOffset - 0.75 * abs(p)
            // Percent of the card's own size, toward the side the card is on.
            let offset = -add * p / 100
            let turn = c.rotate ? -c.perSlideRotate * p : 0
            transform = Matrix4.translation(rest.x + g.width / 2 + (vertical ? 0 : offset * g.width),
                                            rest.y + g.height + (vertical ? offset * g.height : 0), -100 * abs(p))
                * .rotation(Self.radians(turn), axis: 0, 0, 1) * .translation(-g.width / 2, -g.height)
            zIndex = n - abs(Self.jsRound(progress))
            if c.slideShadows {
                let alpha = 0.15 * min(max((abs(p) - 0.5) / 0.5, 0), 1)
                shading = alpha > 0 ? Shading(from: alpha, to: alpha) : nil
            }

        case .creative(let c):
            let p = min(max(progress, -c.limitProgress), c.limitProgress)
            let state = p < 0 ? c.next : p > 0 ? c.prev : .identity
            let amount = abs(p * c.progressMultiplier)
            let t = (x: state.translate[0].points(of: g.width) * amount,
                     y: state.translate[1].points(of: g.height) * amount,
                     z: state.translate[2].points(of: 0) * amount)
            let r = state.rotate.map { Self.radians($0 * amount) }
            let scale = 1 - (1 - state.scale) * amount
            let origin = state.origin.map { (x: $0.x.points(of: g.width), y: $0.y.points(of: g.height), z: $0.z) }
                ?? (x: g.width / 2, y: g.height / 2, z: 0)
            transform = Matrix4.translation(rest.x + origin.x + t.x, rest.y + origin.y + t.y, origin.z + t.z)
                * .rotation(r[0], axis: 1, 0, 0) * .rotation(r[1], axis: 0, 1, 0) * .rotation(r[2], axis: 0, 0, 1)
                * .scale(scale, scale) * .translation(-origin.x, -origin.y, -origin.z)
            opacity = min(max(1 - (1 - state.opacity) * amount, 0), 1)
            zIndex = n - abs(Self.jsRound(progress))
            threeD = c.perspective
            if state.shadow {
                let perProgress = c.shadowPerProgress && c.limitProgress > 0 ? 1 / c.limitProgress : 1
                let alpha = 0.15 * min(max(abs(p) * perProgress, 0), 1)
                shading = alpha > 0 ? Shading(from: alpha, to: alpha) : nil
            }
        }

        let placed = threeD ? Self.perspective(g) * transform : transform
        guard effect == .slide || Self.facesViewer(placed, g) else { return [] }
        // Swiper's zIndex is a whole number; the tie-break stays within (−1, 0].
        let order = zIndex - abs(s) / (1 + abs(s))
        return [PlacedQuad(transform: placed, source: g.fullPage, opacity: opacity, shading: shading, order: order)]
    }

    /// Page `page` on face `page mod 4` of a cube the size of the page whose front face is the
    /// resting page, turned by −90°·c about its centre (c = the continuous current index). Each face
    /// is Swiper's: laid out at page·size, turned by 90°·page about its top-left corner after a shift
    /// that depends on page mod 4 and on the whole turns k.
    private func cube(page: Int, s: Double, geometry g: PageGeometry, rest: (x: Double, y: Double)) -> Matrix4 {
        let size = vertical ? g.height : g.width
        let i = Double(page)
        let c = i - s
        let k = (90 * i / 360).rounded(.down)
        let (shift, depth): (Double, Double) = switch ((page % 4) + 4) % 4 {
        case 0: (-4 * k * size, 0)
        case 1: (0, -4 * k * size)
        case 2: (size + 4 * k * size, size)
        default: (-size, 3 * size + 4 * k * size)
        }
        let centre = Matrix4.translation(rest.x + g.width / 2, rest.y + g.height / 2, -size / 2)
        let uncentre = Matrix4.translation(-(rest.x + g.width / 2), -(rest.y + g.height / 2), size / 2)
        if vertical {
            return centre * .rotation(Self.radians(90 * c), axis: 1, 0, 0) * uncentre
                * .translation(rest.x, rest.y + i * size) * .rotation(Self.radians(-90 * i), axis: 1, 0, 0)
                * .translation(0, shift, depth)
        }
        return centre * .rotation(Self.radians(-90 * c), axis: 0, 1, 0) * uncentre
            * .translation(rest.x + i * size, rest.y) * .rotation(Self.radians(90 * i), axis: 0, 1, 0)
            * .translation(shift, 0, depth)
    }

    /// Swiper's half-black side shadows: the `-left` one (dark at the page's right edge) and the
    /// `-right` one (dark at its left edge) at the given CSS opacities, which clamp to 1. Vertical
    /// pages have `-top`/`-bottom` ones instead, drawn as their average tint.
    private func sideShading(left: Double, right: Double) -> Shading? {
        let l = 0.5 * min(left, 1), r = 0.5 * min(right, 1)
        guard l > 0 || r > 0 else { return nil }
        if vertical { return Shading(from: (l + r) / 2, to: (l + r) / 2) }
        return Shading(from: r, to: l)
    }

    /// `perspective: 1200px` on the container, about its centre.
    static func perspective(_ g: PageGeometry) -> Matrix4 {
        let cx = g.viewportWidth / 2, cy = g.viewportHeight / 2
        return .translation(cx, cy) * .perspective(eyeDistance) * .translation(-cx, -cy)
    }

    /// Whether the page's front shows (`backface-visibility: hidden`): its projected corners keep
    /// their clockwise turn. A page reaching behind the eye is not drawn either.
    static func facesViewer(_ m: Matrix4, _ g: PageGeometry) -> Bool {
        let corners = [(0.0, 0.0), (g.width, 0), (g.width, g.height), (0, g.height)]
            .compactMap { m.project($0.0, $0.1) }
        guard corners.count == 4 else { return false }
        var area = 0.0
        for (a, b) in zip(corners, corners.dropFirst() + corners.prefix(1)) { area += a.x * b.y - b.x * a.y }
        return area > 1e-9
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// JavaScript's `Math.round`: halves round up (−0.5 → −0, 0.5 → 1).
    static func jsRound(_ x: Double) -> Double { (x + 0.5).rounded(.down) }

    /// Swiper drops coverflow values below 0.001 in size.
    static func snapped(_ x: Double) -> Double { abs(x) < 0.001 ? 0 : x }
}

// MARK: - Options

extension SwiperTransition {
    /// Swiper's defaults, the one declaration the option names and the parsing derive from.
    private static func defaultList(_ effect: Effect) -> [(String, TransitionOptions.Value)] {
        let state = TransitionOptions(["translate": .array([.number(0), .number(0), .number(0)]),
                                       "rotate": .array([.number(0), .number(0), .number(0)]),
                                       "opacity": .number(1), "scale": .number(1)])
        return switch effect {
        case .slide: []
        case .fade: [("crossFade", .bool(false))]
        case .cube: [("slideShadows", .bool(true)), ("shadow", .bool(true)), ("shadowOffset", .number(20)),
                     ("shadowScale", .number(0.94))]
        case .coverflow: [("rotate", .number(50)), ("stretch", .number(0)), ("depth", .number(100)),
                          ("scale", .number(1)), ("modifier", .number(1)), ("slideShadows", .bool(true))]
        case .flip: [("slideShadows", .bool(true)), ("limitRotation", .bool(true))]
        case .cards: [("slideShadows", .bool(true)), ("rotate", .bool(true)), ("perSlideRotate", .number(2)),
                      ("perSlideOffset", .number(8))]
        case .creative: [("limitProgress", .number(1)), ("shadowPerProgress", .bool(false)),
                         ("progressMultiplier", .number(1)), ("perspective", .bool(true)),
                         ("prev", .object(state)), ("next", .object(state))]
        }
    }

    private static func defaults(_ effect: Effect) -> TransitionOptions {
        TransitionOptions(Dictionary(uniqueKeysWithValues: defaultList(effect)))
    }

    private enum Look: Sendable {
        case slide
        case fade(crossFade: Bool)
        case cube(slideShadows: Bool)
        case coverflow(Coverflow)
        case flip(slideShadows: Bool, limitRotation: Bool)
        case cards(Cards)
        case creative(Creative)
    }

    private struct Coverflow: Sendable {
        var rotate: Double, stretch: Length, depth: Double, scale: Double, modifier: Double, slideShadows: Bool
    }

    private struct Cards: Sendable {
        var slideShadows: Bool, rotate: Bool, perSlideRotate: Double, perSlideOffset: Double
    }

    private struct Creative: Sendable {
        var limitProgress: Double, shadowPerProgress: Bool, progressMultiplier: Double, perspective: Bool
        var prev: CreativeState, next: CreativeState
    }

    /// A CSS length as Swiper takes it: points, or a percentage of the page's own size.
    enum Length: Sendable, Equatable {
        case points(Double)
        case percent(Double)

        /// A number (points) or a string "12", "12px" or "12%"; nil for anything else.
        init?(_ value: TransitionOptions.Value?) {
            switch value {
            case .number(let x)?: self = .points(x)
            case .string(let text)?:
                let t = text.trimmingCharacters(in: .whitespaces)
                if t.hasSuffix("%"), let x = Double(t.dropLast()) { self = .percent(x) }
                else if t.hasSuffix("px"), let x = Double(t.dropLast(2)) { self = .points(x) }
                else if let x = Double(t) { self = .points(x) }
                else { return nil }
            default: return nil
            }
        }

        /// In points, for a page `size` long on this axis (0 where CSS takes no percentage).
        func points(of size: Double) -> Double {
            switch self {
            case .points(let x): x
            case .percent(let x): x / 100 * size
            }
        }
    }

    /// One of creative's `prev`/`next` states, already merged over Swiper's default.
    struct CreativeState: Sendable {
        var translate: [Length] = [.points(0), .points(0), .points(0)]
        var rotate: [Double] = [0, 0, 0]
        var opacity = 1.0
        var scale = 1.0
        /// CSS `transform-origin`; nil is the page centre.
        var origin: (x: Length, y: Length, z: Double)?
        var shadow = false

        static let identity = CreativeState()

        init() {}

        init(_ o: TransitionOptions) {
            let translate = o.array("translate") ?? []
            for j in 0..<3 where j < translate.count { self.translate[j] = Length(translate[j]) ?? .points(0) }
            let rotate = o.array("rotate") ?? []
            for j in 0..<3 where j < rotate.count {
                if case .number(let x) = rotate[j] { self.rotate[j] = x }
            }
            opacity = o.number("opacity") ?? 1
            scale = o.number("scale") ?? 1
            origin = o.string("origin").flatMap(Self.parseOrigin)
            shadow = o.bool("shadow") ?? false
        }

        /// A CSS `transform-origin` of one to three values: keywords, percentages or points.
        static func parseOrigin(_ text: String) -> (x: Length, y: Length, z: Double)? {
            let words = text.split(separator: " ").map(String.init)
            guard (1...3).contains(words.count) else { return nil }
            let keywords: [String: (axis: Character, value: Double)] = [
                "left": ("x", 0), "right": ("x", 100), "top": ("y", 0), "bottom": ("y", 100), "center": ("c", 50),
            ]
            var first = words[0], second = words.count > 1 ? words[1] : "center"
            // "top left" and a lone "bottom" name y first.
            if keywords[first]?.axis == "y" || keywords[second]?.axis == "x" { swap(&first, &second) }
            func length(_ word: String) -> Length? {
                if let k = keywords[word] { return .percent(k.value) }
                return Length(.string(word))
            }
            guard let x = length(first), let y = length(second) else { return nil }
            var z = 0.0
            if words.count == 3 {
                guard case .points(let d)? = Length(.string(words[2])) else { return nil }
                z = d
            }
            return (x, y, z)
        }
    }
}

private extension TransitionOptions {
    /// `top` over self the way Swiper's `extend` merges parameters: objects merge key by key,
    /// anything else (arrays too) is replaced.
    func overlaid(by top: TransitionOptions) -> TransitionOptions {
        var out = self
        for (key, value) in top.values {
            if case .object(let mine)? = values[key], case .object(let theirs) = value {
                out.values[key] = .object(mine.overlaid(by: theirs))
            } else {
                out.values[key] = value
            }
        }
        return out
    }
}
