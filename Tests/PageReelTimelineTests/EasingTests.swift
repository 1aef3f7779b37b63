import Foundation
import Testing
@testable import PageReelTimeline

/// The libraries' time curves against their definitions, solved here independently: CSS `ease`
/// by bisection on the Bézier's x (the CSS Easing spec's definition), ViewPager's quintic and
/// iCarousel's constant deceleration by their closed forms.
@Suite struct EasingTests {
    /// cubic-bezier(0.25, 0.1, 0.25, 1) at x, by 200 bisection steps on B_x(t) = x.
    static func cssEase(_ x: Double) -> Double {
        func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double {
            3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bezier(0.25, 0.25, mid) < x { low = mid } else { high = mid }
        }
        return bezier(0.1, 1, (low + high) / 2)
    }

    @Test(arguments: [0.0, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0])
    func cssEaseIsTheBezierAtX(_ x: Double) {
        #expect(abs(Easing.cssEase.value(x) - Self.cssEase(x)) < 1e-9)
    }

    /// Browsers' value of `ease` half way (Chromium and WebKit print 0.8024033877).
    @Test func cssEaseHalfWay() {
        #expect(abs(Easing.cssEase.value(0.5) - 0.8024033877) < 1e-9)
    }

    @Test(arguments: [0.0, 0.1, 0.3, 0.5, 0.8, 1.0])
    func slopesAreTheDerivatives(_ u: Double) {
        let h = 1e-6
        for easing in [Easing.cssEase, .quinticOut, .decelerate] {
            let a = easing.value(max(u - h, 0)), b = easing.value(min(u + h, 1))
            let numeric = (b - a) / (min(u + h, 1) - max(u - h, 0))
            #expect(abs(easing.slope(u) - numeric) < 1e-4, "\(easing) at \(u)")
        }
    }

    @Test func quinticAndDeceleration() {
        for u in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(abs(Easing.quinticOut.value(u) - (pow(u - 1, 5) + 1)) < 1e-15)
            // x₀ + v·t − (v/T)·t²/2 with v·T = 2·distance, over distance: 2u − u².
            #expect(abs(Easing.decelerate.value(u) - (2 * u - u * u)) < 1e-15)
        }
        #expect(Easing.decelerate.slope(1) == 0 && Easing.quinticOut.slope(1) == 0)
    }
}
