import PageReelDeck
import PageReelTimeline
import Testing

/// How each script step moves the scroll view: the paging decision, jumps, hints, taps, `at`
/// interruptions and a held finger. Pages are 600 pt wide; five of them.
struct TimelineBuilderTests {
    private func timeline(_ script: [Step], configure: (inout Deck) -> Void = { _ in }) throws -> Timeline {
        try Timeline(deck: TestDeck.make(script: script, configure: configure))
    }

    private func restingPage(_ timeline: Timeline) -> Double {
        let end = timeline.state(at: timeline.duration)
        #expect(end.phase == .idle)
        return end.offset / 600
    }

    private func drag(_ by: Double, _ duration: Double, velocity: Double? = nil, curve: Step.Curve = .linear,
                      release: Bool = true) -> Step {
        Step(.drag(Step.Drag(by: by, duration: duration, curve: curve, velocity: velocity, release: release)))
    }

    // MARK: paging decision

    @Test func slowReleaseSnapsBack() throws {
        // 180 pt in 2 s: the finger leaves at 90 pt/s, under the 100 pt/s gate; round(0.3) = 0.
        #expect(restingPage(try timeline([drag(0.3, 2)])) == 0)
        // An ease-out drag ends at rest whatever its length: round(0.45) = 0.
        #expect(restingPage(try timeline([drag(0.45, 0.3, curve: .easeOut)])) == 0)
    }

    @Test func fastReleaseAdvances() throws {
        // 120 pt in 0.2 s = 600 pt/s: ⌊0.2⌋ + 1.
        #expect(restingPage(try timeline([drag(0.2, 0.2)])) == 1)
        // From page 2, −600 pt/s: ⌈1.8⌉ − 1.
        #expect(restingPage(try timeline([drag(-0.2, 0.2)].prefixed(jumpTo: 2))) == 1)
    }

    @Test func theFlingGateIsInclusive() throws {
        #expect(restingPage(try timeline([drag(0.1, 0.3, velocity: 100)])) == 1)
        #expect(restingPage(try timeline([drag(0.1, 0.3, velocity: 99.9)])) == 0)
        #expect(restingPage(try timeline([drag(-0.1, 0.3, velocity: -100)].prefixed(jumpTo: 2))) == 1)
    }

    @Test func aVeryFastFlingStillMovesOnePageOnly() throws {
        // Released at 1.4 pages at 5000 pt/s: ⌊1.4⌋ + 1 = 2, clamped to the start page + 1.
        #expect(restingPage(try timeline([drag(1.4, 0.5, velocity: 5000)])) == 1)
        #expect(restingPage(try timeline([Step(.fling(velocity: 5000))].prefixed(jumpTo: 1))) == 2)
        #expect(restingPage(try timeline([Step(.fling(velocity: -5000))].prefixed(jumpTo: 1))) == 0)
        // Not past the last page either.
        #expect(restingPage(try timeline([Step(.fling(velocity: 5000))].prefixed(jumpTo: 4))) == 4)
    }

    @Test func halvesRoundAwayFromZero() throws {
        #expect(restingPage(try timeline([drag(0.5, 0.3, velocity: 0)])) == 1)
        #expect(restingPage(try timeline([drag(-0.5, 0.3, velocity: 0)].prefixed(jumpTo: 2))) == 2)
    }

    @Test func swipesMoveOnePageEachWay() throws {
        let t = try timeline([Step(.swipe(.next)), Step(.swipe(.next)), Step(.swipe(.prev))])
        #expect(restingPage(t) == 1)
        // The swipe: 0.35 page in 0.18 s, linear.
        #expect(abs(t.state(at: 0.09).offset - 105) < 1e-9)
        #expect(t.state(at: 0.09).phase == .dragging)
        #expect(abs(t.state(at: 0.09).velocity - 210 / 0.18) < 1e-9)
    }

    // MARK: jumps, taps, hints

