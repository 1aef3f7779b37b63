import PageReelDeck
import PageReelTimeline
import Testing

/// The finger the `touches` overlay draws: where it is, how it fades, when it lifts.
struct TouchStrokeTests {
    @Test func dragFingerStartsRightOfCentreAndMovesAgainstTheContent() throws {
        // H = 600: the finger is at y = 0.62·600 = 372; x starts at 0.8·W for a drag toward the next page.
        let t = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 0.5, duration: 0.5, curve: .easeIn)))]))
        let start = try #require(t.state(at: 0).touch)
        #expect(start.x == 480 && start.y == 372)
        #expect(start.isDown)
        #expect(start.opacity == 0)
        let mid = try #require(t.state(at: 0.25).touch)
        // Ease-in (cubic) at half time: 0.125 of 300 pt.
        #expect(abs(mid.x - (480 - 37.5)) < 1e-9)
        #expect(abs(t.state(at: 0.25).offset - 37.5) < 1e-9)
        #expect(mid.opacity == 1)
    }

    @Test func dragTowardThePreviousPageStartsLeftOfCentre() throws {
        let t = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: -0.2, duration: 0.5)))]))
        // W·(0.5 − 0.3) = 120.
        #expect(abs(try #require(t.state(at: 0).touch).x - 120) < 1e-9)
    }

    @Test func fadesInOverEightyMillisecondsAndOutOverTwoHundred() throws {
        let t = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 0.5, duration: 0.5)))]))
        #expect(abs(try #require(t.state(at: 0.04).touch).opacity - 0.5) < 1e-9)
        #expect(try #require(t.state(at: 0.08).touch).opacity == 1)
        let lifted = try #require(t.state(at: 0.6).touch)
        #expect(!lifted.isDown)
        #expect(abs(lifted.opacity - 0.5) < 1e-9)
        // It stays where the finger left the glass: 480 − 300.
        #expect(abs(lifted.x - 180) < 1e-9)
        #expect(t.state(at: 0.7).touch == nil)
        #expect(t.state(at: 0.69).touch != nil)
    }

    @Test func aShortTouchFadesOutFromWhereItGot() throws {
        // Lifted after 0.04 s at half opacity: 0.1 s later it is at half of that.
        let t = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 0.1, duration: 0.04)))]))
        #expect(abs(try #require(t.state(at: 0.14).touch).opacity - 0.25) < 1e-9)
    }

    @Test func noFingerWithoutAGesture() throws {
        let t = try Timeline(deck: TestDeck.make(script: [Step(.wait(0.3)), Step(.fling(velocity: 2000)),
                                                          Step(.jump(Step.Jump(to: 3))), Step(.hint(Step.Hint()))]))
        #expect(TestDeck.times(to: t.duration, step: 0.01).allSatisfy { t.state(at: $0).touch == nil })
    }

    @Test func tapFadesOutDuringTheWalk() throws {
        let t = try Timeline(deck: TestDeck.make(script: [Step(.tap(tab: 1))]) {
            $0.tabs = Tabs(titles: ["A", "B", "C", "D", "E"])
            $0.tabs?.height = 50
        })
        let lifted = try #require(t.state(at: 0.22).touch)
        #expect(lifted.tab == 1 && !lifted.isDown)
        #expect(lifted.x == 180 && lifted.y == 25)
        #expect(abs(lifted.opacity - 0.5) < 1e-9)
        #expect(t.state(at: 0.22).phase == .jumping)
    }
}
