import Foundation
import Testing
import PageReelDeck
@testable import PageReelScene

/// Swiper's effects against the corners measured in Chromium running Swiper 14.0.6 (paging catalogue
/// §3.9): TL, TR, BR, BL in container points, to 0.02. Slide i at continuous index c has s = i − c;
/// zIndex is the whole part of the order rounded up.
@Suite struct SwiperTransitionTests {
    typealias Point = (Double, Double)

    static func corners(_ q: PlacedQuad, _ g: PageGeometry) -> [Point] {
        [(0.0, 0.0), (g.width, 0), (g.width, g.height), (0, g.height)].map {
            let p = q.transform.project($0.0, $0.1)!
            return (p.x, p.y)
        }
    }

    static func only(_ t: SwiperTransition, page: Int, c: Double, _ g: PageGeometry,
                     sourceLocation: SourceLocation = #_sourceLocation) -> PlacedQuad? {
        let quads = t.place(page: page, s: Double(page) - c, geometry: g)
        #expect(quads.count == 1, "page \(page) at c = \(c)", sourceLocation: sourceLocation)
        return quads.first
    }

    static func expect(_ t: SwiperTransition, page: Int, c: Double, _ g: PageGeometry, _ expected: [Point],
                       zIndex: Double? = nil, opacity: Double = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let q = only(t, page: page, c: c, g, sourceLocation: sourceLocation) else { return }
        for (a, e) in zip(corners(q, g), expected) {
            #expect(abs(a.0 - e.0) < 0.02 && abs(a.1 - e.1) < 0.02, "page \(page): \(a) != \(e)",
                    sourceLocation: sourceLocation)
        }
        if let zIndex {
            #expect(q.order.rounded(.up) == zIndex, "page \(page) order \(q.order)", sourceLocation: sourceLocation)
        }
        #expect(abs(q.opacity - opacity) < 1e-9, sourceLocation: sourceLocation)
    }

    static let page400 = PageGeometry(width: 400, height: 300, offset: 0, pageCount: 5)
    static let spv3 = PageGeometry(width: 300, height: 300, offset: 0, pageCount: 5, viewport: (900, 300))

    // MARK: Reference vectors

    @Test func cube() {
        let t = SwiperTransition(.cube)
        Self.expect(t, page: 0, c: 0.25, Self.page400,
                    [(-42.75, 10.66), (314.07, -8.08), (314.07, 308.08), (-42.75, 289.34)])
        Self.expect(t, page: 1, c: 0.25, Self.page400,
                    [(314.07, -8.08), (407.91, 30.66), (407.91, 269.34), (314.07, 308.08)])
        // The back face (c = 0.25) and the face before the previous one (c = 1.25) are turned away;
        // the previous face at c = 1.75 still shows.
        #expect(t.place(page: 2, s: 1.75, geometry: Self.page400).isEmpty)
        #expect(t.place(page: 0, s: -1.25, geometry: Self.page400).isEmpty)
        #expect(t.place(page: 1, s: -0.75, geometry: Self.page400).count == 1)
        // A whole turn on, page 4 is on the front face again.
        Self.expect(t, page: 4, c: 4, Self.page400, [(0, 0), (400, 0), (400, 300), (0, 300)])
    }

    @Test func cubeVertical() {
        let t = SwiperTransition(.cube, vertical: true)
        Self.expect(t, page: 0, c: 0.25, Self.page400,
                    [(10.85, -35.35), (389.15, -35.35), (407.97, 234.41), (-7.97, 234.41)])
        Self.expect(t, page: 1, c: 0.25, Self.page400,
                    [(-7.97, 234.41), (407.97, 234.41), (367.69, 314.33), (32.31, 314.33)])
    }

    @Test func coverflowAtRest() {
        let t = SwiperTransition(.coverflow)
        Self.expect(t, page: 1, c: 2, Self.spv3,
                    [(48.60, -1.89), (277.34, 22.78), (277.34, 277.22), (48.60, 301.89)], zIndex: 0)
        Self.expect(t, page: 2, c: 2, Self.spv3, [(300, 0), (600, 0), (600, 300), (300, 300)], zIndex: 1)
        Self.expect(t, page: 3, c: 2, Self.spv3,
                    [(622.66, 22.78), (851.40, -1.89), (851.40, 301.89), (622.66, 277.22)], zIndex: 0)
    }

    @Test func coverflowBetween() {
        let t = SwiperTransition(.coverflow)
        Self.expect(t, page: 1, c: 2.3, Self.spv3,
                    [(-5.65, -0.75), (182.64, 27.21), (182.64, 272.79), (-5.65, 300.75)], zIndex: 0)
        Self.expect(t, page: 2, c: 2.3, Self.spv3,
                    [(213.37, -1.11), (501.91, 8.14), (501.91, 291.86), (213.37, 301.11)], zIndex: 1)
        Self.expect(t, page: 3, c: 2.3, Self.spv3,
                    [(527.10, 17.26), (787.38, -2.03), (787.38, 302.03), (527.10, 282.74)], zIndex: 0)
        // Same zIndex: the page nearer the current one is drawn over the other.
        let orders = (1...3).map { Self.only(t, page: $0, c: 2.3, Self.spv3)!.order }
        #expect(orders[1] > orders[2] && orders[2] > orders[0])
    }

    @Test func coverflowWithSpaceBetween() {
        // S = (900 − 2·30)/3 = 280; progress 1 but the centre offset is 310/280.
        var g = PageGeometry(width: 280, height: 300, offset: 0, pageCount: 5, viewport: (900, 300))
        g.spacing = 30
        Self.expect(SwiperTransition(.coverflow), page: 1, c: 2, g,
                    [(58.96, -0.56), (256.09, 23.76), (256.09, 276.24), (58.96, 300.56)], zIndex: 0)
    }

    @Test func flip() {
        let t = SwiperTransition(.flip)
        Self.expect(t, page: 0, c: 0.25, Self.page400,
                    [(73.49, 15.81), (360.31, -20.04), (360.31, 320.04), (73.49, 284.19)], zIndex: 5)
        // rotateY(135deg): its back faces the viewer.
        #expect(t.place(page: 1, s: 0.75, geometry: Self.page400).isEmpty)
        // Past half-way the next page is on top (zIndex 5 against 4) and the current one is hidden.
        // Page 1 at s = 0.25: rotateY(45deg) about (200, 150): x′ = x·cos, z′ = −x·sin.
        let a = Double.pi / 4
        let turned = [(-200.0, -150.0), (200, -150), (200, 150), (-200, 150)].map { (x, y) in
            Self.eye(200 + x * cos(a), 150 + y, -x * sin(a), centre: (200, 150))
        }
        Self.expect(t, page: 1, c: 0.75, Self.page400, turned, zIndex: 5)
        #expect(t.place(page: 0, s: -0.75, geometry: Self.page400).isEmpty)
    }

    @Test func creativeDemo() {
        let options = TransitionOptions([
            "prev": .object(TransitionOptions(["translate": .array([.number(0), .number(0), .number(-400)])])),
            "next": .object(TransitionOptions(["translate": .array([.string("100%"), .number(0), .number(0)])])),
        ])
        let t = SwiperTransition(.creative, options: options)
        Self.expect(t, page: 0, c: 0.5, Self.page400,
                    [(28.57, 21.43), (371.43, 21.43), (371.43, 278.57), (28.57, 278.57)], zIndex: 4)
        Self.expect(t, page: 1, c: 0.5, Self.page400, [(200, 0), (600, 0), (600, 300), (200, 300)], zIndex: 5)
    }

    @Test func cardsNotTouching() {
        let t = SwiperTransition(.cards)
        let g = PageGeometry(width: 240, height: 320, offset: 0, pageCount: 5)
        Self.expect(t, page: 0, c: 0.5, g,
                    [(-9.33, 8.46), (221.04, 4.44), (226.40, 311.59), (-3.97, 315.61)], zIndex: 4)
        Self.expect(t, page: 1, c: 0.5, g,
                    [(18.96, 4.44), (249.33, 8.46), (243.97, 315.61), (13.60, 311.59)], zIndex: 5)
        Self.expect(t, page: 2, c: 0.5, g,
                    [(50.37, 12.59), (263.41, 23.75), (248.52, 307.80), (35.48, 296.64)], zIndex: 4)
        // zIndex 4 twice: the card half a page away is drawn over the one a page and a half away.
        #expect(Self.only(t, page: 0, c: 0.5, g)!.order > Self.only(t, page: 2, c: 0.5, g)!.order)
        // The plain shadow: opacity (|p| − 0.5)/0.5 of rgba(0,0,0,.15): none at 0.5, full at 1.5.
        #expect(Self.only(t, page: 0, c: 0.5, g)!.shading == nil)
        #expect(Self.only(t, page: 2, c: 0.5, g)!.shading == Shading(from: 0.15, to: 0.15))
    }

    @Test func fade() {
        let whole: [Point] = [(0, 0), (400, 0), (400, 300), (0, 300)]
        let t = SwiperTransition(.fade)
        Self.expect(t, page: 0, c: 0.5, Self.page400, whole, opacity: 1)
        Self.expect(t, page: 1, c: 0.5, Self.page400, whole, opacity: 0.5)
        // No zIndex: DOM order, so the fading page is on top.
        #expect(Self.only(t, page: 1, c: 0.5, Self.page400)!.order > Self.only(t, page: 0, c: 0.5, Self.page400)!.order)
        let cross = SwiperTransition(.fade, options: TransitionOptions(["crossFade": .bool(true)]))
        Self.expect(cross, page: 0, c: 0.5, Self.page400, whole, opacity: 0.5)
        Self.expect(cross, page: 1, c: 0.5, Self.page400, whole, opacity: 0.5)
    }

    // MARK: Beyond the measured vectors, from the formulas of §3

    /// (x, y, z) seen with Swiper's 1200 px perspective about the container centre (cx, cy).
    static func eye(_ x: Double, _ y: Double, _ z: Double, centre: Point) -> Point {
        let k = 1200 / (1200 - z)
        return (centre.0 + (x - centre.0) * k, centre.1 + (y - centre.1) * k)
    }

    @Test func flipVertical() {
        // progress 0.25 → rotateX(45deg) about the centre (200, 150): y′ = y·cos, z′ = y·sin.
        let a = Double.pi / 4
        let expected = [(-200.0, -150.0), (200, -150), (200, 150), (-200, 150)].map { (x, y) in
            Self.eye(200 + x, 150 + y * cos(a), y * sin(a), centre: (200, 150))
        }
        Self.expect(SwiperTransition(.flip, vertical: true), page: 0, c: 0.25, Self.page400, expected, zIndex: 5)
    }

    @Test func coverflowOptionsAndVertical() {
        // rotate 40, depth 150, stretch 10% of 300: page 3 at c = 2 has m = −1: rotateY(−40deg),
        // z −150, shifted by −30.
        let options = TransitionOptions(["rotate": .number(40), "depth": .number(150), "stretch": .string("10%")])
        let a = -40 * Double.pi / 180
        let expected = [(-150.0, -150.0), (150, -150), (150, 150), (-150, 150)].map { (x, y) in
            Self.eye(750 - 30 + x * cos(a), 150 + y, -150 - x * sin(a), centre: (450, 150))
        }
        Self.expect(SwiperTransition(.coverflow, options: options), page: 3, c: 2, Self.spv3, expected, zIndex: 0)
        // Vertical: page 1 below the current one (900 tall viewport) turns by rotateX(+50deg): m = −1.
        let g = PageGeometry(width: 300, height: 300, offset: 0, pageCount: 5, viewport: (300, 900))
        let b = 50 * Double.pi / 180
        let vertical = [(-150.0, -150.0), (150, -150), (150, 150), (-150, 150)].map { (x, y) in
            Self.eye(150 + x, 750 + y * cos(b), -100 + y * sin(b), centre: (150, 450))
        }
        Self.expect(SwiperTransition(.coverflow, vertical: true), page: 1, c: 0, g, vertical, zIndex: 0)
    }

    @Test func slideShadows() {
        // Cube, next face at s = 0.75: the -left shadow (dark at the right edge) at opacity 0.75.
        let cube = SwiperTransition(.cube).place(page: 1, s: 0.75, geometry: Self.page400)
        #expect(cube.first?.shading == Shading(from: 0, to: 0.375))
        // Coverflow, previous page at m = 1.3: the -left shadow, opacity clamped to 1.
        let cover = SwiperTransition(.coverflow).place(page: 1, s: -1.3, geometry: Self.spv3)
        #expect(cover.first?.shading == Shading(from: 0, to: 0.5))
        // Flip, current page at progress 0.25: the -right shadow, dark at the left edge.
        let flip = SwiperTransition(.flip).place(page: 0, s: -0.25, geometry: Self.page400)
        #expect(flip.first?.shading == Shading(from: 0.125, to: 0))
        let off = SwiperTransition(.flip, options: TransitionOptions(["slideShadows": .bool(false)]))
        #expect(off.place(page: 0, s: -0.25, geometry: Self.page400).first?.shading == nil)
    }

    @Test func slide() {
        var g = Self.page400
        g.spacing = 20
        Self.expect(SwiperTransition(.slide), page: 1, c: 0.5, g, [(210, 0), (610, 0), (610, 300), (210, 300)])
        Self.expect(SwiperTransition(.slide, vertical: true), page: 1, c: 0.5, g,
                    [(0, 160), (400, 160), (400, 460), (0, 460)])
    }

    @Test func creativeStates() {
        // next: opacity 0, scale 0.5, rotate z 90 about the top-left corner, with a shadow.
        let next = TransitionOptions(["opacity": .number(0), "scale": .number(0.5),
                                      "rotate": .array([.number(0), .number(0), .number(90)]),
                                      "origin": .string("left top"), "shadow": .bool(true)])
        let options = TransitionOptions(["next": .object(next), "perspective": .bool(false)])
        let t = SwiperTransition(.creative, options: options)
        // s = 0.5: opacity 0.5, scale 0.75, rotateZ(45deg) about (0, 0), shadow 0.15·0.5.
        let q = Self.only(t, page: 1, c: 0.5, Self.page400)!
        #expect(abs(q.opacity - 0.5) < 1e-9)
        #expect(q.shading == Shading(from: 0.075, to: 0.075))
        let k = 0.75 * (0.5).squareRoot()
        let expected: [Point] = [(0, 0), (400 * k, 400 * k), (400 * k - 300 * k, 400 * k + 300 * k),
                                 (-300 * k, 300 * k)]
        Self.expect(t, page: 1, c: 0.5, Self.page400, expected, zIndex: 5, opacity: 0.5)
        // The default prev state keeps the page still; past limitProgress it stops moving.
        Self.expect(t, page: 0, c: 0.5, Self.page400, [(0, 0), (400, 0), (400, 300), (0, 300)], zIndex: 4)
        #expect(Self.corners(Self.only(t, page: 3, c: 0.5, Self.page400)!, Self.page400).map(\.0)
                == Self.corners(Self.only(t, page: 2, c: 1, Self.page400)!, Self.page400).map(\.0))
    }

    @Test func optionNamesAndReach() {
        #expect(SwiperTransition.optionNames(.fade) == ["crossFade"])
        #expect(SwiperTransition.optionNames(.cube) == ["slideShadows", "shadow", "shadowOffset", "shadowScale"])
        #expect(SwiperTransition.optionNames(.coverflow)
                == ["rotate", "stretch", "depth", "scale", "modifier", "slideShadows"])
        #expect(SwiperTransition.optionNames(.flip) == ["slideShadows", "limitRotation"])
        #expect(SwiperTransition.optionNames(.cards) == ["slideShadows", "rotate", "perSlideRotate", "perSlideOffset"])
        #expect(SwiperTransition.optionNames(.creative)
                == ["limitProgress", "shadowPerProgress", "progressMultiplier", "perspective", "prev", "next"])
        #expect(SwiperTransition.optionNames(.slide).isEmpty)
        // The deck format declares each effect with the same options.
        for effect in SwiperTransition.Effect.allCases {
            let entry = TransitionCatalogue.entry("swiper." + effect.rawValue)
            #expect(entry?.options.map(\.name) == SwiperTransition.optionNames(effect), "\(effect)")
        }
        #expect(SwiperTransition(.cube).reach == 1)
        #expect(SwiperTransition(.cards).reach == 5)
        #expect(SwiperTransition(.creative, options: TransitionOptions(["limitProgress": .number(3)])).reach == 4)
    }
}
