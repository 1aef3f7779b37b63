import PageReelDeck
import PageReelTimeline
import Testing

@Suite struct TransitionChangeTests {
    /// A `transition` step takes no time and applies from the moment the previous step settles.
    @Test func transitionStepsSwitchAtTheirTime() throws {
        var deck = Deck(viewport: Rect(x: 0, y: 0, width: 300, height: 400), pages: .list([Page(), Page(), Page()]))
        deck.script = [
            Step(.wait(1)),
            Step(.transition(.named(.cube))),
            Step(.wait(0.5)),
            Step(.transition(.named(.fold)), at: 2),
        ]
        let timeline = try Timeline(deck: deck)
        #expect(timeline.transitionChanges == [TransitionChange(time: 1, transition: .named(.cube)),
                                               TransitionChange(time: 2, transition: .named(.fold))])
        #expect(timeline.state(at: 0.99).transition == nil)
        #expect(timeline.state(at: 1).transition == .named(.cube))
        #expect(timeline.state(at: 1.99).transition == .named(.cube))
        #expect(timeline.state(at: 2.5).transition == .named(.fold))
        // No time was added: the video is the waits and the hold until 2 s, plus the tail.
        #expect(abs(timeline.duration - 2.5) < 1e-9)
    }
}
