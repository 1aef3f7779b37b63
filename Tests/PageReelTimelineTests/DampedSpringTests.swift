import Foundation
import PageReelDeck
import Testing
@testable import PageReelTimeline

/// The snap and bounce springs: closed forms against a numerical integration of y'' = −k·y − c·y',
/// and the snap's behaviour in a timeline (lands exactly, monotonic when critically damped,
/// overshoots when underdamped).
struct DampedSpringTests {
    /// RK4 integration of a unit-mass spring, independent of the closed forms.
    private func integrate(k: Double, c: Double, y0: Double, v0: Double, until end: Double) -> (y: Double, v: Double) {
        var y = y0, v = v0
        let h = 1e-4
        let steps = Int((end / h).rounded())
        func acceleration(_ y: Double, _ v: Double) -> Double { -k * y - c * v }
        for _ in 0..<steps {
            let k1y = v, k1v = acceleration(y, v)
            let k2y = v + h / 2 * k1v, k2v = acceleration(y + h / 2 * k1y, v + h / 2 * k1v)
            let k3y = v + h / 2 * k2v, k3v = acceleration(y + h / 2 * k2y, v + h / 2 * k2v)
            let k4y = v + h * k3v, k4v = acceleration(y + h * k3y, v + h * k3v)
            y += h / 6 * (k1y + 2 * k2y + 2 * k3y + k4y)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (y, v)
    }

    @Test(arguments: [0.3, 0.5, 1.0, 2.0])
    func closedFormMatchesIntegration(dampingRatio: Double) {
        let response = 0.35
        let k = pow(2 * Double.pi / response, 2), c = 4 * Double.pi * dampingRatio / response
        let spring = DampedSpring(response: response, dampingRatio: dampingRatio)
        for (y0, v0) in [(-240.0, 0.0), (150.0, -3000.0), (0.0, 5000.0)] {
            for t in [0.05, 0.1, 0.2, 0.4] {
                let expected = integrate(k: k, c: c, y0: y0, v0: v0, until: t)
                let actual = spring.evaluate(from: y0, velocity: v0, after: t)
                #expect(abs(actual.y - expected.y) < 1e-6, "ζ \(dampingRatio) y0 \(y0) v0 \(v0) t \(t)")
                #expect(abs(actual.v - expected.v) < 1e-4, "ζ \(dampingRatio) y0 \(y0) v0 \(v0) t \(t)")
            }
        }
    }

    @Test func bounceSpringIsCriticallyDampedStiffness100() {
        let expected = integrate(k: 100, c: 20, y0: -80, v0: -400, until: 0.3)
        let actual = DampedSpring.bounce.evaluate(from: -80, velocity: -400, after: 0.3)
        #expect(abs(actual.y - expected.y) < 1e-6)
        #expect(abs(actual.v - expected.v) < 1e-4)
    }

    /// A slow drag of 0.3 page released with no velocity: snaps back to page 0.
    private func snapBack(dampingRatio: Double = 1) throws -> Timeline {
        try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 0.3, duration: 0.3, velocity: 0)))]) {
            $0.physics.snap = Physics.Spring(response: 0.35, dampingRatio: dampingRatio)
        })
    }

    @Test func criticallyDampedSnapFromRestApproachesMonotonicallyAndLandsExactly() throws {
        let timeline = try snapBack()
        let offsets = TestDeck.times(from: 0.3, to: timeline.duration, step: 0.001).map { timeline.state(at: $0).offset }
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(offsets.allSatisfy { $0 >= 0 })
        #expect(offsets.last == 0)
        #expect(timeline.state(at: timeline.duration).phase == .idle)
    }

    @Test func snapSettlesOnTheFirstMillisecondWithinHalfAPointAndOnePointPerSecond() throws {
        let timeline = try snapBack()
        // y(t) = (y0 + ω·y0·t)·e^(−ωt), v(t) = −ω²·y0·t·e^(−ωt), ω = 2π/0.35, y0 = 180.
        let omega = 2 * Double.pi / 0.35
        var n = 0
        while true {
            let t = Double(n) / 1000
            let y = (180 + omega * 180 * t) * exp(-omega * t)
            let v = -omega * omega * 180 * t * exp(-omega * t)
            if abs(y) < 0.5 && abs(v) < 1 { break }
            n += 1
        }
        let settle = 0.3 + Double(n) / 1000
        #expect(timeline.state(at: settle - 0.0005).phase == .snapping)
        #expect(timeline.state(at: settle).phase == .idle)
        #expect(timeline.state(at: settle).offset == 0)
        #expect(abs(timeline.duration - (settle + 0.5)) < 1e-9)
        let mid = 0.3 + 0.1
        #expect(abs(timeline.state(at: mid).offset - (180 + omega * 180 * 0.1) * exp(-omega * 0.1)) < 1e-6)
    }

    @Test func underdampedSnapOvershootsThenLandsExactly() throws {
        // Released at 0.6 page with no velocity: target page 1 (600 pt), starting 240 pt short.
        let timeline = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 0.6, duration: 0.3, velocity: 0)))]) {
            $0.physics.snap = Physics.Spring(response: 0.35, dampingRatio: 0.5)
        })
        let peak = TestDeck.times(from: 0.3, to: timeline.duration, step: 0.001).map { timeline.state(at: $0).offset }.max()!
        // First overshoot of an underdamped spring from rest: y0·exp(−ζπ/√(1−ζ²)).
        let overshoot = 240 * exp(-0.5 * Double.pi / (1 - 0.25).squareRoot())
        #expect(abs(peak - (600 + overshoot)) < 0.5)
        #expect(timeline.state(at: timeline.duration).offset == 600)
    }

    @Test func criticallyDampedSnapDoesNotOvershoot() throws {
        let timeline = try Timeline(deck: TestDeck.make(script: [Step(.drag(Step.Drag(by: 0.6, duration: 0.3, velocity: 0)))]))
        let offsets = TestDeck.times(from: 0.3, to: timeline.duration, step: 0.001).map { timeline.state(at: $0).offset }
        #expect(offsets.max()! == 600)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
    }
}
