import Foundation
import PageReelDeck

/// iCarousel 1.8.3's carousel types (`transformForItemViewWithOffset:`), restated from
/// `../shared/reference/paging-catalogues.md` §1.
///
/// The carousel is the viewport and its items are the pages: every page's container is centred on
/// the viewport, C = (Wv/2, Hv/2), a page-local point is taken from the page's centre,
/// (px, py) = (u − W/2, v − H/2), moved by the type's transform to (X, Y, Z), and seen through
/// m34 = −1/perspective (500 pt by default) about C: C + (X, Y)/(1 − Z/perspective). The item width
/// w is the page width (the page height for a vertical carousel) and s is the page's offset in items.
/// Pages are stacked by the z of the transformed point (1, 1, 1), as iCarousel's depth sort (which
/// iCarousel runs when motion starts and ends; here, on every frame), ties going to the page nearer
/// the current one. Alpha follows `fadeMin`/`fadeMax`/`fadeRange`/`fadeMinAlpha`.
struct ICarouselTransition: PageTransition {
    /// Its library's own vertical form and resting place (`LayoutMapping`).
    var handlesLayout: Bool { true }

    enum Kind: String, CaseIterable, Sendable {
        case linear, rotary, invertedRotary, cylinder, invertedCylinder, wheel, invertedWheel, coverFlow, coverFlow2,
             timeMachine, invertedTimeMachine
    }

    let kind: Kind
    let vertical: Bool
    /// The item spacing (in item widths), arc (radians), tilt; nil where the type does not use one.
    let spacing: Double
    let arc: Double
    let tilt: Double
    /// Overrides of the radius, the per-item angle (the step, for the wheels) and the item count N.
    let radius: Double?
    let angle: Double?
    let count: Double?
    let fadeMin, fadeMax, fadeRange, fadeMinAlpha: Double
    let showBackfaces: Bool
    /// Eye distance: 1/−m34.
    let perspective: Double

    /// `geometry` (the deck's pages and viewport) sets how far pages can show (`reach`).
    init(_ kind: Kind, options: TransitionOptions = TransitionOptions(), vertical: Bool = false,
         geometry: PageGeometry? = nil) {
        self.kind = kind
        self.vertical = vertical
        let coverFlows: Set<Kind> = [.coverFlow, .coverFlow2]
        spacing = options.number("spacing") ?? (coverFlows.contains(kind) ? 0.25 : 1)
        arc = options.number("arc") ?? 2 * Double.pi
        tilt = options.number("tilt") ?? (coverFlows.contains(kind) ? 0.9 : 0.3)
        radius = options.number("radius")
        angle = options.number("angle")
        count = options.number("count")
        fadeMin = options.number("fadeMin") ?? (kind == .invertedTimeMachine ? 0 : -.infinity)
        fadeMax = options.number("fadeMax") ?? (kind == .timeMachine ? 0 : .infinity)
        fadeRange = options.number("fadeRange") ?? 1
        fadeMinAlpha = options.number("fadeMinAlpha") ?? 0
        showBackfaces = options.bool("showBackfaces") ?? (kind != .invertedCylinder)
        perspective = options.number("perspective") ?? 500
        reach = 15
        if let geometry { reach = visibleReach(geometry) }
    }

    var isCircular: Bool {
        switch kind {
        case .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel, .invertedWheel: true
        default: false
        }
    }

    /// Pages this far from the current one can still show (iCarousel's visible-item counts, §1.4):
    /// the whole ring for rotary and cylinder, half of it for their inverted forms, the wheel's
    /// visible part, the viewport's worth of items and two more for the flat ones, a dozen receding
    /// ones for the time machines.
    private(set) var reach: Double

    func visibleReach(_ g: PageGeometry) -> Double {
        let w = vertical ? g.height : g.width, span = vertical ? g.viewportHeight : g.viewportWidth
        switch kind {
        case .linear, .coverFlow, .coverFlow2: return ((span / (w * spacing)).rounded(.up) + 2) / 2 + 0.5
        case .timeMachine, .invertedTimeMachine: return 12
        case .rotary, .cylinder: return circularCount(g) / 2 + 0.5
        case .invertedRotary, .invertedCylinder: return (circularCount(g) / 2).rounded(.up) / 2 + 0.5
        case .wheel, .invertedWheel:
            // The whole wheel when it fits the carousel, else the half facing the viewer and one more.
            let n = circularCount(g), r = radius ?? w * spacing * n / arc
            let visible = r - w / 2 < min(g.viewportWidth, g.viewportHeight) / 2 ? n : (n / 2).rounded(.up) + 1
            return visible / 2 + 0.5
        }
    }

