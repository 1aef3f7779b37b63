import Foundation

/// UIScrollView's free glide after a release: the velocity is multiplied by `rate` every
/// millisecond, v(t) = v₀·d^(1000t), x(t) = x₀ + v₀·(d^(1000t) − 1)/(1000·ln d).
///
/// Everything is solved in closed form (when it stops, when it reaches an end) so the hand-over
/// to the bounce spring happens at the exact crossing instant, not at a sampled one.
struct Deceleration: Sendable, Equatable {
    /// x₀, points.
    let start: Double
    /// v₀, points per second.
    let velocity: Double
    /// d, velocity factor per millisecond (0.998 normal, 0.99 fast).
    let rate: Double

    /// λ = 1000·ln d (1/s, negative): d^(1000t) = e^(λt).
    var lambda: Double { 1000 * log(rate) }

    func offset(after t: Double) -> Double {
        start + velocity * expm1(lambda * t) / lambda
    }

    func velocity(after t: Double) -> Double {
        velocity * exp(lambda * t)
    }

    /// Seconds until |v| falls to 1 pt/s (0 if it starts slower).
    var stopTime: Double {
        abs(velocity) <= 1 ? 0 : log(1 / abs(velocity)) / lambda
    }

    /// Seconds until the glide reaches `x`, nil if `x` is behind it or beyond where it comes to rest.
    func time(toReach x: Double) -> Double? {
        guard velocity != 0 else { return nil }
        let factor = 1 + (x - start) * lambda / velocity   // e^(λt) at the crossing
        guard factor > 0, factor <= 1 else { return nil }
        return log(factor) / lambda
    }
}
