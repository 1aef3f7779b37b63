import Foundation
import Testing
import PageReelDeck
import PageReelTimeline
@testable import PageReelScene

/// Page corners under MAG's transitions, against values worked out by hand from
/// PagedScrollView.layoutSubviews: centerDX = 100·s, angle = 0.5·centerDX degrees, shift
/// (W·dx·s, W·dy·|s|), rotation about the normalised axis through the page centre.
///
/// Set-up for every case: viewport 200×100 at the canvas origin, scale 1, offset 100 (position 0.5),
/// so page 0 sits at s = −0.5 and page 1 at s = +0.5; each page's centre rests at
/// x = 200·s + 100, y = 50. Corners are listed top-left, top-right, bottom-right, bottom-left.
@Suite struct MAGTransitionTests {
    static func corners(_ transition: TransitionSpec, perspective: Double = 0, page: Int) -> [(Double, Double)] {
        var deck = Deck(canvas: Canvas(width: 400, height: 300), viewport: Rect(x: 0, y: 0, width: 200, height: 100),
                        pages: .list([Page(), Page()]))
        deck.perspective = perspective
        let builder = SceneBuilder(deck: deck, transition: transition)
        let state = TimelineState(time: 0, offset: 100, velocity: 0, phase: .idle, touch: nil, position: 0.5)
        let quad = builder.scene(for: state).items.compactMap { item -> PageQuad? in
            if case .page(let q) = item, q.texture.page == page { return q }
            return nil
        }.first!
        return [(0, 0), (200, 0), (200, 100), (0, 100)].map { quad.transform.project($0.0, $0.1)! }
    }

    static func expectCorners(_ actual: [(Double, Double)], _ expected: [(Double, Double)],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        for (a, e) in zip(actual, expected) {
            #expect(abs(a.0 - e.0) < 1e-9 && abs(a.1 - e.1) < 1e-9, "\(a) != \(e)", sourceLocation: sourceLocation)
        }
    }

    @Test func noneOnlyScrolls() {
        // Page 1: centre (200, 50), no shift, no rotation.
        Self.expectCorners(Self.corners(.named(.none), page: 1), [(100, 0), (300, 0), (300, 100), (100, 100)])
        // Page 0: centre (0, 50).
        Self.expectCorners(Self.corners(.named(.none), page: 0), [(-100, 0), (100, 0), (100, 100), (-100, 100)])
    }

    @Test func slideShiftsOutAndDown() {
        // s = +0.5: shift (200·0.25·0.5, 200·0.25·0.5) = (25, 25); centre (225, 75).
        Self.expectCorners(Self.corners(.named(.slide), page: 1), [(125, 25), (325, 25), (325, 125), (125, 125)])
        // s = −0.5: shift (−25, +25) (|s| for y); centre (−25, 75).
        Self.expectCorners(Self.corners(.named(.slide), page: 0), [(-125, 25), (75, 25), (75, 125), (-125, 125)])
    }

    @Test func diveSquashesVertically() {
        // s = +0.5: angle 25° about x, seen orthographically: half height 50·cos 25° = 45.315…;
        // shift (25, 0); centre (225, 50).
        let h = 50 * cos(25 * Double.pi / 180)
        Self.expectCorners(Self.corners(.named(.dive), page: 1),
                           [(125, 50 - h), (325, 50 - h), (325, 50 + h), (125, 50 + h)])
    }

    @Test func rollSquashesAndDrops() {
        // As dive, plus a drop of 200·0.25·0.5 = 25.
        let h = 50 * cos(25 * Double.pi / 180)
        Self.expectCorners(Self.corners(.named(.roll), page: 0),
                           [(-125, 75 - h), (75, 75 - h), (75, 75 + h), (-125, 75 + h)])
    }

    @Test func cardsShearAlongTheDiagonal() {
        // Axis (−1, −1, 0)/√2, angle 25°: the projected 2×2 is [[p, q], [q, p]] with
        // p = (1 + cos 25°)/2, q = (1 − cos 25°)/2 (Rodrigues; the axis has no z, so sin drops out).
        let c = cos(25 * Double.pi / 180)
        let p = (1 + c) / 2, q = (1 - c) / 2
        // Centre (200 + 25, 50 + 25) for s = +0.5.
        let expected = [(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)].map { (x, y) in
            (225 + p * x + q * y, 75 + q * x + p * y)
        }
        Self.expectCorners(Self.corners(.named(.cards), page: 1), expected)
    }

    @Test func customTransitionWithPerspective() {
        // Rotation 30°·… : angleRatio 0.6 → angle = 0.6·50 = 30° about y for s = +0.5; no shift.
        // R_y(30°) maps (x, y, 0) to (x·cos 30°, y, −x·sin 30°); centre (200, 50) in the viewport.
        // Perspective P = 400 about the viewport centre (100, 50): w = 1 − z/400,
        // screen = centre_v + (point − centre_v)/w.
        let custom = CustomTransition(angleRatio: 0.6, translation: (0, 0), rotation: (0, 1, 0), perspective: 400)
        let c = cos(30 * Double.pi / 180), s = sin(30 * Double.pi / 180)
        let expected = [(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)].map { (x, y) -> (Double, Double) in
            let px = 200 + x * c, py = 50 + y, pz = -x * s
            let w = 1 - pz / 400
            return (100 + (px - 100) / w, 50 + (py - 50) / w)
        }
        Self.expectCorners(Self.corners(.custom(custom), page: 1), expected)
    }

    @Test func namedTransitionsUseTheDeckPerspective() {
        // Cards at s = −0.5 with perspective 500: the same 3D points, divided by w = 1 − z/500.
        // The rotation's z row for axis k = (−1, −1, 0)/√2: z = sin 25°·(k_x·y − k_y·x)… computed via
        // Rodrigues: R[2][0] = −k_y·sin, R[2][1] = k_x·sin (k_z = 0), angle = −25° for s = −0.5.
        let a = -25 * Double.pi / 180
        let c = cos(a), sn = sin(a)
        let k = -1 / 2.0.squareRoot()
        let p = (1 + c) / 2, q = (1 - c) / 2
        // Centre for s = −0.5: (0 − 25, 50 + 25).
        let expected = [(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)].map { (x, y) -> (Double, Double) in
            let px = -25 + p * x + q * y, py = 75 + q * x + p * y
            let pz = -k * sn * x + k * sn * y
            let w = 1 - pz / 500
            return (100 + (px - 100) / w, 50 + (py - 50) / w)
        }
        Self.expectCorners(Self.corners(.named(.cards), perspective: 500, page: 0), expected)
    }
}

@Suite struct TransitionSwitchTests {
    /// The scene follows a transition switched by the script; without one, the deck's.
    @Test func sceneUsesTheStateTransition() {
        let deck = Deck(canvas: Canvas(width: 400, height: 300), viewport: Rect(x: 0, y: 0, width: 200, height: 100),
                        pages: .list([Page(), Page(), Page()]))
        var state = TimelineState(time: 0, offset: 100, velocity: 0, phase: .idle, touch: nil, position: 0.5)
        let builder = SceneBuilder(deck: deck)
        let plain = builder.scene(for: state)
        state.transition = .named(.cube)
        let cube = builder.scene(for: state)
        #expect(plain != cube)
        #expect(cube == SceneBuilder(deck: deck, transition: .named(.cube)).scene(for: state))
    }
}
