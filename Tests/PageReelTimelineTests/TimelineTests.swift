import Foundation
import PageReelDeck
import PageReelTimeline
import Testing

/// The timeline as a whole: its length, frame counts, fps independence and the errors it reports.
struct TimelineTests {
    private let tour: [Step] = [
        Step(.wait(0.2)),
        Step(.drag(Step.Drag(by: 0.45, duration: 0.35, curve: .easeInOut))),
        Step(.swipe(.next)),
        Step(.fling(velocity: -1800)),
        Step(.jump(Step.Jump(to: 4))),
        Step(.hint(Step.Hint(distance: 30))),
        Step(.drag(Step.Drag(by: -0.3, duration: 0.4, release: false))),
        Step(.fling(velocity: -2500), at: 5.0),
        Step(.jump(Step.Jump(to: 0, through: false))),
    ]

    @Test func thirtyAndSixtyFramesPerSecondAgreeAtCommonInstants() throws {
        let at30 = try Timeline(deck: TestDeck.make(script: tour) { $0.canvas.fps = 30 })
        let at60 = try Timeline(deck: TestDeck.make(script: tour) { $0.canvas.fps = 60 })
        #expect(at30.duration == at60.duration)
        #expect(at60.frameCount(fps: 60) >= 2 * at30.frameCount(fps: 30) - 1)
        for k in 0..<at30.frameCount(fps: 30) {
            let a = at30.state(at: Double(k) / 30), b = at60.state(at: Double(2 * k) / 60)
            #expect(abs(a.offset - b.offset) < 0.5, "frame \(k)")
            #expect(a == b, "frame \(k)")
        }
    }

    @Test func startsAtRestOnTheFirstPage() throws {
        let t = try Timeline(deck: TestDeck.make(script: tour))
        let start = t.state(at: 0)
        #expect(start.offset == 0 && start.velocity == 0 && start.phase == .idle && start.position == 0)
        #expect(t.pageWidth == 600 && t.pageCount == 5)
    }

    @Test func segmentsCoverTheVideoWithoutGaps() throws {
        let t = try Timeline(deck: TestDeck.make(script: tour))
        #expect(t.segments.first?.start == 0)
        #expect(t.segments.last?.end == t.duration)
        #expect(zip(t.segments, t.segments.dropFirst()).allSatisfy { $0.end == $1.start })
        #expect(Set(t.segments.map(\.phase)).isSuperset(of: [.idle, .dragging, .snapping, .jumping, .hinting]))
    }

    @Test func durationIsTheSettleTimePlusTheTail() throws {
        let t = try Timeline(deck: TestDeck.make(script: [Step(.jump(Step.Jump(to: 2)))], tail: 1.25))
        #expect(abs(t.duration - (0.6 + 1.25)) < 1e-9)
        let empty = try Timeline(deck: TestDeck.make(script: []))
        #expect(empty.duration == 0.5)
        #expect(empty.frameCount(fps: 30) == 15)
    }

