import Foundation
import PageReelDeck

/// MAGPagedScrollView's transitions, with the exact math of `PagedScrollView.layoutSubviews`:
/// centerDX = 100·s (percent of a page), angle = centerDX·angleRatio degrees about the normalised
/// rotation axis through the page centre, then a shift of (W·dx·s, W·dy·|s|). MAG renders without
/// perspective; a perspective distance adds m34 = −1/P about the viewport centre.
struct MAGTransition: PageTransition {
    var angleRatio: Double
    var translation: (dx: Double, dy: Double)
    var axis: (x: Double, y: Double, z: Double)
    var perspective: Double

    /// The current page and its neighbours, or as many as a peeking layout shows.
    var reach = 1.5

    /// The presets of `PagedScrollView.commonInit()`.
    init?(_ name: TransitionName, perspective: Double) {
        self.perspective = perspective
        switch name {
        case .none: (angleRatio, translation, axis) = (0, (0, 0), (0, 0, 0))
        case .slide: (angleRatio, translation, axis) = (0, (0.25, 0.25), (0, 0, 0))
        case .dive: (angleRatio, translation, axis) = (0.5, (0.25, 0), (-1, 0, 0))
        case .roll: (angleRatio, translation, axis) = (0.5, (0.25, 0.25), (-1, 0, 0))
        case .cards: (angleRatio, translation, axis) = (0.5, (0.25, 0.25), (-1, -1, 0))
        default: return nil
        }
    }

    init(_ custom: CustomTransition) {
        angleRatio = custom.angleRatio
        translation = custom.translation
        axis = custom.rotation
        perspective = custom.perspective
    }

    func place(page: Int, s: Double, geometry: PageGeometry) -> [PlacedQuad] {
        // MAG transforms the current page and its neighbours; a neighbour leaving that set fades
        // away over its last half page instead of popping out of view.
        let opacity = min(max((reach - abs(s)) / 0.5, 0), 1)
        return [PlacedQuad(transform: transform(s: s, geometry: geometry), source: geometry.fullPage,
                           opacity: opacity, order: -abs(s))]
    }

    /// Page-local points → viewport points for a page at relative position s.
    func transform(s: Double, geometry g: PageGeometry) -> Matrix4 {
        let centerDX = 100 * s
        let angle = centerDX * angleRatio * Double.pi / 180
        let tx = g.width * translation.dx * centerDX / 100
        let ty = g.width * translation.dy * abs(centerDX) / 100
        let centre = g.restingCentre(s: s)
        return g.perspective(perspective)
            * .translation(centre.x + tx, centre.y + ty)
            * .rotation(angle, axis: axis.x, axis.y, axis.z)
            * .translation(-g.width / 2, -g.height / 2)
    }
}
