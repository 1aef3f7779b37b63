import Foundation
import Testing
import PageReelDeck
import PageReelTimeline
@testable import PageReelScene

/// Which pages a frame draws and where, with `layout.wrap`: each page once, at the place nearest
/// the position (iCarousel's offset shifted into [−n/2, n/2]), and only those within reach.
@Suite struct SceneBuilderTests {
    @Test func slotsWithoutWrappingAreThePages() {
        let slots = SceneBuilder.slots(position: 0.2, reach: 2, count: 5, wraps: false)
        #expect(slots.map(\.slot) == [0, 1, 2] && slots.map(\.page) == [0, 1, 2])
    }

    @Test func wrappingSlotsGoRound() {
        // At 0.2 of 5 pages: page 4 lies at −1 (s = −1.2), page 2 at 2 (s = 1.8); page 3 is 2.2 away.
        let slots = SceneBuilder.slots(position: 0.2, reach: 2, count: 5, wraps: true)
        #expect(slots.map(\.slot) == [-1, 0, 1, 2] && slots.map(\.page) == [4, 0, 1, 2])
        // Just before the end of the turn the first page comes next.
        let end = SceneBuilder.slots(position: 4.6, reach: 1, count: 5, wraps: true)
        #expect(end.map(\.slot) == [4, 5] && end.map(\.page) == [4, 0])
        // Three pages and a long reach: each page still once.
        let few = SceneBuilder.slots(position: 1, reach: 15.5, count: 3, wraps: true)
        #expect(Set(few.map(\.page)) == [0, 1, 2] && few.count == 3)
    }

    /// Flat pages (`none`) in a 400 × 300 viewport at position 4.5 of 5: page 4's left half shows
    /// at the left, page 0 enters from the right; no other page is drawn or loaded.
    @Test func theFirstPageFollowsTheLast() throws {
        var deck = Deck(canvas: Canvas(width: 400, height: 300), viewport: Rect(x: 0, y: 0, width: 400, height: 300),
                        pages: .list((0..<5).map { _ in Page() }))
        deck.layout.wrap = true
        let state = TimelineState(time: 0, offset: 4.5 * 400, velocity: 0, phase: .idle, touch: nil, position: 4.5)
        let quads = SceneBuilder(deck: deck).scene(for: state).items.compactMap { item -> PageQuad? in
            if case .page(let q) = item { return q } else { return nil }
        }
        #expect(Set(quads.map(\.texture.page)) == [4, 0])
        let zero = try #require(quads.first { $0.texture.page == 0 })
        let corner = try #require(zero.transform.project(0, 0))
        #expect(abs(corner.0 - 200) < 1e-9 && abs(corner.1) < 1e-9)
        let four = try #require(quads.first { $0.texture.page == 4 })
        #expect(abs(try #require(four.transform.project(0, 0)).0 + 200) < 1e-9)
    }
}
