import Foundation
import Testing
import PageReelDeck
@testable import PageReelScene

/// ViewPagerTransforms' corners against the test vectors of paging-catalogues §2.6 (a 1080 × 1920 px
/// page at 420 dpi, corners TL, TR, BR, BL in pager pixels), and the decimal rows also against the
/// reference's closed forms written out here. Pages are placed in points (px / 2.625) and the
/// projected corners scaled back to pixels.
@Suite struct ViewPagerTransitionTests {
    typealias Transformer = ViewPagerTransition.Transformer
    static let density = 2.625
    static let geometry = PageGeometry(width: 1080 / density, height: 1920 / density, offset: 0, pageCount: 5)

    static func quad(_ t: Transformer, _ s: Double, options: TransitionOptions = TransitionOptions(),
                     vertical: Bool = false, geometry: PageGeometry = geometry) -> PlacedQuad? {
        ViewPagerTransition(t, options: options, vertical: vertical).place(page: 0, s: s, geometry: geometry).first
    }

    /// The four corners of the page at s, in pixels at `scale` pixels per point.
    static func corners(_ t: Transformer, _ s: Double, options: TransitionOptions = TransitionOptions(),
                        vertical: Bool = false, geometry: PageGeometry = geometry,
                        scale: Double = density) -> [(Double, Double)] {
        guard let q = quad(t, s, options: options, vertical: vertical, geometry: geometry) else { return [] }
        let (w, h) = (geometry.width, geometry.height)
        return [(0, 0), (w, 0), (w, h), (0, h)].map {
            let p = q.transform.project($0.0, $0.1)!
            return (p.x * scale, p.y * scale)
        }
    }

