import PageReelDeck

/// The scrollable range of a deck and what happens past its ends: rubber band or clamp, or no
/// ends at all when the pages wrap around.
///
/// All page arithmetic lives here so that "at rest on page j" means one thing everywhere:
/// offset == Double(j)·W, bit for bit. Wrapping, offsets and page numbers run on without bound
/// (page n is page 0 again); `index(ofPage:)` and `wrapped(_:)` bring them back into the deck.
struct ScrollBounds: Sendable, Equatable {
    let pageWidth: Double
    let pageCount: Int
    let band: RubberBand
    /// False clamps to the range instead of rubber-banding.
    let bounces: Bool
    /// The page after the last is the first: no ends, nothing to clamp or band.
    let wraps: Bool

    init(pageWidth: Double, pageCount: Int, rubberBand: Double, bounces: Bool, wraps: Bool = false) {
        self.init(pageWidth: pageWidth, pageCount: pageCount, band: .uikit(coefficient: rubberBand), bounces: bounces,
                  wraps: wraps)
    }

    init(pageWidth: Double, pageCount: Int, band: RubberBand.Law, bounces: Bool, wraps: Bool) {
        self.pageWidth = pageWidth
        self.pageCount = pageCount
        self.band = RubberBand(band, dimension: pageWidth)
        self.bounces = bounces
        self.wraps = wraps
    }

    /// The deck's bounds: its pitch, its pages, and past the ends the motion model's resistance
    /// (ViewPager has none: it stops at the ends and glows).
    init(deck: Deck) {
        let physics = deck.physics
        let band: RubberBand.Law = switch physics.model {
        case .uikit, .android: .uikit(coefficient: physics.rubberBand)
        case .icarousel: .iCarousel
        case .swiper: .swiper(ratio: 0.85)
        }
        self.init(pageWidth: deck.pagePitch, pageCount: deck.pageCount, band: band,
                  bounces: physics.bounces && physics.model != .android, wraps: deck.layout.wrap)
    }

    /// The deck's page that unwrapped page `page` shows (itself without wrapping).
    func index(ofPage page: Int) -> Int {
        wraps ? ((page % pageCount) + pageCount) % pageCount : page
    }

    /// `offset` brought into [0, n·W) when wrapping, a page's rest offset onto that page's exactly.
    func wrapped(_ offset: Double) -> Double {
        guard wraps else { return offset }
        if let page = exactPage(offset) { return self.offset(ofPage: index(ofPage: page)) }
        let length = Double(pageCount) * pageWidth
        let x = offset - length * (offset / length).rounded(.down)
        return x >= length || x < 0 ? 0 : x
    }

    /// The rest offset of the deck's page `page` reached from `offset` the short way round
    /// (iCarousel's `minScrollDistanceFromOffset`: ties go the direct way); without wrapping, the
    /// page's own.
    func nearestOffset(ofPage page: Int, from offset: Double) -> Double {
        guard wraps else { return self.offset(ofPage: page) }
        let n = Double(pageCount)
        let turns = (position(offset) / n).rounded(.down)
        guard abs(turns) < 1e12 else { return self.offset(ofPage: page) }
        let current = position(offset) - turns * n           // in [0, n)
        let direct = Double(page) - current
        let around = direct > 0 ? direct - n : direct + n
        let shift = abs(direct) <= abs(around) ? 0 : (direct > 0 ? -1.0 : 1.0)
        return self.offset(ofPage: Int(turns + shift) * pageCount + page)
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
        clampPage(Self.pageNumber(position(offset).rounded()))
    }

    /// A whole number of pages as an Int, held within ±10¹⁵ so that no position, however far a
    /// fling has carried it, overflows.
    static func pageNumber(_ pages: Double) -> Int { Int(min(max(pages, -1e15), 1e15)) }

    /// `page` within the pages (any page when wrapping).
    func clampPage(_ page: Int) -> Int { wraps ? page : min(max(page, 0), pageCount - 1) }

    /// True if `offset` is past an end (never when bounces is off or the pages wrap).
    func isOverscrolled(_ offset: Double) -> Bool { !wraps && (offset < 0 || offset > maxOffset) }

    /// The end an overscrolled offset springs back to.
    func nearestEnd(_ offset: Double) -> Double { offset < 0 ? 0 : maxOffset }

    /// What is shown for a raw (finger-driven) offset and its raw velocity.
    func shown(raw: Double, velocity: Double) -> (offset: Double, velocity: Double) {
        if wraps { return (raw, velocity) }
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
        if wraps { return shown }
        if shown < 0 { return -band.distance(forOvershoot: -shown) }
        if shown > maxOffset { return maxOffset + band.distance(forOvershoot: shown - maxOffset) }
        return shown
    }

    /// `offset` clamped to the range when bounces is off (velocity 0 where clamped).
    func limited(_ offset: Double, _ velocity: Double) -> (offset: Double, velocity: Double) {
        guard !bounces, !wraps else { return (offset, velocity) }
        if offset < 0 { return (0, 0) }
        if offset > maxOffset { return (maxOffset, 0) }
        return (offset, velocity)
    }
}
