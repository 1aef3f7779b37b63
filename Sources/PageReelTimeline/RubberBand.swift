/// UIScrollView's rubber band: how far content shows past an end for a finger dragged further.
///
/// b(x) = x·W·c/(W + c·x): slope c at the edge, never reaching W. Kept as a function of distance
/// past the end so both ends share it; `ScrollBounds` applies the sign.
struct RubberBand: Sendable, Equatable {
    /// c, 0.55 on iOS.
    let coefficient: Double
    /// W, the viewport's width.
    let dimension: Double

    /// Shown overshoot for a raw distance `x` ≥ 0 past the end.
    func overshoot(_ x: Double) -> Double {
        x * dimension * coefficient / (dimension + coefficient * x)
    }

    /// db/dx at raw distance `x`, to turn the finger's speed into the content's.
    func slope(_ x: Double) -> Double {
        let d = dimension + coefficient * x
        return dimension * dimension * coefficient / (d * d)
    }

    /// The raw distance whose overshoot is `b` (the inverse of `overshoot`), for a drag that starts
    /// while overscrolled. A spring can carry content further than the band ever shows; such a
    /// position is treated as just under the band's limit.
    func distance(forOvershoot b: Double) -> Double {
        let b = min(b, dimension * (1 - 1e-9))
        return b * dimension / (coefficient * (dimension - b))
    }
}
