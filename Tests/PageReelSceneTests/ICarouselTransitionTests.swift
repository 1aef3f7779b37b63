import Foundation
import Testing
import PageReelDeck
import PageReelTimeline
@testable import PageReelScene

/// iCarousel's types against the test vectors of `paging-catalogues.md` §1.8: a 320 × 480 carousel
/// (centre (160, 240)), 200 × 200 items, 20 items, so N = 12 round the circular types; corners
/// top-left, top-right, bottom-right, bottom-left, in screen points.
@Suite struct ICarouselTransitionTests {
    static let geometry = PageGeometry(width: 200, height: 200, offset: 0, pageCount: 20, viewport: (320, 480))

    static func corners(_ kind: ICarouselTransition.Kind, s: Double, options: TransitionOptions = TransitionOptions())
        -> [(Double, Double)] {
        let quad = ICarouselTransition(kind, options: options, geometry: geometry).place(page: 0, s: s, geometry: geometry)[0]
        return [(0.0, 0.0), (200, 0), (200, 200), (0, 200)].map { quad.transform.project($0.0, $0.1)! }
    }

    static func expect(_ kind: ICarouselTransition.Kind, s: Double, _ expected: [(Double, Double)],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = corners(kind, s: s)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a.0 - e.0) < 0.011 && abs(a.1 - e.1) < 0.011, "\(kind) s=\(s): \(a) != \(e)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func referenceVectors() {
        Self.expect(.linear, s: 0.5, [(160, 140), (360, 140), (360, 340), (160, 340)])
        Self.expect(.rotary, s: 1, [(238.73, 149.09), (420.55, 149.09), (420.55, 330.91), (238.73, 330.91)])
        Self.expect(.cylinder, s: 0.5, [(160.00, 137.29), (339.35, 147.16), (339.35, 332.84), (160.00, 342.71)])
        Self.expect(.cylinder, s: 1, [(260.01, 140.00), (387.68, 156.67), (387.68, 323.33), (260.01, 340.00)])
        Self.expect(.invertedCylinder, s: 1, [(260.00, 140.00), (501.51, 115.00), (501.51, 365.00), (260.00, 340.00)])
        Self.expect(.wheel, s: 1, [(314.39, 154.57), (487.60, 254.57), (387.59, 427.78), (214.38, 327.78)])
        Self.expect(.invertedWheel, s: 1, [(214.38, 152.22), (387.59, 52.22), (487.60, 225.43), (314.39, 325.43)])
        Self.expect(.coverFlow, s: 0.5, [(155.09, 158.69), (310.54, 136.92), (310.54, 343.08), (155.09, 321.31)])
        Self.expect(.coverFlow, s: 1, [(248.98, 168.45), (315.26, 140.25), (315.26, 339.75), (248.98, 311.55)])
        Self.expect(.coverFlow, s: -1, [(4.74, 140.25), (71.02, 168.45), (71.02, 311.55), (4.74, 339.75)])
        Self.expect(.timeMachine, s: 0.5, [(72.50, 115.00), (322.50, 115.00), (322.50, 365.00), (72.50, 365.00)])
        Self.expect(.timeMachine, s: -1, [(45.71, 168.57), (188.57, 168.57), (188.57, 311.43), (45.71, 311.43)])
        Self.expect(.invertedTimeMachine, s: 1, [(131.43, 168.57), (274.29, 168.57), (274.29, 311.43), (131.43, 311.43)])
    }

    /// Alpha: the time machine fades the next items (fadeMax 0: alpha 1 − min(s, 1)), the inverted
    /// one the previous ones; the others never fade by default.
    @Test func alpha() {
        let g = Self.geometry
        func alpha(_ kind: ICarouselTransition.Kind, _ s: Double) -> Double? {
            ICarouselTransition(kind, geometry: g).place(page: 0, s: s, geometry: g).first?.opacity
        }
        #expect(alpha(.timeMachine, 0.5) == 0.5 && alpha(.timeMachine, -2) == 1 && alpha(.timeMachine, 1) == nil)
        #expect(alpha(.invertedTimeMachine, -0.25) == 0.75 && alpha(.invertedTimeMachine, 2) == 1)
        #expect(alpha(.cylinder, 3) == 1 && alpha(.linear, -4) == 1)
        let faded = ICarouselTransition(.linear, options: TransitionOptions(["fadeMax": .number(0.5), "fadeRange": .number(2),
                                                                             "fadeMinAlpha": .number(0.2)]), geometry: g)
        // f = 1.5 − 0.5 = 1 of a range of 2: 1 − 0.5 · 0.8.
        #expect(abs(faded.place(page: 0, s: 1.5, geometry: g)[0].opacity - 0.6) < 1e-12)
    }

    /// Depth order: CoverFlow's keys are 1.0 at s = 0, −98.86 at s = +1 and −100.83 at s = −1 (the z
    /// of the transformed point (1, 1, 1)); the centre item is drawn last.
    @Test func coverFlowDepthKeys() {
        let g = Self.geometry, flow = ICarouselTransition(.coverFlow, geometry: g)
        func key(_ s: Double) -> Double { flow.place(page: 0, s: s, geometry: g)[0].order }
        #expect(abs(key(0) - 1) < 1e-3 && abs(key(1) + 98.86) < 0.01 && abs(key(-1) + 100.83) < 0.01)
    }

    /// The inverted cylinder hides items turned away from the viewer (m33 = cos θ ≤ 0: θ = s·30°,
    /// so from s = 3 on); the cylinder shows them.
    @Test func backFaces() {
        let g = Self.geometry
        #expect(ICarouselTransition(.invertedCylinder, geometry: g).place(page: 0, s: 2.9, geometry: g).count == 1)
        #expect(ICarouselTransition(.invertedCylinder, geometry: g).place(page: 0, s: 3.1, geometry: g).isEmpty)
        #expect(ICarouselTransition(.cylinder, geometry: g).place(page: 0, s: 4, geometry: g).count == 1)
    }

    /// Options: a linear carousel with spacing 1.5 puts the item at s = 1 one and a half widths over.
    @Test func options() {
        let g = Self.geometry
        let quad = ICarouselTransition(.linear, options: TransitionOptions(["spacing": .number(1.5)]), geometry: g)
            .place(page: 0, s: 1, geometry: g)[0]
        let tl = quad.transform.project(0, 0)!
        #expect(abs(tl.0 - (160 - 100 + 300)) < 1e-9 && abs(tl.1 - 140) < 1e-9)
    }
}