    static func expect(_ actual: [(Double, Double)], _ expected: [(Double, Double)], within tolerance: Double = 0.05,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a.0 - e.0) <= tolerance && abs(a.1 - e.1) <= tolerance, "\(a) != \(e)",
                    sourceLocation: sourceLocation)
        }
    }

    /// §2.2: rotationY = θ about pivot (px, py) with eye D, for the corner (x, y), then + (ox, 0).
    static func rotatedY(_ x: Double, _ y: Double, pivot: (Double, Double), degrees: Double, eye d: Double,
                         shift: Double) -> (Double, Double) {
        let (u, v) = (x - pivot.0, y - pivot.1), t = degrees * Double.pi / 180
        let w = 1 + u * sin(t) / d
        return (shift + pivot.0 + u * cos(t) / w, pivot.1 + v / w)
    }

    /// §2.2: 2D clockwise rotation by `degrees` about the pivot, then + (shift, 0).
    static func rotated(_ x: Double, _ y: Double, pivot: (Double, Double), degrees: Double,
                        shift: Double) -> (Double, Double) {
        let (u, v) = (x - pivot.0, y - pivot.1), t = degrees * Double.pi / 180
        return (shift + pivot.0 + u * cos(t) - v * sin(t), pivot.1 + u * sin(t) + v * cos(t))
    }

    static let pixelCorners = [(0.0, 0.0), (1080.0, 0.0), (1080.0, 1920.0), (0.0, 1920.0)]

    // MARK: §2.6, flat rows

    @Test func flatVectors() {
        let rows: [(Transformer, Double, [(Double, Double)], Double)] = [
            (.accordion, 0.25, [(270, 0), (1080, 0), (1080, 1920), (270, 1920)], 1),
            (.backgroundToForeground, 0.5, [(675, 480), (1215, 480), (1215, 1440), (675, 1440)], 1),
            (.backgroundToForeground, -0.5, [(-1080, 0), (0, 0), (0, 1920), (-1080, 1920)], 1),
            (.depthPage, 0.5, [(0, 120), (945, 120), (945, 1800), (0, 1800)], 0.5),
            (.drawer, 0.5, [(270, 0), (1350, 0), (1350, 1920), (270, 1920)], 1),
            (.foregroundToBackground, -0.5, [(-135, 480), (405, 480), (405, 1440), (-135, 1440)], 1),
            (.scaleInOut, 0.25, [(270, 240), (1080, 240), (1080, 1680), (270, 1680)], 1),
            (.stack, 0.5, [(0, 0), (1080, 0), (1080, 1920), (0, 1920)], 1),
            (.zoomIn, 0.25, [(135, 240), (945, 240), (945, 1680), (135, 1680)], 1),
            (.zoomOutSlide, 0.5, [(612, 144), (1530, 144), (1530, 1776), (612, 1776)], 0.5),
            (.zoomOut, 0.25, [(-135, -240), (1215, -240), (1215, 2160), (-135, 2160)], 0.75),
        ]
        for (t, p, expected, alpha) in rows {
            Self.expect(Self.corners(t, p), expected)
            #expect(abs((Self.quad(t, p)?.opacity ?? -1) - alpha) < 1e-9, "\(t) alpha")
        }
    }

    // MARK: §2.6, rotated and projected rows

    @Test func cubeOut() {
        let d = 72 * 1080 * 20 / 420.0
        #expect(abs(d - 3702.86) < 0.005)
        Self.expect(Self.corners(.cubeOut, 0.25), [(270, 0), (1167.6, 96.4), (1167.6, 1823.6), (270, 1920)])
        Self.expect(Self.corners(.cubeOut, 0.5), [(540, 0), (1173.1, 164.1), (1173.1, 1755.9), (540, 1920)])
        for p in [0.25, 0.5] {
            Self.expect(Self.corners(.cubeOut, p), Self.pixelCorners.map {
                Self.rotatedY($0.0, $0.1, pivot: (0, 960), degrees: 90 * p, eye: d, shift: 1080 * p)
            }, within: 1e-6)
        }
        // p < 0 hinges on the right edge: the page at −0.25 shares its right edge with the one at +0.75.
        let left = Self.corners(.cubeOut, -0.25), right = Self.corners(.cubeOut, 0.75)
        Self.expect([left[1], left[2]], [right[0], right[3]], within: 1e-6)
        // A deck's cameraDistance replaces the multiplier 20.
        Self.expect(Self.corners(.cubeOut, 0.5, options: TransitionOptions(["cameraDistance": .number(5)])),
                    Self.pixelCorners.map {
                        Self.rotatedY($0.0, $0.1, pivot: (0, 960), degrees: 45, eye: 72 * 1080 * 5 / 420.0, shift: 540)
                    }, within: 1e-6)
    }

    @Test func rotateDownAndUp() {
        Self.expect(Self.corners(.rotateDown, 0.5),
                    [(860.0, -62.3), (1925.5, 113.6), (1612.8, 2008.0), (547.2, 1832.0)])
        Self.expect(Self.corners(.rotateDown, 0.5), Self.pixelCorners.map {
            Self.rotated($0.0, $0.1, pivot: (540, 1920), degrees: 9.375, shift: 540)
        }, within: 1e-6)
        Self.expect(Self.corners(.rotateUp, 0.5),
                    [(544.6, 70.5), (1615.4, -70.5), (1866.0, 1833.1), (795.2, 1974.1)])
        Self.expect(Self.corners(.rotateUp, 0.5), Self.pixelCorners.map {
            Self.rotated($0.0, $0.1, pivot: (540, 0), degrees: -7.5, shift: 540)
        }, within: 1e-6)
    }

    @Test func tablet() {
        // δ = −15°; X′(15°) = 540·cos15°/(1 + 540·sin15°/576); tx = −(540 − X′) = −120.25.
        let a = 15 * Double.pi / 180
        let tx = -(540 - 540 * cos(a) / (1 + 540 * sin(a) / 576))
        #expect(abs(tx + 120.25) < 0.005)
        Self.expect(Self.corners(.tablet, 0.5), [(540, 0), (1648.5, 0), (1648.5, 2535.1), (540, 1545.1)])
        Self.expect(Self.corners(.tablet, 0.5), Self.pixelCorners.map {
            Self.rotatedY($0.0, $0.1, pivot: (540, 0), degrees: -15, eye: 576, shift: 540 + tx)
        }, within: 1e-6)
    }

    @Test func defaultCameraRows() {
        Self.expect(Self.corners(.flipHorizontal, 0.25),
                    [(-592.8, -1887.9), (769.6, 382.7), (769.6, 1537.3), (-592.8, 3807.9)])
        Self.expect(Self.corners(.flipHorizontal, 0.25), Self.pixelCorners.map {
            Self.rotatedY($0.0, $0.1, pivot: (540, 960), degrees: 45, eye: 576, shift: 0)
        }, within: 1e-6)
        Self.expect(Self.corners(.cubeIn, 0.25), [(270, 0), (3802.4, 0), (3802.4, 6797.2), (270, 1920)])
        Self.expect(Self.corners(.cubeIn, 0.25), Self.pixelCorners.map {
            Self.rotatedY($0.0, $0.1, pivot: (0, 0), degrees: -22.5, eye: 576, shift: 270)
        }, within: 1e-6)
    }

    @Test func defaultCameraIsInPixelsAtEveryDensity() {
        // At density 1 a point is a pixel: the same 576 px eye, so the same corners in points.
        let pixels = PageGeometry(width: 1080, height: 1920, offset: 0, pageCount: 5)
        let options = TransitionOptions(["density": .number(1)])
        Self.expect(Self.corners(.flipHorizontal, 0.25, options: options, geometry: pixels, scale: 1),
                    [(-592.8, -1887.9), (769.6, 382.7), (769.6, 1537.3), (-592.8, 3807.9)])
        // CubeOut's camera is 1080·20 at 160 dpi: D = 72·21600/160 = 9720 px.
        Self.expect(Self.corners(.cubeOut, 0.5, options: options, geometry: pixels, scale: 1), Self.pixelCorners.map {
            Self.rotatedY($0.0, $0.1, pivot: (0, 960), degrees: 45, eye: 9720, shift: 540)
        }, within: 1e-6)
    }

    @Test func flipVertical() {
        // rotationX = −180·p about the centre: u′ = u/(1 − v·sinθ/D), v′ = v·cosθ/(1 − v·sinθ/D).
        let t = -18 * Double.pi / 180
        let expected = Self.pixelCorners.map { (x, y) -> (Double, Double) in
            let (u, v) = (x - 540, y - 960), w = 1 - v * sin(t) / 576
            return (540 + u / w, 960 + v * cos(t) / w)
        }
        Self.expect(Self.corners(.flipVertical, 0.1), expected, within: 1e-6)
    }

    // MARK: Google's samples (§2.5)

    @Test func viewPager2Samples() {
        // Depth at +0.5: scale 0.875 about the centre (540, 960), tx = −540 from the slide at 540.
        Self.expect(Self.corners(.viewPager2Depth, 0.5),
                    [(67.5, 120), (1012.5, 120), (1012.5, 1800), (67.5, 1800)])
        #expect(Self.quad(.viewPager2Depth, 0.5)?.opacity == 0.5)
        Self.expect(Self.corners(.viewPager2Depth, -0.5), [(-540, 0), (540, 0), (540, 1920), (-540, 1920)])
        // ZoomOut at +0.5: the same numbers as ToxicBakery's ZoomOutSlide.
        Self.expect(Self.corners(.viewPager2ZoomOut, 0.5), [(612, 144), (1530, 144), (1530, 1776), (612, 1776)])
        #expect(Self.quad(.viewPager2ZoomOut, 0.5)?.opacity == 0.5)
        // Off-screen pages: Google hides |p| > 1; ToxicBakery's clamped ZoomOutSlide keeps alpha 0.5.
        #expect(Self.quad(.viewPager2ZoomOut, 1.5) == nil)
        #expect(Self.quad(.zoomOutSlide, 1.5)?.opacity == 0.5)
        #expect(Self.quad(.viewPager2ZoomOut, 1)?.opacity == 0.5)
    }

    // MARK: Opacity and order

    @Test func opacity() {
        // hideOffscreenPages: |p| ≥ 1 has alpha 0, so nothing is drawn.
        #expect(Self.quad(.accordion, 1) == nil)
        #expect(Self.quad(.default, -1.2) == nil)
        #expect(Self.quad(.default, -1.2, options: TransitionOptions(["hideOffscreenPages": .bool(false)])) != nil)
        // Flips show a page only while |p| < 0.5, and ZoomIn's alpha 1.25 is clamped.
        #expect(Self.quad(.flipHorizontal, 0.49)?.opacity == 1)
        #expect(Self.quad(.flipHorizontal, 0.5) == nil)
        #expect(Self.quad(.flipVertical, -0.6) == nil)
        #expect(Self.quad(.zoomIn, 0.25)?.opacity == 1)
        #expect(Self.quad(.zoomOut, -0.25)?.opacity == 0.75)
        #expect(Self.quad(.depthPage, -0.5)?.opacity == 1)
    }

    @Test func drawingOrder() {
        // ToxicBakery's sample reverses ViewPager's order: the left page is drawn over the right one.
        for t in [Transformer.stack, .depthPage, .drawer] {
            #expect(Self.quad(t, -0.5)!.order > Self.quad(t, 0.5)!.order)
        }
        let forward = TransitionOptions(["reverseDrawingOrder": .bool(false)])
        #expect(Self.quad(.stack, -0.5, options: forward)!.order < Self.quad(.stack, 0.5, options: forward)!.order)
        // ViewPager2: adapter order (right on top), but Depth's incoming page has translationZ −1.
        #expect(Self.quad(.viewPager2ZoomOut, -0.5)!.order < Self.quad(.viewPager2ZoomOut, 0.5)!.order)
        #expect(Self.quad(.viewPager2Depth, -0.5)!.order > Self.quad(.viewPager2Depth, 0.5)!.order)
    }

    // MARK: Position, vertical, names

    @Test func positionIsInPageWidthsWithAMargin() {
        // pageMargin 108 px: the page at s = 0.5 pitches is at position 0.5·1188/1080 = 0.55, laid
        // out at 594 px, pinned back by 1080·0.55 = 594 px: Stack's right page sits at 0.
        var margin = Self.geometry
        margin.spacing = 108 / Self.density
        Self.expect(Self.corners(.stack, 0.5, geometry: margin), Self.pixelCorners)
        // At s = 0.95 the position is 1.045 ≥ 1: hidden.
        #expect(Self.quad(.stack, 0.95, geometry: margin) == nil)
    }

    @Test func verticalIsTheDiagonalMirror() {
        // Accordion at +0.25 down a vertical pager: the page is squeezed toward its bottom edge.
        Self.expect(Self.corners(.accordion, 0.25, vertical: true),
                    [(0, 480), (1080, 480), (1080, 1920), (0, 1920)])
        // Drawer at +0.5: laid out at 960 px down, pulled up by ⌊1920/2⌋·0.5 = 480.
        Self.expect(Self.corners(.drawer, 0.5, vertical: true), [(0, 480), (1080, 480), (1080, 2400), (0, 2400)])
        // CubeOut at +0.25 turns about the page's top edge: w = 1 + v·sin22.5°/D along the height.
        let d = 72 * 1920 * 20 / 420.0, t = 22.5 * Double.pi / 180
        let expected = Self.pixelCorners.map { (x, y) -> (Double, Double) in
            let (u, v) = (x - 540, y), w = 1 + v * sin(t) / d
            return (540 + u / w, 480 + v * cos(t) / w)
        }
        Self.expect(Self.corners(.cubeOut, 0.25, vertical: true), expected, within: 1e-6)
    }

    @Test func names() {
        #expect(ViewPagerTransition.deckNames.count == 20)
        #expect(ViewPagerTransition.deckNames.first == "viewpager.accordion")
        #expect(ViewPagerTransition.named("viewpager.default") == .default)
        #expect(ViewPagerTransition.named("viewpager.zoomOut") == .zoomOut)
        #expect(ViewPagerTransition.named("viewpager2.zoomOut") == .viewPager2ZoomOut)
        #expect(ViewPagerTransition.named("viewpager2.depth") == .viewPager2Depth)
        #expect(ViewPagerTransition.named("viewpager.viewPager2Depth") == nil)
        // The deck format declares each one, with its options.
        func options(_ name: String) -> [String] { TransitionCatalogue.entry(name)?.options.map(\.name) ?? [] }
        #expect(options("viewpager.cubeOut").contains("cameraDistance"))
        #expect(!options("viewpager.stack").contains("cameraDistance"))
        #expect(ViewPagerTransition.deckNames.allSatisfy { TransitionCatalogue.entry($0) != nil })
    }
}
