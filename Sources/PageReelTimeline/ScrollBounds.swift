/// The scrollable range of a deck and what happens past its ends: rubber band or clamp.
///
/// All page arithmetic lives here so that "at rest on page j" means one thing everywhere:
/// offset == Double(j)·W, bit for bit.
struct ScrollBounds: Sendable, Equatable {
    let pageWidth: Double
    let pageCount: Int
    let band: RubberBand
    /// False clamps to the range instead of rubber-banding.
    let bounces: Bool

    init(pageWidth: Double, pageCount: Int, rubberBand: Double, bounces: Bool) {
        self.pageWidth = pageWidth
        self.pageCount = pageCount
        self.band = RubberBand(coefficient: rubberBand, dimension: pageWidth)
        self.bounces = bounces
    }

    /// The last page's rest offset, (count − 1)·W.
    var maxOffset: Double { Double(pageCount - 1) * pageWidth }

    /// Page `page`'s rest offset.
    func offset(ofPage page: Int) -> Double { Double(page) * pageWidth }

    /// The page whose rest offset is exactly `offset`, if any.
    func exactPage(_ offset: Double) -> Int? {
        let p = (offset / pageWidth).rounded()
        guard abs(p) < 1e15 else { return nil }
        return offset == Double(p) * pageWidth ? Int(p) : nil
    }

    /// Offset in pages; exactly whole at a rest offset, so floor/ceil decisions are not thrown by
    /// a division that lands an ulp below the page.
    func position(_ offset: Double) -> Double {
        if let page = exactPage(offset) { return Double(page) }
        return offset / pageWidth
    }

    /// The page nearest `offset`, halves away from zero, within the pages.
    func nearestPage(_ offset: Double) -> Int {
        clampPage(Int(max(min(position(offset).rounded(), 1e15), -1e15)))
    }

    func clampPage(_ page: Int) -> Int { min(max(page, 0), pageCount - 1) }

    /// True if `offset` is past an end (never when bounces is off).
    func isOverscrolled(_ offset: Double) -> Bool { offset < 0 || offset > maxOffset }

    /// The end an overscrolled offset springs back to.
    func nearestEnd(_ offset: Double) -> Double { offset < 0 ? 0 : maxOffset }

    /// What is shown for a raw (finger-driven) offset and its raw velocity.
    func shown(raw: Double, velocity: Double) -> (offset: Double, velocity: Double) {
        guard bounces else { return limited(raw, velocity) }
        if raw < 0 {
            return (-band.overshoot(-raw), velocity * band.slope(-raw))
        } else if raw > maxOffset {
            let x = raw - maxOffset
            return (maxOffset + band.overshoot(x), velocity * band.slope(x))
        }
        return (raw, velocity)
    }

    /// The raw offset that shows as `shown` (inverse of the rubber band).
    func raw(shown: Double) -> Double {
        if shown < 0 { return -band.distance(forOvershoot: -shown) }
        if shown > maxOffset { return maxOffset + band.distance(forOvershoot: shown - maxOffset) }
        return shown
    }

    /// `offset` clamped to the range when bounces is off (velocity 0 where clamped).
    func limited(_ offset: Double, _ velocity: Double) -> (offset: Double, velocity: Double) {
        guard !bounces else { return (offset, velocity) }
        if offset < 0 { return (0, 0) }
        if offset > maxOffset { return (maxOffset, 0) }
        return (offset, velocity)
    }
}