    @Test func jumpThroughFourPagesPassesEachPageAtMultiplesOfTheStep() throws {
        let t = try timeline([Step(.jump(Step.Jump(to: 4, through: true, step: 0.3)))])
        for k in 0...4 {
            #expect(abs(t.state(at: Double(k) * 0.3).offset - Double(k) * 600) < 1e-6, "k = \(k)")
        }
        for k in 0..<4 {
            let middle = t.state(at: (Double(k) + 0.5) * 0.3)
            #expect(abs(middle.offset - (Double(k) * 600 + 300)) < 1e-6, "k = \(k)")
            #expect(middle.phase == .jumping)
            // Cubic ease-in-out at a quarter: 4·0.25³ = 0.0625 of the page.
            #expect(abs(t.state(at: (Double(k) + 0.25) * 0.3).offset - (Double(k) * 600 + 37.5)) < 1e-6)
        }
        #expect(t.state(at: 1.2).phase == .idle)
        #expect(abs(t.duration - 1.7) < 1e-9)
    }

    @Test func directJumpTakesItsDuration() throws {
        let t = try timeline([Step(.jump(Step.Jump(to: 3, through: false, duration: 0.35)))])
        #expect(abs(t.state(at: 0.175).offset - 900) < 1e-6)
        #expect(t.state(at: 0.349).phase == .jumping)
        #expect(t.state(at: 0.349).offset < 1800)
        #expect(t.state(at: 0.35).offset == 1800)
        #expect(t.state(at: 0.35).phase == .idle)
        #expect(abs(t.duration - 0.85) < 1e-9)
    }

    @Test func jumpToTheCurrentPageDoesNothing() throws {
        let t = try timeline([Step(.jump(Step.Jump(to: 0)))])
        #expect(t.duration == 0.5)
        #expect(t.segments.allSatisfy { $0.phase == .idle })
    }

    @Test func jumpThroughFromAFractionalPositionGoesToTheNextWholePageFirst() throws {
        // A direct 1 s jump to page 2 is caught at 0.25 s: 1200·4·0.25³ = 75 pt.
        let t = try timeline([
            Step(.jump(Step.Jump(to: 2, through: false, duration: 1))),
            Step(.jump(Step.Jump(to: 3, through: true, step: 0.3)), at: 0.25),
        ])
        #expect(abs(t.state(at: 0.25).offset - 75) < 1e-9)
        #expect(abs(t.state(at: 0.25 + 0.15).offset - (75 + 525 * 0.5)) < 1e-6)
        #expect(abs(t.state(at: 0.55).offset - 600) < 1e-6)
        #expect(abs(t.state(at: 0.85).offset - 1200) < 1e-6)
        #expect(t.state(at: 1.15).offset == 1800)
        #expect(abs(t.duration - 1.65) < 1e-9)
    }

    @Test func tapTouchesTheTabThenWalksThroughToItsPage() throws {
        let t = try timeline([Step(.tap(tab: 2))]) { $0.tabs = Tabs(titles: ["A", "B", "C", "D", "E"]) }
        let touch = try #require(t.state(at: 0.1).touch)
        // Tab 2 of 5 across 600 pt: centre at 2.5·120; the bar is 44 pt high.
        #expect(touch.x == 300)
        #expect(touch.y == 22)
        #expect(touch.tab == 2)
        #expect(touch.isDown)
        #expect(t.state(at: 0.1).offset == 0)
        #expect(t.state(at: 0.13).touch?.isDown == false)
        #expect(t.state(at: 0.12 + 0.3).offset == 600)
        #expect(t.state(at: 0.12 + 0.15).phase == .jumping)
        #expect(t.state(at: 0.12 + 0.6).offset == 1200)
        #expect(abs(t.duration - (0.72 + 0.5)) < 1e-9)
    }

    @Test func hintPeaksAtTheDistanceAndReturns() throws {
        let t = try timeline([Step(.hint(Step.Hint(distance: 30, duration: 0.3)))])
        let offsets = TestDeck.times(to: 0.6, step: 0.001).map { t.state(at: $0).offset }
        #expect(abs(offsets.max()! - 30) < 1e-6)
        #expect(abs(t.state(at: 0.3).offset - 30) < 1e-9)
        #expect(abs(t.state(at: 0.15).offset - 15) < 1e-9)
        #expect(t.state(at: 0.15).phase == .hinting)
        #expect(t.state(at: 0.6).offset == 0)
        #expect(t.state(at: 0.6).phase == .idle)
    }

    @Test func hintPastTheLastPageIsRubberBanded() throws {
        let t = try timeline([Step(.hint(Step.Hint(distance: 30, duration: 0.3)))].prefixed(jumpTo: 4))
        // 30·600·0.55/(600 + 16.5) = 16.06 pt shown.
        #expect(abs(t.state(at: 0.35 + 0.3).offset - (2400 + TestDeck.rubberBand(30))) < 1e-6)
        #expect(t.state(at: 0.35 + 0.6).offset == 2400)
    }

