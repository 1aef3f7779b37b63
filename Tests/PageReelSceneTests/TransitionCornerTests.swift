import Foundation
import Testing
import PageReelDeck
import PageReelTimeline
@testable import PageReelScene

/// Projected page corners of the non-MAG transitions at s = ±0.5, against arithmetic written out
/// here from the formulas of DESIGN §4. Set-up as in `MAGTransitionTests`: viewport 200×100 at the
/// origin, offset 100, so page 0 is at s = −0.5 and page 1 at s = +0.5.
@Suite struct TransitionCornerTests {
    static let corners = [(0.0, 0.0), (200.0, 0.0), (200.0, 100.0), (0.0, 100.0)]

    static func quads(_ name: TransitionName, folds: Int = 5) -> [PageQuad] {
        var deck = Deck(canvas: Canvas(width: 400, height: 300), viewport: Rect(x: 0, y: 0, width: 200, height: 100),
                        pages: .list([Page(), Page(), Page()]))
        deck.fold = FoldOptions(folds: folds)
        let state = TimelineState(time: 0, offset: 100, velocity: 0, phase: .idle, touch: nil, position: 0.5)
        return SceneBuilder(deck: deck, transition: .named(name)).scene(for: state).items.compactMap {
            if case .page(let q) = $0 { return q }
            return nil
        }
    }

    static func project(_ q: PageQuad, _ points: [(Double, Double)]) -> [(Double, Double)] {
        points.map { q.transform.project($0.0, $0.1)! }
    }

    /// (x, y, z) viewed with eye distance 500 about the viewport centre (100, 50).
    static func eye(_ x: Double, _ y: Double, _ z: Double, distance: Double = 500) -> (Double, Double) {
        let w = 1 - z / distance
        return (100 + (x - 100) / w, 50 + (y - 50) / w)
    }

