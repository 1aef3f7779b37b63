import Testing
import PageReelDeck
@testable import PageReelTimeline

/// A layout's page pitch is the timeline's page: a swipe rests a pitch further, a drag of one page
/// moves one pitch, whatever the axis.
@Suite struct LayoutTimelineTests {
    @Test(arguments: [Layout.Orientation.horizontal, .vertical])
    func oneSwipeIsOnePitch(_ orientation: Layout.Orientation) throws {
        let timeline = try Timeline(deck: TestDeck.make(script: [Step(.swipe(.next))]) { deck in
            deck.layout.orientation = orientation
            deck.layout.pageWidth = 400
            deck.layout.pageHeight = 500
            deck.layout.spacing = 24
        })
        // 400 + 24 across, 500 + 24 down.
        let pitch = orientation == .horizontal ? 424.0 : 524.0
        #expect(timeline.pageWidth == pitch)
        let end = timeline.state(at: timeline.duration)
        #expect(end.offset == pitch && end.position == 1)
        // The finger moved along the axis: 0.35 page of the pitch in the swipe.
        let drag = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 1, duration: 0.5, release: false)))]) { deck in
            deck.layout.orientation = orientation
            deck.layout.pageHeight = 500
            deck.layout.pageWidth = 400
            deck.layout.spacing = 24
        })
        #expect(abs(drag.state(at: 0.5).offset - pitch) < 1e-9)
    }
}
