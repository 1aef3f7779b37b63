import Foundation

/// A unit-mass damped spring in closed form: the page snap and the bounce back from an edge.
///
/// Closed form rather than integration so that a spring evaluated at any instant gives the same
/// value whatever the frame rate. Under-, critically and overdamped motion each have their own
/// solution; the displacement y is measured from the spring's target.
struct DampedSpring: Sendable, Equatable {
    /// Undamped angular frequency ω₀ = √(k/m), rad/s.
    let omega: Double
    /// Damping ratio ζ = c / (2·√(k·m)).
    let zeta: Double

    init(omega: Double, zeta: Double) {
        self.omega = omega
        self.zeta = zeta
    }

    /// UISpringTimingParameters' design parameters: k = (2π/response)², c = 4π·ζ/response, m = 1.
    init(response: Double, dampingRatio: Double) {
        self.init(omega: 2 * Double.pi / response, zeta: dampingRatio)
    }

    /// Mass 1, stiffness k, damping c.
    init(stiffness: Double, damping: Double) {
        let omega = stiffness.squareRoot()
        self.init(omega: omega, zeta: damping / (2 * omega))
    }

    /// The bounce back from an edge: critically damped, stiffness 100, mass 1 (ScrollMechanics).
    static let bounce = DampedSpring(stiffness: 100, damping: 20)

    /// A spring is settled when it is this close to its target…
    static let settleDistance = 0.5
    /// …and slower than this (pt/s).
    static let settleSpeed = 1.0

    /// Displacement and velocity `t` seconds after starting at displacement `y0` with velocity `v0`.
    func evaluate(from y0: Double, velocity v0: Double, after t: Double) -> (y: Double, v: Double) {
        let w = omega
        if abs(zeta - 1) < 1e-9 {
            let e = exp(-w * t)
            let b = v0 + w * y0
            return ((y0 + b * t) * e, (v0 - w * b * t) * e)
        } else if zeta < 1 {
            let a = zeta * w
            let wd = w * (1 - zeta * zeta).squareRoot()
            let b = (v0 + a * y0) / wd
            let e = exp(-a * t)
            let c = cos(wd * t), s = sin(wd * t)
            return (e * (y0 * c + b * s), e * ((b * wd - a * y0) * c - (y0 * wd + a * b) * s))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w * (zeta - root), r2 = -w * (zeta + root)
            let a = (v0 - r2 * y0) / (r1 - r2)
            let b = y0 - a
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
        }
    }

    /// The first instant on a 1 ms grid (from the spring's start) at which |y| < 0.5 pt and
    /// |v| < 1 pt/s, or `limit` if it never gets there within it.
    func settleTime(from y0: Double, velocity v0: Double, limit: Double) -> Double {
        let steps = Int((limit * 1000).rounded(.up))
        var n = 0
        while n < steps {
            let t = Double(n) / 1000
            let s = evaluate(from: y0, velocity: v0, after: t)
            if abs(s.y) < Self.settleDistance && abs(s.v) < Self.settleSpeed { return t }
            n += 1
        }
        return Double(steps) / 1000
    }
}