    static func expect(_ a: [(Double, Double)], _ e: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.count == e.count, sourceLocation: sourceLocation)
        for (p, q) in zip(a, e) {
            #expect(abs(p.0 - q.0) < 1e-6 && abs(p.1 - q.1) < 1e-6, "\(p) != \(q)", sourceLocation: sourceLocation)
        }
    }

    @Test func coverflow() {
        // s = +0.5: c = 0.5, x = (0.5·0.45 + 0.5·0.25)·200 = 70, z = −0.25·200 = −50,
        // turned by −0.5·90°·0.9 = −40.5° about y: (x, y) → (x·cos φ, y, −x·sin φ).
        let phi = -40.5 * Double.pi / 180
        let expected = [(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)].map { (x, y) in
            Self.eye(170 + x * cos(phi), 50 + y, -50 - x * sin(phi))
        }
        let page1 = Self.quads(.coverflow).first { $0.texture.page == 1 }!
        Self.expect(Self.project(page1, Self.corners), expected)
        // s = −0.5 mirrors it: x = −70 → centre 30, angle +40.5°.
        let mirrored = [(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)].map { (x, y) in
            Self.eye(30 + x * cos(-phi), 50 + y, -50 - x * sin(-phi))
        }
        let page0 = Self.quads(.coverflow).first { $0.texture.page == 0 }!
        Self.expect(Self.project(page0, Self.corners), mirrored)
    }

    @Test func cube() {
        // s = +0.5: the face turned by 45° about a vertical axis 100 behind the page plane:
        // (x, y, 0) → (x, y, 100) → rotated → moved to (100, 50, −100).
        let a = Double.pi / 4
        let expected = [(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)].map { (x, y) in
            Self.eye(100 + x * cos(a) + 100 * sin(a), 50 + y, -100 - x * sin(a) + 100 * cos(a))
        }
        let page1 = Self.quads(.cube).first { $0.texture.page == 1 }!
        Self.expect(Self.project(page1, Self.corners), expected)
        // Page 0 at s = −0.5 shares the cube's edge with page 1: its right edge is page 1's left edge.
        let page0 = Self.quads(.cube).first { $0.texture.page == 0 }!
        Self.expect(Self.project(page0, [(200, 0), (200, 100)]), Self.project(page1, [(0, 0), (0, 100)]))
        // Pages a whole turn away are not drawn.
        #expect(Self.quads(.cube).count == 2)
    }

    @Test func depth() {
        let quads = Self.quads(.depth)
        // s = −0.5: slides flat, on top.
        let page0 = quads.first { $0.texture.page == 0 }!
        Self.expect(Self.project(page0, Self.corners), [(-100, 0), (100, 0), (100, 100), (-100, 100)])
        #expect(page0.opacity == 1)
        // s = +0.5: stays centred, scale 0.75 + 0.25·0.5 = 0.875, alpha 1 − 0.5, drawn first.
        let page1 = quads.first { $0.texture.page == 1 }!
        Self.expect(Self.project(page1, Self.corners), [(12.5, 6.25), (187.5, 6.25), (187.5, 93.75), (12.5, 93.75)])
        #expect(page1.opacity == 0.5)
        #expect(quads.firstIndex { $0.texture.page == 1 }! < quads.firstIndex { $0.texture.page == 0 }!)
    }

    @Test func zoom() {
        // s = +0.5: scale max(0.85, 0.5) = 0.85; margins v = 100·0.15/2 = 7.5, h = 200·0.15/2 = 15;
        // shift −15 + 7.5/2 = −11.25 from the resting centre (200, 50); alpha 0.5 + 0·0.5 = 0.5.
        let page1 = Self.quads(.zoom).first { $0.texture.page == 1 }!
        Self.expect(Self.project(page1, Self.corners),
                    [(188.75 - 85, 7.5), (188.75 + 85, 7.5), (188.75 + 85, 92.5), (188.75 - 85, 92.5)])
        #expect(page1.opacity == 0.5)
        // s = −0.5: shift +11.25 from (0, 50).
        let page0 = Self.quads(.zoom).first { $0.texture.page == 0 }!
        Self.expect(Self.project(page0, [(0, 0), (200, 100)]), [(11.25 - 85, 7.5), (11.25 + 85, 92.5)])
    }

    @Test func foldWithTwoFolds() {
        // Two folds of flat width 100 (halves of 50) reveal D = (1 − 0.5)·200 = 100 points at the
        // right of the viewport, [100, 200]. Fold 0: f0 = min(100/(1.9·100), 1) = 0.526…; fold 1
        // (no pull): f1 = (100 − 52.6…)/100 = 0.473…; the widths add up to exactly 100.
        let f0 = 100.0 / 190, f1 = (100 - f0 * 100) / 100
        let quads = Self.quads(.fold, folds: 2)
        // Page 0 slides flat; page 1 is four half-strips.
        let page0 = quads.first { $0.texture.page == 0 }!
        Self.expect(Self.project(page0, Self.corners), [(-100, 0), (100, 0), (100, 100), (-100, 100)])
        let strips = quads.filter { $0.texture.page == 1 }
        #expect(strips.count == 4)
        #expect(strips.map(\.source.x) == [0, 50, 100, 150])
        // Fold 0's left half: hinge at x = 100 (in the page plane, untouched by perspective); the
        // crease at 50·cos θ = 50·f0 across and 50·sin θ back, seen with eye distance 500 about the
        // fold's own centre (150, 50).
        let sinTheta = (1 - f0 * f0).squareRoot()
        let w = 1 + 50 * sinTheta / 500
        let crease = (150 + (100 + 50 * f0 - 150) / w, 50 - 50 / w)
        Self.expect(Self.project(strips[0], [(0, 0), (50, 0), (50, 100), (0, 100)]),
                    [(100, 0), crease, (crease.0, 100 - crease.1), (100, 100)])
        // Fold 0's right half ends at 100 + 100·f0, where fold 1 starts; fold 1 ends at 200.
        Self.expect(Self.project(strips[1], [(100, 0)]), [(100 + 100 * f0, 0)])
        Self.expect(Self.project(strips[2], [(100, 100)]), [(100 + 100 * f0, 100)])
        Self.expect(Self.project(strips[3], [(200, 0), (200, 100)]), [(200, 0), (200, 100)])
        #expect(abs(f0 * 100 + f1 * 100 - 100) < 1e-9)
        // Shading: 0.05→0.6 and 0.9→0.55, times 1 − f.
        #expect(strips[0].shading == Shading(from: 0.05 * (1 - f0), to: 0.6 * (1 - f0)))
        #expect(strips[3].shading == Shading(from: 0.9 * (1 - f1), to: 0.55 * (1 - f1)))
        // Only the page's own outer edges are anti-aliased, so strips meet without seams.
        #expect(strips[0].antialiasedEdges == [.left, .top, .bottom])
        #expect(strips[1].antialiasedEdges == [.top, .bottom])
        #expect(strips[3].antialiasedEdges == [.right, .top, .bottom])
    }

    /// The accordion always fills exactly the revealed strip, with PaperFold's 5 folds.
    @Test func foldFractionsFillTheStrip() {
        for step in 1...100 {
            let revealed = Double(step) * 3.2
            let f = FoldTransition.fractions(revealed: revealed, pageWidth: 320, folds: 5)
            #expect(abs(f.reduce(0, +) * 64 - revealed) < 1e-9)
            #expect(f.allSatisfy { (0...1).contains($0) })
        }
        // PaperFold's hint: 30 pt at 320 wide opens the first fold to 30/(1.9·64) ≈ 0.247.
        #expect(abs(FoldTransition.fractions(revealed: 30, pageWidth: 320, folds: 5)[0] - 30 / (1.9 * 64)) < 1e-12)
    }
}
