import PageReelDeck

/// Places pages for a scroll position: the behaviour behind every named and custom transition.
///
/// Everything is in viewport points: a page's local (u, v) ∈ [0, W] × [0, H] maps through `transform`
/// to the viewport plane, whose origin is the viewport's top-left corner. `SceneBuilder` then moves
/// the result onto the canvas and into output pixels.
protocol PageTransition: Sendable {
    /// Pages with |s| below this are drawn; others are not even loaded.
    var reach: Double { get }
    /// The quads of page `page` at relative position s = (page·W − offset)/W (0 = centred,
    /// +1 = one page to the right). Empty when the page is not visible.
    func place(page: Int, s: Double, geometry: PageGeometry) -> [PlacedQuad]
    /// Whether it places pages in vertical layouts and rests smaller pages centred itself
    /// (`LayoutMapping`); false by default.
    var handlesLayout: Bool { get }
}

/// The sizes a transition needs.
struct PageGeometry: Sendable {
    /// Page size in points (the viewport's, unless a layout makes pages smaller).
    var width: Double
    var height: Double
    /// The scroll offset in points.
    var offset: Double
    var pageCount: Int
    /// The viewport (the carousel's, pager's or swiper container's bounds) when it differs from
    /// the page; its origin is the origin transitions place pages in.
    var viewport: (width: Double, height: Double)? = nil
    /// Points between neighbouring pages (Swiper's `spaceBetween`, ViewPager's `pageMargin`).
    var spacing: Double = 0

    /// The viewport's size.
    var viewportWidth: Double { viewport?.width ?? width }
    var viewportHeight: Double { viewport?.height ?? height }
    /// Points from one page to the next.
    var pitch: Double { width + spacing }
}

/// One quad of a page placed in viewport points.
struct PlacedQuad: Sendable {
    var transform: Matrix4
    var source: Rect
    var opacity: Double = 1
    var shading: Shading?
    var antialiasedEdges: EdgeMask = .all
    /// Painter's order: higher is drawn later (on top).
    var order: Double
    /// Whether the page's shadow is drawn under this quad (only for whole pages).
    var castsShadow: Bool = true
}

extension PageGeometry {
    /// The whole page in local points.
    var fullPage: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Perspective with eye distance `d` about the viewport centre (a `sublayerTransform` on the
    /// scroll view); d ≤ 0 is orthographic.
    func perspective(_ d: Double) -> Matrix4 {
        guard d > 0 else { return .identity }
        return .translation(width / 2, height / 2) * .perspective(d) * .translation(-width / 2, -height / 2)
    }

    /// Where page `s` lies in the scroll view with no transform: its centre.
    func restingCentre(s: Double) -> (x: Double, y: Double) {
        (s * width + width / 2, height / 2)
    }
}
