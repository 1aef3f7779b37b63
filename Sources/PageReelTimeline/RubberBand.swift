import Foundation

/// How far content shows past an end for a finger dragged further: UIScrollView's rubber band, or
/// iCarousel's or Swiper's resistance (`physics.model`).
///
/// Kept as a function of the raw distance x ≥ 0 past the end so both ends share it; `ScrollBounds`
/// applies the sign.
struct RubberBand: Sendable, Equatable {
    enum Law: Sendable, Equatable {
        /// UIScrollView: b(x) = x·W·c/(W + c·x), slope c at the edge, never reaching W.
        case uikit(coefficient: Double)
        /// iCarousel's `didPan:`: each point of finger moves the content by k = 1 − overshoot/W
        /// (`bounceDistance` one item), so b(x) = W·(1 − e^(−x/W)), never reaching an item.
        case iCarousel
        /// Swiper's `onTouchMove` resistance: b(x) = x^ratio − 1 points (`resistanceRatio` 0.85),
        /// held at the end for the first point (where the formula would pull the content back in).
        case swiper(ratio: Double)
    }

    let law: Law
    /// W, one page along the axis.
    let dimension: Double

    init(_ law: Law, dimension: Double) {
        self.law = law
        self.dimension = dimension
    }

    /// UIScrollView's band with constant c.
    init(coefficient: Double, dimension: Double) {
        self.init(.uikit(coefficient: coefficient), dimension: dimension)
    }

    /// Shown overshoot for a raw distance `x` ≥ 0 past the end.
    func overshoot(_ x: Double) -> Double {
        switch law {
        case .uikit(let c): return x * dimension * c / (dimension + c * x)
        case .iCarousel: return -dimension * expm1(-x / dimension)
        case .swiper(let ratio): return x > 1 ? pow(x, ratio) - 1 : 0
        }
    }

    /// db/dx at raw distance `x`, to turn the finger's speed into the content's.
    func slope(_ x: Double) -> Double {
        switch law {
        case .uikit(let c):
            let d = dimension + c * x
            return dimension * dimension * c / (d * d)
        case .iCarousel: return exp(-x / dimension)
        case .swiper(let ratio): return x > 1 ? ratio * pow(x, ratio - 1) : 0
        }
    }

    /// The raw distance whose overshoot is `b` (the inverse of `overshoot`), for a drag that starts
    /// while overscrolled. A spring can carry content further than the band ever shows; such a
    /// position is treated as just under the band's limit.
    func distance(forOvershoot b: Double) -> Double {
        switch law {
        case .uikit(let c):
            let b = min(b, dimension * (1 - 1e-9))
            return b * dimension / (c * (dimension - b))
        case .iCarousel:
            let b = min(b, dimension * (1 - 1e-9))
            return -dimension * log1p(-b / dimension)
        case .swiper(let ratio):
            return b > 0 ? pow(b + 1, 1 / ratio) : 0
        }
    }
}
