import Foundation
import PageReelDeck
import Testing
import PageReelTimeline

/// Free scrolling (`paging: false`) against UIScrollView's deceleration written out here:
/// v(t) = v0·d^(1000t), x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d).
struct DecelerationTests {
    private func unpaged(pages: Int = 5, _ script: [Step], rate: Double = 0.998) throws -> Timeline {
        try Timeline(deck: TestDeck.make(pages: pages, script: script) {
            $0.physics.paging = false
            $0.physics.deceleration = rate
        })
    }

    @Test func glideFollowsTheClosedFormForThreeSeconds() throws {
        let timeline = try unpaged([Step(.fling(velocity: 1000))])
        for t in TestDeck.times(to: 3, step: 0.01) {
            let expected = 1000 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998))
            let state = timeline.state(at: t)
            #expect(abs(state.offset - expected) < 1.5, "t = \(t)")
            if t > 0 { #expect(state.phase == .decelerating, "t = \(t)") }
        }
        // 1.5 s in: v = 1000·0.998^1500.
        #expect(abs(timeline.state(at: 1.5).velocity - 1000 * pow(0.998, 1500)) < 0.01)
    }

    @Test func glideStopsBelowOnePointPerSecondAtItsClosedFormEnd() throws {
        let timeline = try unpaged([Step(.fling(velocity: 1000))])
        // |v| = 1 when 0.998^(1000t) = 1/1000.
        let stop = log(1.0 / 1000) / (1000 * log(0.998))
        let end = 1000 * (1.0 / 1000 - 1) / (1000 * log(0.998))
        #expect(abs(stop - 3.4505) < 0.001)
        #expect(abs(end - 499.0) < 0.1)
        #expect(timeline.state(at: stop - 0.002).phase == .decelerating)
        let rest = timeline.state(at: stop + 0.002)
        #expect(rest.phase == .idle)
        #expect(rest.velocity == 0)
        #expect(abs(rest.offset - end) < 1e-6)
        #expect(abs(timeline.duration - (stop + 0.5)) < 1e-9)
    }

    @Test func fastRateGlidesAFifthAsFar() throws {
        let timeline = try unpaged([Step(.fling(velocity: -2000), at: nil)].prefixed(jumpTo: 3), rate: 0.99)
        let start = 1800.0
        let glideStart = 0.35
        let t = glideStart + 0.2
        let expected = start - 2000 * (pow(0.99, 200) - 1) / (1000 * log(0.99))
        #expect(abs(timeline.state(at: t).offset - expected) < 1.5)
        // Total distance v0/(−1000·ln 0.99) ≈ 199 pt, minus the last half point.
        #expect(abs(timeline.state(at: timeline.duration).offset - (start - 2000 / (-1000 * log(0.99)))) < 0.2)
    }

    @Test func glideReachingAnEndHandsOverToTheBounceAtTheCrossing() throws {
        // Three pages: the end is at 1200 pt; a 3000 pt/s fling would glide ≈ 1498 pt.
        let timeline = try unpaged(pages: 3, [Step(.fling(velocity: 3000))])
        let lambda = 1000 * log(0.998)
        let crossing = log(1 + 1200 * lambda / 3000) / lambda
        let crossingVelocity = 3000 * pow(0.998, 1000 * crossing)

        let before = timeline.state(at: crossing - 0.001)
        #expect(before.phase == .decelerating)
        #expect(before.offset < 1200)
        let at = timeline.state(at: crossing)
        #expect(at.phase == .bouncing)
        #expect(abs(at.offset - 1200) < 1e-6)
        #expect(abs(at.velocity - crossingVelocity) < 1e-6 * crossingVelocity)

        let after = TestDeck.times(from: crossing, to: timeline.duration, step: 0.005).map { timeline.state(at: $0) }
        #expect(after.map(\.offset).max()! > 1210)
        // Critically damped from the end with velocity v: peak overshoot v/(ω·e), ω = 10.
        #expect(abs(after.map(\.offset).max()! - (1200 + crossingVelocity / (10 * exp(1)))) < 0.5)
        let last = timeline.state(at: timeline.duration)
        #expect(last.offset == 1200)
        #expect(last.phase == .idle)
    }

    @Test func glideWithoutBouncesStopsDeadAtTheEnd() throws {
        let timeline = try Timeline(deck: TestDeck.make(pages: 3, script: [Step(.fling(velocity: 3000))]) {
            $0.physics.paging = false
            $0.physics.bounces = false
        })
        let lambda = 1000 * log(0.998)
        let crossing = log(1 + 1200 * lambda / 3000) / lambda
        let offsets = TestDeck.times(to: timeline.duration, step: 0.005).map { timeline.state(at: $0).offset }
        #expect(offsets.max()! == 1200)
        #expect(timeline.state(at: crossing + 0.001).phase == .idle)
        #expect(abs(timeline.duration - (crossing + 0.5)) < 1e-9)
    }
}

extension Array where Element == Step {
    /// The script after a direct 0.35 s jump to `page`.
    func prefixed(jumpTo page: Int) -> [Step] {
        [Step(.jump(Step.Jump(to: page, through: false)))] + self
    }
}
