import PageReelDeck

/// The closed form of one stretch of the timeline, evaluated at a time measured from its start.
///
/// Each case is one of the motions DESIGN §3 names; none of them keeps state between samples,
/// which is what makes a frame a pure function of its time.
enum Motion: Sendable, Equatable {
    /// Still at an offset.
    case hold(Double)
    /// A raw offset moving by `distance` along `curve` in `duration` seconds; `banded` shows it
    /// through the rubber band (drags, hints), otherwise as is (jumps).
    case move(from: Double, distance: Double, duration: Double, curve: Step.Curve, banded: Bool)
    /// A spring toward `target`, starting at `displacement` from it with `velocity`.
    case spring(DampedSpring, target: Double, displacement: Double, velocity: Double)
    /// A free deceleration glide.
    case glide(Deceleration)
    /// An offset moving by `distance` in `duration` seconds on a library's curve (never banded).
    case eased(from: Double, distance: Double, duration: Double, easing: Easing)

    /// Shown offset and velocity `t` seconds into the motion.
    func sample(after t: Double, in bounds: ScrollBounds) -> (offset: Double, velocity: Double) {
        switch self {
        case .hold(let offset):
            return bounds.limited(offset, 0)
        case .move(let from, let distance, let duration, let curve, let banded):
            let u = duration > 0 ? t / duration : 1
            let raw = from + distance * curve.value(u)
            let velocity = duration > 0 ? distance * curve.slope(u) / duration : 0
            return banded ? bounds.shown(raw: raw, velocity: velocity) : bounds.limited(raw, velocity)
        case .spring(let spring, let target, let displacement, let velocity):
            let s = spring.evaluate(from: displacement, velocity: velocity, after: t)
            return bounds.limited(target + s.y, s.v)
        case .glide(let glide):
            return bounds.limited(glide.offset(after: t), glide.velocity(after: t))
        case .eased(let from, let distance, let duration, let easing):
            let u = duration > 0 ? t / duration : 1
            let velocity = duration > 0 ? distance * easing.slope(u) / duration : 0
            return bounds.limited(from + distance * easing.value(u), velocity)
        }
    }
}