    @Test func heldFingerEndsWithItsStep() throws {
        let t = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 0.2, duration: 0.4, release: false)))]))
        #expect(abs(t.duration - 0.9) < 1e-9)
        let end = t.state(at: t.duration)
        #expect(end.phase == .dragging && end.offset == 120 && end.touch?.isDown == true)
    }

    @Test func frameCountRoundsUpButNotPastAWholeFrame() throws {
        // 1 s at 30 fps is exactly 30 frames; 1.299 s needs 39.
        let exact = try Timeline(deck: TestDeck.make(script: [Step(.wait(0.5))]))
        #expect(exact.frameCount(fps: 30) == 30)
        #expect(exact.frameCount(fps: 60) == 60)
        let t = try Timeline(deck: TestDeck.make(script: [Step(.wait(0.799))]))
        #expect(t.frameCount(fps: 30) == 39)
        let tiny = try Timeline(deck: TestDeck.make(script: [], tail: 0))
        #expect(tiny.frameCount(fps: 30) == 1)
    }

    @Test func forcedDurationTruncatesOrHolds() throws {
        let short = try Timeline(deck: TestDeck.make(script: [Step(.jump(Step.Jump(to: 4)))]) { $0.duration = 0.45 })
        #expect(short.duration == 0.45)
        #expect(abs(short.state(at: 10).offset - 900) < 1e-6)
        #expect(short.state(at: 10).time == 0.45)
        let long = try Timeline(deck: TestDeck.make(script: [Step(.jump(Step.Jump(to: 1)))]) { $0.duration = 4 })
        #expect(long.state(at: 4).offset == 600)
        #expect(long.frameCount(fps: 30) == 120)
    }

    @Test func aLongWalkIsCutAtTheForcedDurationOrRejected() throws {
        let walk = [Step(.jump(Step.Jump(to: 99_999)))]
        let cut = try Timeline(deck: TestDeck.make(pages: 100_000, script: walk) { $0.duration = 5 })
        // 5 s of 0.3 s steps: 16 pages, then two thirds of the 17th (cubic ease-in-out past its
        // midpoint: 1 − (2 − 2u)³/2).
        let u = (5 - 16 * 0.3) / 0.3
        let eased = 1 - pow((-2 * u + 2), 3) / 2
        #expect(abs(cut.state(at: 5).offset - (16 + eased) * 600) < 1e-6)
        #expect(cut.segments.count < 40)
        #expect(throws: TimelineError(path: "script", message: "the video would be 30000.2 s long, over the limit of 600 s")) {
            try Timeline(deck: TestDeck.make(pages: 100_000, script: walk))
        }
    }

    @Test func stateClampsTimeToTheVideo() throws {
        let t = try Timeline(deck: TestDeck.make(script: [Step(.jump(Step.Jump(to: 1)))]))
        #expect(t.state(at: -1) == t.state(at: 0))
        #expect(t.state(at: 100) == t.state(at: t.duration))
    }

    @Test func aVideoOverSixHundredSecondsIsAnError() {
        #expect(throws: TimelineError(path: "script", message: "the video would be 700.5 s long, over the limit of 600 s")) {
            try Timeline(deck: TestDeck.make(script: [Step(.wait(700))]))
        }
        #expect(throws: TimelineError.self) {
            try Timeline(deck: TestDeck.make(script: [Step(.wait(599.6))]))
        }
        // The tail counts; exactly 600 s is allowed.
        #expect(throws: Never.self) { try Timeline(deck: TestDeck.make(script: [Step(.wait(599.5))])) }
        // A forced duration makes the script's own length irrelevant.
        #expect(throws: Never.self) {
            try Timeline(deck: TestDeck.make(script: [Step(.wait(700))]) { $0.duration = 10 })
        }
    }

    @Test func atGoingBackInTimeIsAnError() throws {
        let script = [Step(.wait(1)), Step(.wait(1)), Step(.wait(1), at: 0.5)]
        let error = #expect(throws: TimelineError.self) { try Timeline(deck: TestDeck.make(script: script)) }
        #expect(error?.path == "script[2].at")
        #expect(error?.description == "script[2].at: 0.5 s is before the previous step, which starts at 1 s")
        // Back into the previous step (but not before its start) interrupts it instead.
        let t = try Timeline(deck: TestDeck.make(script: [Step(.wait(1)), Step(.wait(1)), Step(.wait(1), at: 1)]))
        #expect(t.duration == 2.5)
    }

    @Test func stepsTheDecoderWouldRejectAreErrorsHereToo() {
        let jump = #expect(throws: TimelineError.self) {
            try Timeline(deck: TestDeck.make(script: [Step(.wait(1)), Step(.jump(Step.Jump(to: 7)))]))
        }
        #expect(jump?.description == "script[1].jump.to: page 7 is past the last page (4)")
        let tap = #expect(throws: TimelineError.self) { try Timeline(deck: TestDeck.make(script: [Step(.tap(tab: 1))])) }
        #expect(tap?.description == "script[0].tap: needs \"tabs\"")
        let drag = #expect(throws: TimelineError.self) {
            try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 1, duration: 0)))]))
        }
        #expect(drag?.description == "script[0].drag.duration: must be > 0")
        let spring = #expect(throws: TimelineError.self) {
            try Timeline(deck: TestDeck.make(script: []) { $0.physics.snap.dampingRatio = 0 })
        }
        #expect(spring?.path == "physics.snap.dampingRatio")
    }

    @Test func aBarelyDampedSpringThatNeverSettlesInTimeIsAnError() {
        let error = #expect(throws: TimelineError.self) {
            try Timeline(deck: TestDeck.make(script: [Step(.fling(velocity: 3000))]) {
                $0.physics.snap = Physics.Spring(response: 0.35, dampingRatio: 0.0001)
            })
        }
        #expect(error?.path == "script")
    }
}

/// A spring too bouncy to settle within the video's limit is an error only when nothing cuts it.
struct OpenEndedSpringTests {
    /// A snap spring with almost no damping rings for hours.
    func deck(_ script: [Step]) -> Deck {
        TestDeck.make(script: script) { $0.physics.snap = Physics.Spring(response: 0.35, dampingRatio: 0.00001) }
    }

    @Test func aSpringLeftRingingDoesNotSettle() {
        #expect(throws: TimelineError.self) { try Timeline(deck: deck([Step(.swipe(.next))])) }
    }

    @Test func aLaterStepWithAtCutsIt() throws {
        let timeline = try Timeline(deck: deck([Step(.swipe(.next)), Step(.jump(Step.Jump(to: 0)), at: 2)]))
        // Cut at 2 s, then the walk back (its own spring-free ease) and the tail.
        #expect(timeline.duration < 4)
        #expect(timeline.state(at: timeline.duration).offset == 0)
    }
}
