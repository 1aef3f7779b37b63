import Foundation

/// The time curves of the paging libraries' animations (DESIGN §3, "Physics"; the reference's
/// §1.7, §2.1, §3.1), each a pure function of normalised time u ∈ [0, 1].
enum Easing: Sendable, Equatable {
    /// Android's ViewPager interpolator: f(u) = (u − 1)⁵ + 1.
    case quinticOut
    /// CSS `ease`, `cubic-bezier(0.25, 0.1, 0.25, 1)`: Swiper's transitions.
    case cssEase
    /// Constant deceleration to rest: f(u) = 2u − u² (iCarousel's deceleration,
    /// x = x₀ + v·t − (v/T)·t²/2 with v·T = 2·distance).
    case decelerate

    func value(_ u: Double) -> Double {
        let u = min(max(u, 0), 1)
        switch self {
        case .quinticOut: let w = u - 1; return w * w * w * w * w + 1
        case .cssEase: return Easing.ease.y(Easing.ease.parameter(forX: u))
        case .decelerate: return u * (2 - u)
        }
    }

    /// d(value)/du at u.
    func slope(_ u: Double) -> Double {
        let u = min(max(u, 0), 1)
        switch self {
        case .quinticOut: let w = u - 1; return 5 * w * w * w * w
        case .cssEase:
            let t = Easing.ease.parameter(forX: u)
            let dx = Easing.ease.dx(t)
            return dx > 0 ? Easing.ease.dy(t) / dx : 0
        case .decelerate: return 2 - 2 * u
        }
    }

    private static let ease = CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
}

/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing function from (0, 0) to (1, 1).
struct CubicBezier: Sendable, Equatable {
    let x1, y1, x2, y2: Double

    /// B(t) for control values a, b: 3a·t(1 − t)² + 3b·t²(1 − t) + t³.
    private static func curve(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * a * t * s * s + 3 * b * t * t * s + t * t * t
    }

    private static func derivative(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * a * s * s + 6 * (b - a) * t * s + 3 * (1 - b) * t * t
    }

    func x(_ t: Double) -> Double { Self.curve(x1, x2, t) }
    func y(_ t: Double) -> Double { Self.curve(y1, y2, t) }
    func dx(_ t: Double) -> Double { Self.derivative(x1, x2, t) }
    func dy(_ t: Double) -> Double { Self.derivative(y1, y2, t) }

    /// The curve parameter whose x is `x`: Newton's method from x, bisection where it stalls
    /// (x(t) is monotonic for x1, x2 in [0, 1]), to 1e-12.
    func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < 1e-12 { return t }
            let slope = dx(t)
            guard slope > 1e-6 else { break }
            t -= error / slope
            guard t > 0, t < 1 else { break }
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<60 {
            t = (low + high) / 2
            if self.x(t) < x { low = t } else { high = t }
        }
        return t
    }
}
