/// How the pages are laid out in the scroll view: along which axis, in which direction, how large
/// and how far apart, and where the current page rests.
///
/// Pages are the viewport's size unless `pageWidth`/`pageHeight` make them smaller, and then the
/// neighbours peek in beside the current one (App Store "Today", Wallet, Swiper's
/// `slidesPerView: 'auto'`); `spacing` is the gap between pages (Swiper's `spaceBetween`,
/// ViewPager's `pageMargin`); `align` is where the current page rests (Swiper's `centeredSlides`,
/// a collection view's section inset).
public struct Layout: Sendable, Equatable {
    public enum Orientation: String, Sendable, Equatable, CaseIterable { case horizontal, vertical }
    public enum Direction: String, Sendable, Equatable, CaseIterable { case ltr, rtl }
    public enum Align: String, Sendable, Equatable, CaseIterable { case center, start }

    public var orientation: Orientation = .horizontal
    /// `rtl`: the next page enters from the left; tabs and dots run right to left (horizontal only).
    public var direction: Direction = .ltr
    /// Page size in points; nil = the viewport's.
    public var pageWidth: Double?
    public var pageHeight: Double?
    public var spacing: Double = 0
    public var align: Align = .center
    /// The page after the last is the first (and before the first, the last): no ends, jumps take
    /// the short way round (iCarousel's `wrap`, Swiper's `loop`).
    public var wrap: Bool = false

    public init() {}

    public var isVertical: Bool { orientation == .vertical }
    /// Right to left, which only a horizontal layout has.
    public var isRightToLeft: Bool { direction == .rtl && orientation == .horizontal }
}

extension Deck {
    /// A page's size in points.
    public var pageSize: (width: Double, height: Double) {
        (layout.pageWidth ?? viewport.width, layout.pageHeight ?? viewport.height)
    }

    /// Points from one page to the next along the paging axis: the scroll offset of one page.
    public var pagePitch: Double {
        (layout.isVertical ? pageSize.height : pageSize.width) + layout.spacing
    }
}
