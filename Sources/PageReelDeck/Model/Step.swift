import Foundation

/// One step of the gesture script. Steps run one after another; `at` starts a step at an absolute
/// time instead, interrupting whatever moves then, like a finger catching a moving scroll view.
public struct Step: Sendable, Equatable {
    public var action: Action
    /// Absolute start time in seconds.
    public var at: Double?

    public init(_ action: Action, at: Double? = nil) {
        self.action = action
        self.at = at
    }

    public enum Action: Sendable, Equatable {
        /// Idle seconds.
        case wait(Double)
        case drag(Drag)
        case swipe(Direction)
        /// Release at the current position with this velocity (pt/s, positive = toward the next page).
        case fling(velocity: Double)
        case jump(Jump)
        /// Touch the tab, then jump through to its page.
        case tap(tab: Int)
        case hint(Hint)
        /// From now on, pages move with this transition (it takes no time).
        case transition(TransitionSpec)
        /// Turns the device from its current pose to this one.
        case pose(PoseChange)
        /// Zooms the view onto a point of the screen, or back.
        case camera(CameraMove)
    }

    public enum Direction: String, Sendable, Equatable, CaseIterable { case next, prev }

    /// The finger moves `by` pages (positive = toward the next page) over `duration` seconds.
    public struct Drag: Sendable, Equatable {
        public var by: Double
        public var duration: Double
        public var curve: Curve = .linear
        /// Release velocity in pt/s; nil = the finger's own final velocity.
        public var velocity: Double?
        /// false keeps the finger down after the move.
        public var release: Bool = true

        public init(by: Double, duration: Double, curve: Curve = .linear, velocity: Double? = nil,
                    release: Bool = true) {
            self.by = by
            self.duration = duration
            self.curve = curve
            self.velocity = velocity
            self.release = release
        }
    }

    /// An animated page change.
    public struct Jump: Sendable, Equatable {
        public var to: Int
        /// Walk through every page in between (RKSwipe), or go straight there (MAG goToPage).
        public var through: Bool = true
        /// Seconds per page when walking through; nil = the motion model's (UIKit 0.3).
        public var step: Double?
        /// Seconds for a direct jump; nil = the motion model's (UIKit 0.35).
        public var duration: Double?

        public init(to: Int, through: Bool = true, step: Double? = nil, duration: Double? = nil) {
            self.to = to
            self.through = through
            self.step = step
            self.duration = duration
        }
    }

    /// PaperFold's bounce: +distance then back, two ease-in-out moves.
    public struct Hint: Sendable, Equatable {
        public var distance: Double = 30
        /// Seconds for each of the two moves.
        public var duration: Double = 0.3

        public init(distance: Double = 30, duration: Double = 0.3) {
            self.distance = distance
            self.duration = duration
        }
    }

    /// Timing curves for drags and turns.
    public enum Curve: String, Sendable, Equatable, CaseIterable {
        case linear, easeIn, easeOut, easeInOut
        /// A critically damped spring from rest, scaled so that it arrives exactly at t = 1:
        /// (1 − (1 + ωt)·e^(−ωt)) / (1 − (1 + ω)·e^(−ω)), ω = `springRate`.
        case spring

        /// The spring's rate per unit of time: at t = 1 the unscaled spring is within 0.1% of the
        /// end ((1 + ω)·e^(−ω) = 0.001).
        public static let springRate = 9.2334

        /// Progress at normalised time t ∈ [0, 1] (cubic easing).
        public func value(_ t: Double) -> Double {
            let t = min(max(t, 0), 1)
            switch self {
            case .linear: return t
            case .easeIn: return t * t * t
            case .easeOut: let u = 1 - t; return 1 - u * u * u
            case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
            case .spring: return Self.springValue(t) / Self.springValue(1)
            }
        }

        private static func springValue(_ t: Double) -> Double {
            1 - (1 + springRate * t) * exp(-springRate * t)
        }

        /// d(value)/dt at t.
        public func slope(_ t: Double) -> Double {
            let t = min(max(t, 0), 1)
            switch self {
            case .linear: return 1
            case .easeIn: return 3 * t * t
            case .easeOut: let u = 1 - t; return 3 * u * u
            case .easeInOut: return t < 0.5 ? 12 * t * t : 3 * (-2 * t + 2) * (-2 * t + 2) / 2
            case .spring: return Self.springRate * Self.springRate * t * exp(-Self.springRate * t) / Self.springValue(1)
            }
        }
    }
}

private func pow3(_ x: Double) -> Double { x * x * x }