/// Every catalogue entry is drawn: the current page, at rest, shows.
@Suite struct TransitionCatalogueDrawingTests {
    @Test func everyEntryPlacesTheCurrentPage() {
        let deck = Deck(canvas: Canvas(width: 640, height: 480), viewport: Rect(x: 220, y: 90, width: 200, height: 300),
                        pages: .list([Page(), Page(), Page()]))
        let geometry = PageGeometry(width: 200, height: 300, offset: 200, pageCount: 3)
        for name in TransitionCatalogue.names {
            let transition = SceneBuilder.makeTransition(.catalogue(CatalogueTransition(name: name)), deck: deck)
            let quads = transition.place(page: 1, s: 0, geometry: geometry)
            #expect(quads.count == 1 && quads[0].opacity == 1, "\(name)")
        }
    }
}

/// Options cannot make a frame draw every page: at most 15 on each side of the current one.
@Suite struct TransitionReachTests {
    @Test func reachIsCapped() {
        let deck = Deck(canvas: Canvas(width: 640, height: 480), viewport: Rect(x: 220, y: 90, width: 200, height: 300),
                        pages: .template(count: 100_000, page: Page()))
        let spec = TransitionSpec.catalogue(CatalogueTransition(name: "swiper.creative",
                                                                options: TransitionOptions(["limitProgress": .number(1000)])))
        let state = TimelineState(time: 0, offset: 50_000 * 200, velocity: 0, phase: .idle, touch: nil, position: 50_000)
        let pages = SceneBuilder(deck: deck, transition: spec).scene(for: state).items.filter {
            if case .page = $0 { return true }
            return false
        }
        #expect(pages.count <= 31 && pages.count > 0)
    }
}
