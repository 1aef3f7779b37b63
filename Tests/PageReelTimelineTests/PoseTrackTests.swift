import Foundation
import PageReelDeck
import PageReelTimeline
import Testing

/// The device's pose over time: the rest pose, turns eased as their curves say, values a step does
/// not name kept, a turn with `at` run alongside the gestures without touching them.
@Suite struct PoseTrackTests {
    static let rest = Pose(rotateX: 4, rotateY: -12, perspective: 2000)

    static func deck(_ script: [Step]) -> Deck {
        TestDeck.make(script: script) { $0.device = { var d = Device(model: .phone); d.pose = rest; return d }() }
    }

    @Test func aTurnIsEasedAsItsCurveSaysAndKeepsWhatItDoesNotName() throws {
        for curve in Step.Curve.allCases {
            let turn = PoseChange(rotateY: 20, duration: 1.2, curve: curve)
            let timeline = try Timeline(deck: Self.deck([Step(.wait(0.5)), Step(.pose(turn)), Step(.wait(0.3))]))
            // The video: the wait, the turn, the wait, the tail.
            #expect(abs(timeline.duration - (0.5 + 1.2 + 0.3 + 0.5)) < 1e-9)
            var previous = -Double.infinity
            for t in TestDeck.times(to: timeline.duration, step: 1.0 / 120) {
                let pose = timeline.state(at: t).pose
                #expect(pose.rotateX == 4 && pose.perspective == 2000 && pose.scale == 1, "\(curve) at \(t)")
                // Closed forms of each curve, written out again.
                let u = min(max((t - 0.5) / 1.2, 0), 1)
                let expected: Double = switch curve {
                case .linear: u
                case .easeIn: u * u * u
                case .easeOut: 1 - pow(1 - u, 3)
                case .easeInOut: u < 0.5 ? 4 * u * u * u : 1 - pow(-2 * u + 2, 3) / 2
                case .spring: (1 - (1 + 9.2334 * u) * exp(-9.2334 * u)) / (1 - (1 + 9.2334) * exp(-9.2334))
                }
                #expect(abs(pose.rotateY - (-12 + 32 * expected)) < 1e-6, "\(curve) at \(t): \(pose.rotateY)")
                #expect(pose.rotateY >= previous - 1e-12, "\(curve) turns back at \(t)")
                previous = pose.rotateY
            }
            #expect(timeline.state(at: 0.5).pose == Self.rest)
            #expect(timeline.state(at: 1.7).pose.rotateY == 20)
        }
    }

    @Test func theSpringArrivesWithinItsDurationWithoutOvershoot() {
        let curve = Step.Curve.spring
        #expect(curve.value(0) == 0 && curve.value(1) == 1)
        for k in 1..<1000 {
            let t = Double(k) / 1000
            #expect(curve.value(t) > curve.value(t - 0.001) && curve.value(t) < 1)
            let slope = (curve.value(t + 1e-6) - curve.value(t - 1e-6)) / 2e-6
            #expect(abs(slope - curve.slope(t)) < 1e-4 * max(1, slope))
        }
        // Most of the way in the first half, as a spring goes.
        #expect(curve.value(0.5) > 0.9)
    }

    /// With `at`, a turn runs during a swipe: the scroll view moves exactly as without it, and a
    /// turn that starts during another takes over from where the device is then.
    @Test func aTurnWithAtRunsAlongsideTheGestures() throws {
        let gestures = [Step(.wait(0.4)), Step(.swipe(.next)), Step(.wait(1))]
        let plain = try Timeline(deck: Self.deck(gestures))
        let turned = try Timeline(deck: Self.deck([Step(.wait(0.4)), Step(.pose(PoseChange(rotateY: 30, duration: 1, curve: .linear)), at: 0.3),
                                                   Step(.pose(PoseChange(rotateX: -10, duration: 0.5, curve: .linear)), at: 0.8),
                                                   Step(.swipe(.next)), Step(.wait(1))]))
        #expect(abs(turned.duration - plain.duration) < 1e-9)
        for t in TestDeck.times(to: plain.duration, step: 1.0 / 60) {
            #expect(turned.state(at: t).offset == plain.state(at: t).offset, "at \(t)")
        }
        // The turn of rotateX from 0.8 s leaves the turn of rotateY going: at 1.05 s the first is
        // 75% of the way from −12 to 30, the second half of the way from 4 to −10.
        let at08 = turned.state(at: 0.8).pose
        #expect(abs(at08.rotateY - 9) < 1e-9 && at08.rotateX == 4)
        let at105 = turned.state(at: 1.05).pose
        #expect(abs(at105.rotateY - 19.5) < 1e-9 && abs(at105.rotateX - (-3)) < 1e-9)
        #expect(turned.state(at: 1.3).pose == Pose(rotateX: -10, rotateY: 30, perspective: 2000))
    }

    @Test func aPoseNeedsADevice() {
        var deck = TestDeck.make(script: [Step(.pose(PoseChange(rotateY: 10)))])
        deck.device = nil
        #expect(throws: TimelineError.self) { try Timeline(deck: deck) }
    }
}
