import Foundation
import PageReelDeck

/// iCarousel's CoverFlow: c = clamp(s, −1, 1); the page moves to x = (c·tilt/2 + s·spacing)·W,
/// z = −|c|·W/2, turned by −c·(π/2)·tilt about the vertical axis, under m34 = −1/500 about the
/// viewport centre. Pages are stacked by depth, then by distance from the current one.
struct CoverFlowTransition: PageTransition {
    var tilt = 0.9
    var spacing = 0.25
    var perspective = 500.0
    let reach = 4.0

    func place(page: Int, s: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        let c = min(max(s, -1), 1)
        let x = (c * 0.5 * tilt + s * spacing) * g.width
        let z = -abs(c) * g.width * 0.5
        let transform = g.perspective(perspective) * .translation(g.width / 2 + x, g.height / 2, z)
            * .rotation(-c * Double.pi / 2 * tilt, axis: 0, 1, 0) * .translation(-g.width / 2, -g.height / 2)
        let opacity = min(max((reach - abs(s)) / 0.5, 0), 1)
        return [PlacedQuad(transform: transform, source: g.fullPage, opacity: opacity, order: -abs(s))]
    }
}

/// Pages on the faces of a cube that turns about the vertical axis: page s is the face turned by
/// s·90° about an axis W/2 behind the page plane, under m34 = −1/500 about the viewport centre.
/// Only the two faces turned toward the viewer (|s| < 1) are drawn.
struct CubeTransition: PageTransition {
    var perspective = 500.0
    let reach = 1.0

    func place(page: Int, s: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        guard abs(s) < 1 else { return [] }
        let half = g.width / 2
        let transform = g.perspective(perspective) * .translation(half, g.height / 2, -half)
            * .rotation(s * Double.pi / 2, axis: 0, 1, 0) * .translation(0, 0, half)
            * .translation(-half, -g.height / 2)
        return [PlacedQuad(transform: transform, source: g.fullPage, order: -abs(s))]
    }
}

/// Android ViewPager2's DepthPageTransformer: the outgoing page slides away on top; the incoming one
/// stays put behind it, growing from 0.75 to 1 and fading in.
struct DepthTransition: PageTransition {
    var minimumScale = 0.75
    let reach = 1.0

    func place(page: Int, s: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        guard abs(s) <= 1 else { return [] }
        if s <= 0 {
            let centre = g.restingCentre(s: s)
            return [PlacedQuad(transform: .translation(centre.x - g.width / 2, centre.y - g.height / 2),
                               source: g.fullPage, order: 1)]
        }
        let scale = minimumScale + (1 - minimumScale) * (1 - s)
        let transform = Matrix4.translation(g.width / 2, g.height / 2) * .scale(scale, scale)
            * .translation(-g.width / 2, -g.height / 2)
        return [PlacedQuad(transform: transform, source: g.fullPage, opacity: 1 - s, order: 0)]
    }
}

/// Android ViewPager2's ZoomOutPageTransformer: pages shrink toward 0.85 and fade toward 0.5 as they
/// leave, pulled in by the margins the shrinking opens.
struct ZoomTransition: PageTransition {
    var minimumScale = 0.85
    var minimumAlpha = 0.5
    let reach = 1.0

    func place(page: Int, s: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        guard abs(s) <= 1 else { return [] }
        let scale = max(minimumScale, 1 - abs(s))
        let vertical = g.height * (1 - scale) / 2, horizontal = g.width * (1 - scale) / 2
        let shift = s < 0 ? horizontal - vertical / 2 : -horizontal + vertical / 2
        let opacity = minimumAlpha + (scale - minimumScale) / (1 - minimumScale) * (1 - minimumAlpha)
        let centre = g.restingCentre(s: s)
        let transform = Matrix4.translation(centre.x + shift, centre.y) * .scale(scale, scale)
            * .translation(-g.width / 2, -g.height / 2)
        return [PlacedQuad(transform: transform, source: g.fullPage, opacity: opacity, order: -abs(s))]
    }
}
