import Foundation
import Testing
import PageReelDeck
import PageReelTimeline
@testable import PageReelScene

/// Layouts by the corners of flat pages (transition `none`): a page rests where `align` says, its
/// neighbours a page and `spacing` away along the axis, and keeps its content the right way round
/// in a vertical or right-to-left layout.
@Suite struct LayoutMappingTests {
    static func corners(_ layout: Layout, page: Int, offset: Double, viewport: Rect = Rect(x: 0, y: 0, width: 400, height: 300),
                        transition: TransitionSpec = .named(.none)) -> [(Double, Double)]? {
        var deck = Deck(canvas: Canvas(width: 800, height: 600), viewport: viewport, pages: .list((0..<5).map { _ in Page() }))
        deck.layout = layout
        let state = TimelineState(time: 0, offset: offset, velocity: 0, phase: .idle, touch: nil,
                                  position: offset / deck.pagePitch)
        let quads = SceneBuilder(deck: deck, transition: transition).scene(for: state).items.compactMap { item -> PageQuad? in
            if case .page(let q) = item, q.texture.page == page { return q }
            return nil
        }
        guard let q = quads.first else { return nil }
        let size = deck.pageSize
        return [(0.0, 0.0), (size.width, 0), (size.width, size.height), (0, size.height)].map { q.transform.project($0.0, $0.1)! }
    }

    static func expect(_ a: [(Double, Double)]?, _ e: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a else { Issue.record("page not drawn", sourceLocation: sourceLocation); return }
        for (p, q) in zip(a, e) {
            #expect(abs(p.0 - q.0) < 1e-9 && abs(p.1 - q.1) < 1e-9, "\(p) != \(q)", sourceLocation: sourceLocation)
        }
    }

    /// 300 × 200 pages 20 apart in a 400 × 300 viewport: the current one centred at (50, 50), the
    /// next 320 further right, peeking in; with `align: start` the current one at the left edge.
    @Test func peekingPages() {
        var layout = Layout()
        layout.pageWidth = 300
        layout.pageHeight = 200
        layout.spacing = 20
        Self.expect(Self.corners(layout, page: 0, offset: 0), [(50, 50), (350, 50), (350, 250), (50, 250)])
        Self.expect(Self.corners(layout, page: 1, offset: 0), [(370, 50), (670, 50), (670, 250), (370, 250)])
        // Half way: the offset is in pitches (320 points a page).
        Self.expect(Self.corners(layout, page: 1, offset: 160), [(210, 50), (510, 50), (510, 250), (210, 250)])
        layout.align = .start
        Self.expect(Self.corners(layout, page: 0, offset: 0), [(0, 50), (300, 50), (300, 250), (0, 250)])
    }

    /// Vertical: the next page lies below, its top-left corner still its top-left.
    @Test func vertical() {
        var layout = Layout()
        layout.orientation = .vertical
        Self.expect(Self.corners(layout, page: 1, offset: 0), [(0, 300), (400, 300), (400, 600), (0, 600)])
        Self.expect(Self.corners(layout, page: 1, offset: 150), [(0, 150), (400, 150), (400, 450), (0, 450)])
        layout.spacing = 10
        Self.expect(Self.corners(layout, page: 1, offset: 0), [(0, 310), (400, 310), (400, 610), (0, 610)])
        // A library's own vertical form: Swiper's slide moves the next slide up from below.
        Self.expect(Self.corners(Layout.vertical, page: 1, offset: 150, transition: .catalogue(CatalogueTransition(name: "swiper.slide"))),
                    [(0, 150), (400, 150), (400, 450), (0, 450)])
    }

    /// Right to left: the next page enters from the left, unmirrored (its top-left corner at the left).
    @Test func rightToLeft() {
        var layout = Layout()
        layout.direction = .rtl
        Self.expect(Self.corners(layout, page: 1, offset: 0), [(-400, 0), (0, 0), (0, 300), (-400, 300)])
        Self.expect(Self.corners(layout, page: 1, offset: 100), [(-300, 0), (100, 0), (100, 300), (-300, 300)])
        Self.expect(Self.corners(layout, page: 0, offset: 100), [(100, 0), (500, 0), (500, 300), (100, 300)])
    }
}

extension Layout {
    static var vertical: Layout {
        var layout = Layout()
        layout.orientation = .vertical
        return layout
    }
}