    // MARK: at, held finger

    @Test func atInterruptsAGlide() throws {
        let t = try timeline([Step(.fling(velocity: 2000)), Step(.wait(1), at: 0.5)]) { $0.physics.paging = false }
        let caught = t.state(at: 0.5)
        let glide = t.state(at: 0.4999999)
        #expect(glide.phase == .decelerating)
        #expect(abs(caught.offset - glide.offset) < 0.01)
        #expect(caught.phase == .idle)
        #expect(caught.velocity == 0)
        #expect(t.state(at: 1.2).offset == caught.offset)
        #expect(abs(t.duration - 2.0) < 1e-9)
    }

    @Test func aDragAtCatchesASnapAndHoldsIt() throws {
        // A swipe snaps toward page 1; a finger catches it at 0.25 s and holds it for the rest.
        let t = try timeline([Step(.swipe(.next)), drag(0, 0.1, release: false).at(0.25)])
        let caught = t.state(at: 0.25)
        #expect(t.state(at: 0.2499).phase == .snapping)
        #expect(caught.phase == .dragging)
        #expect(caught.offset > 210 && caught.offset < 600)
        #expect(t.state(at: t.duration).offset == caught.offset)
        #expect(t.state(at: t.duration).touch?.isDown == true)
        #expect(abs(t.duration - (0.25 + 0.1 + 0.5)) < 1e-9)
    }

    @Test func aStepAtCutsADragShortAndTheFingerStaysDown() throws {
        // Half of a 1 s drag of 0.5 page: 150 pt; the fling at 0.5 s lifts that same finger.
        let t = try timeline([drag(0.5, 1), Step(.fling(velocity: 2000), at: 0.5)])
        #expect(abs(t.state(at: 0.5).offset - 150) < 1e-9)
        #expect(t.state(at: 0.4999).touch?.isDown == true)
        let lifted = try #require(t.state(at: 0.55).touch)
        #expect(!lifted.isDown)
        #expect(abs(lifted.x - (480 - 150)) < 1e-9)
        #expect(restingPage(t) == 1)
    }

    @Test func aWaitAtCutsATapShort() throws {
        let t = try timeline([Step(.tap(tab: 3)), Step(.wait(0.2), at: 0.06)]) {
            $0.tabs = Tabs(titles: ["A", "B", "C", "D", "E"])
        }
        #expect(t.state(at: 0.07).touch?.isDown == false)
        #expect(TestDeck.times(to: t.duration, step: 0.01).allSatisfy { t.state(at: $0).offset == 0 })
        #expect(abs(t.duration - 0.76) < 1e-9)
    }

    @Test func heldFingerThenFling() throws {
        let t = try timeline([drag(0.3, 0.3, release: false), Step(.wait(0.5)), Step(.fling(velocity: 2000))])
        let held = t.state(at: 0.6)
        #expect(held.offset == 180)
        #expect(held.phase == .dragging)
        #expect(held.touch?.isDown == true)
        #expect(try #require(held.touch).x == 300)
        let released = t.state(at: 0.85)
        #expect(released.phase == .snapping)
        #expect(released.touch?.isDown == false)
        #expect(restingPage(t) == 1)
    }

    @Test func aHeldTouchKeepsItsStartPageAcrossDrags() throws {
        // 0.7 + 0.7 pages in one touch from page 0: the 5000 pt/s release may only reach page 1.
        let t = try timeline([drag(0.7, 0.3, release: false), drag(0.7, 0.3, velocity: 5000)])
        #expect(abs(t.state(at: 0.45).offset - 630) < 1e-9)
        #expect(abs(try #require(t.state(at: 0.45).touch).x - (480 - 630)) < 1e-9)
        #expect(restingPage(t) == 1)
    }

    @Test func aSwipeWhileHeldReleasesFirst() throws {
        let t = try timeline([drag(0.3, 0.3, release: false), Step(.swipe(.next))])
        // Released at rest at 0.3 page: snaps back to page 0, then the swipe moves to page 1.
        #expect(t.state(at: 0.31).phase == .snapping)
        #expect(t.state(at: 0.31).offset < 180)
        #expect(restingPage(t) == 1)
    }
}

extension Step {
    /// The step started at absolute time `time`.
    func at(_ time: Double) -> Step { Step(action, at: time) }
}