    /// The circular item count N (iCarousel's `circularCarouselItemCount`).
    func circularCount(_ g: PageGeometry) -> Double {
        if let count { return max(1, count) }
        let w = vertical ? g.height : g.width, span = vertical ? g.viewportHeight : g.viewportWidth
        let n = min(30, max(12, (span / (spacing * w)).rounded(.up) * Double.pi)).rounded(.towardZero)
        return min(Double(max(g.pageCount, 1)), n)
    }

    /// The type's own transform of a point relative to the page's centre (before perspective).
    func itemTransform(s: Double, geometry g: PageGeometry) -> Matrix4 {
        let w = vertical ? g.height : g.width
        let c = min(max(s, -1), 1)
        // The axis things move along, and the one a vertical carousel turns about instead of y.
        func along(_ d: Double, z: Double = 0) -> Matrix4 { vertical ? .translation(0, d, z) : .translation(d, 0, z) }
        let turnAxis: (Double, Double, Double) = vertical ? (-1, 0, 0) : (0, 1, 0)
        switch kind {
        case .linear:
            return along(s * w * spacing)
        case .rotary, .invertedRotary:
            let n = circularCount(g)
            var r = radius ?? max(w * spacing / 2, w * spacing / 2 / tan(arc / 2 / n))
            var theta = s * (angle ?? arc / n)
            if kind == .invertedRotary { (r, theta) = (-r, -theta) }
            return along(r * sin(theta), z: r * cos(theta) - r)
        case .cylinder, .invertedCylinder:
            let n = circularCount(g)
            var r = radius ?? max(0.01, w * spacing / 2 / tan(arc / 2 / n))
            var theta = s * (angle ?? arc / n)
            if kind == .invertedCylinder { (r, theta) = (-r, -theta) }
            return .translation(0, 0, -r) * .rotation(theta, axis: turnAxis.0, turnAxis.1, turnAxis.2)
                * .translation(0, 0, r + 0.01)
        case .wheel, .invertedWheel:
            let n = circularCount(g)
            var r = radius ?? w * spacing * n / arc
            var step = angle ?? arc / n
            if kind == .invertedWheel { (r, step) = (-r, -step) }
            let phi = s * step
            // About (0, r) below the centre, or (−r, 0) left of it for a vertical carousel.
            let pivot: (x: Double, y: Double) = vertical ? (-r, 0) : (0, r)
            return .translation(pivot.x, pivot.y, 0.01 * s) * .rotation(phi, axis: 0, 0, 1)
                * .translation(-pivot.x, -pivot.y, 0)
        case .coverFlow, .coverFlow2:
            // CoverFlow2 turns its centre item with a toggle that only a drag holds back; in
            // animated motion it is CoverFlow exactly (reference §1.3), which is what is drawn.
            let beta = c * Double.pi / 2 * tilt
            let shift = (c * 0.5 * tilt + s * spacing) * w
            return along(shift, z: -abs(c) * w / 2)
                * .rotation(-beta, axis: turnAxis.0, turnAxis.1, turnAxis.2)
        case .timeMachine, .invertedTimeMachine:
            let sign = kind == .timeMachine ? 1.0 : -1.0
            return along(s * w * tilt, z: sign * s * w * spacing)
        }
    }

    /// iCarousel's alpha: fading past `fadeMax` (or before `fadeMin`) over `fadeRange` items.
    func alpha(s: Double) -> Double {
        let f = s > fadeMax ? s - fadeMax : s < fadeMin ? fadeMin - s : 0
        guard fadeRange > 0 else { return f > 0 ? fadeMinAlpha : 1 }
        return 1 - min(f, fadeRange) / fadeRange * (1 - fadeMinAlpha)
    }

    func place(page: Int, s: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        let item = itemTransform(s: s, geometry: g)
        let opacity = alpha(s: s)
        guard opacity > 0 else { return [] }
        // A hidden back face: the item turned away (m33 ≤ 0).
        if !showBackfaces, item[2, 2] <= 0 { return [] }
        let centre = (x: g.viewportWidth / 2, y: g.viewportHeight / 2)
        let transform = Matrix4.translation(centre.x, centre.y) * .perspective(perspective) * item
            * .translation(-g.width / 2, -g.height / 2)
        // The depth key: z of the transformed point (1, 1, 1).
        let key = item[2, 0] + item[2, 1] + item[2, 2] + item[2, 3]
        return [PlacedQuad(transform: transform, source: g.fullPage, opacity: opacity, order: key - 1e-6 * abs(s))]
    }
}
