import Foundation
import PageReelDeck
import PageReelTimeline
import Testing

/// Dragging past an end: the shown overshoot is x·W·c/(W + c·x) (written out in `TestDeck`), the
/// bounce back lands exactly on the end, and `bounces: false` clamps.
struct RubberBandTests {
    @Test func dragPastTheFirstPageShowsTheRubberBand() throws {
        // The finger pulls 0.3 page (180 pt) the wrong way in 0.5 s, linearly.
        let timeline = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: -0.3, duration: 0.5)))]))
        for t in TestDeck.times(to: 0.5, step: 0.025) {
            let raw = 180 * t / 0.5
            #expect(abs(timeline.state(at: t).offset - -TestDeck.rubberBand(raw)) < 1, "t = \(t)")
        }
        // Hand-computed: 180·600·0.55/(600 + 99) = 84.98.
        #expect(abs(timeline.state(at: 0.4999).offset - -84.98) < 0.1)
    }

    @Test func dragPastTheLastPageShowsTheRubberBand() throws {
        let script = [Step(.drag(Step.Drag(by: 0.5, duration: 0.5)))].prefixed(jumpTo: 4)
        let timeline = try Timeline(deck: TestDeck.make(script: script))
        for t in TestDeck.times(from: 0.35, to: 0.85, step: 0.025) {
            let raw = 300 * (t - 0.35) / 0.5
            #expect(abs(timeline.state(at: t).offset - (2400 + TestDeck.rubberBand(raw))) < 1, "t = \(t)")
        }
    }

    @Test func bounceBackAfterOverscrollLandsExactlyOnTheEnd() throws {
        let timeline = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: -0.3, duration: 0.5)))]))
        let release = timeline.state(at: 0.5)
        #expect(release.phase == .bouncing)
        // Released with the finger's velocity: −180 pt / 0.5 s outward, from the shown position.
        #expect(abs(release.velocity - -360) < 1e-9)
        let samples = TestDeck.times(from: 0.5, to: timeline.duration, step: 0.002).map { timeline.state(at: $0) }
        #expect(samples.allSatisfy { $0.offset <= 0 })
        let end = timeline.state(at: timeline.duration)
        #expect(end.offset == 0)
        #expect(end.phase == .idle)
        // Critically damped (k 100, m 1) from y0 = −84.98 with v0 = −360, written out:
        let y0 = -TestDeck.rubberBand(180), v0 = -360.0
        let t = 0.1
        let expected = (y0 + (v0 + 10 * y0) * t) * exp(-10 * t)
        #expect(abs(timeline.state(at: 0.5 + t).offset - expected) < 1e-6)
    }

    @Test func dragStartingOverscrolledContinuesFromTheBandsInverse() throws {
        let script = [
            Step(.drag(Step.Drag(by: -0.3, duration: 0.5, release: false))),
            Step(.drag(Step.Drag(by: 0.3, duration: 0.5, velocity: 0))),
        ]
        let timeline = try Timeline(deck: TestDeck.make(script: script))
        #expect(abs(timeline.state(at: 0.5).offset - timeline.state(at: 0.4999999).offset) < 0.01)
        // Halfway back the raw overshoot is 90 pt.
        #expect(abs(timeline.state(at: 0.75).offset - -TestDeck.rubberBand(90)) < 1e-6)
        #expect(abs(timeline.state(at: 0.9999999).offset) < 0.01)
        #expect(timeline.state(at: timeline.duration).offset == 0)
    }

    @Test func bouncesFalseClampsAtBothEnds() throws {
        let script = [
            Step(.drag(Step.Drag(by: -0.3, duration: 0.5))),
            Step(.jump(Step.Jump(to: 4, through: false))),
            Step(.drag(Step.Drag(by: 0.4, duration: 0.5))),
        ]
        let timeline = try Timeline(deck: TestDeck.make(script: script) { $0.physics.bounces = false })
        let offsets = TestDeck.times(to: timeline.duration, step: 0.005).map { timeline.state(at: $0) }
        #expect(offsets.allSatisfy { $0.offset >= 0 && $0.offset <= 2400 })
        #expect(timeline.state(at: 0.25).offset == 0)
        #expect(timeline.state(at: 0.25).velocity == 0)
        #expect(timeline.state(at: timeline.duration).offset == 2400)
        #expect(offsets.contains { $0.phase == .dragging && $0.offset == 2400 })
    }
}
