import Foundation
import PageReelDeck

/// PaperFoldGallery's paper fold: the page under the scroll slides flat while the next one unfolds
/// from the right edge as an accordion (`MultiFoldView` of `FoldView`s, PaperFold's math).
///
/// With d = x − W·⌊position⌋, page ⌊position⌋ + 1 fills the strip [W − d, W] with `folds` folds of
/// flat width W/N, each two hinged halves turned by π/2 − asin(f) (f = the visible fraction of the
/// fold) under its own perspective (m34 = −1/500 about the fold's centre). The first fold opens at
/// f = d/(1.9·foldW), each next one from what is left, the last without the 0.9 pull factor, so the
/// folds exactly fill the strip. Going back is the same geometry seen the other way: the current
/// page folds up toward the right edge while the previous one slides in. Hinges lie in the page
/// plane (z = 0), where perspective moves nothing, so neighbouring strips share their edges exactly.
struct FoldTransition: PageTransition {
    var folds: Int
    /// Eye distance of each fold's perspective.
    var perspective = 500.0
    let reach = 2.0

    func place(page: Int, s: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        if s <= 0 {
            // Sliding flat, as in a plain paging scroll view.
            let centre = g.restingCentre(s: s)
            let transform = Matrix4.translation(centre.x - g.width / 2, centre.y - g.height / 2)
            return [PlacedQuad(transform: transform, source: g.fullPage, order: -abs(s))]
        }
        guard s < 1 else { return [] }
        return accordion(revealed: (1 - s) * g.width, geometry: g)
    }

    /// Visible fraction of each fold when `revealed` points of the strip are open.
    static func fractions(revealed: Double, pageWidth: Double, folds: Int) -> [Double] {
        let foldWidth = pageWidth / Double(folds)
        let pull = folds == 1 ? 0 : 0.9
        var used = 0.0
        return (0..<folds).map { k in
            let divisor = k == folds - 1 ? foldWidth : foldWidth * (1 + pull)
            let f = min(max((revealed - used) / divisor, 0), 1)
            used += f * foldWidth
            return f
        }
    }

    /// The folds' half-strips of the unfolding page, in viewport points.
    func accordion(revealed: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        let n = max(folds, 1)
        let foldWidth = g.width / Double(n), half = foldWidth / 2
        var left = g.width - revealed
        var quads: [PlacedQuad] = []
        for (k, f) in FoldTransition.fractions(revealed: revealed, pageWidth: g.width, folds: n).enumerated() {
            defer { left += f * foldWidth }
            guard f > 0 else { continue }
            let theta = Double.pi / 2 - asin(f)
            let start = Double(k) * foldWidth
            // The fold's own perspective, about its flat centre.
            let fold = Matrix4.translation(left, 0) * .translation(half, g.height / 2) * .perspective(perspective)
                * .translation(-half, -g.height / 2)
            let leftHalf = fold * .rotation(theta, axis: 0, 1, 0) * .translation(-start, 0)
            let rightHalf = fold * .translation(foldWidth * f, 0) * .rotation(-theta, axis: 0, 1, 0)
                * .translation(-(start + foldWidth), 0)
            var leftEdges: EdgeMask = [.top, .bottom], rightEdges: EdgeMask = [.top, .bottom]
            if k == 0 { leftEdges.insert(.left) }
            if k == n - 1 { rightEdges.insert(.right) }
            let shade = 1 - f
            quads.append(PlacedQuad(transform: leftHalf, source: Rect(x: start, y: 0, width: half, height: g.height),
                                    shading: Shading(from: 0.05 * shade, to: 0.6 * shade),
                                    antialiasedEdges: leftEdges, order: 1, castsShadow: false))
            quads.append(PlacedQuad(transform: rightHalf,
                                    source: Rect(x: start + half, y: 0, width: half, height: g.height),
                                    shading: Shading(from: 0.9 * shade, to: 0.55 * shade),
                                    antialiasedEdges: rightEdges, order: 1, castsShadow: false))
        }
        return quads
    }
}
