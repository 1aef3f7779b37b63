/// Scroll physics (DESIGN §3); defaults are iOS's, with their sources.
public struct Physics: Sendable, Equatable {
    /// Whose scroll motion a release, a snap and an animated jump follow: UIKit's (the default),
    /// or one of the paging libraries' (DESIGN §3; `../shared/reference/paging-catalogues.md`
    /// §1.7, §2.1, §3.1), and how a drag past an end resists. `deceleration`, `flingVelocity`, `snap`
    /// and `rubberBand` are UIKit's and apply to it only.
    public enum Model: String, Sendable, Equatable, CaseIterable {
        /// UIScrollView: the snap spring, the free glide.
        case uikit
        /// iCarousel: constant deceleration at rate 0.95, then a 0.4 s cubic ease to the item boundary.
        case icarousel
        /// AndroidX ViewPager: the settle's distance-dependent duration (at most 600 ms) on the
        /// quintic interpolator.
        case android
        /// Swiper: every change takes `speed` 300 ms on CSS `ease`; `longSwipesRatio` 0.5.
        case swiper
    }

    public var model: Model = .uikit
    /// Snap to pages after a release (UIScrollView.isPagingEnabled).
    public var paging: Bool = true
    /// Velocity multiplier per millisecond while gliding freely (normal 0.998, fast 0.99).
    public var deceleration: Double = Physics.normalDeceleration
    /// Release speed (pt/s) above which a release moves to the next page (Flutter's iOS physics).
    public var flingVelocity: Double = 100
    public var snap: Spring = Spring(response: 0.35, dampingRatio: 1)
    /// UIScrollView's rubber-band constant.
    public var rubberBand: Double = 0.55
    /// Rubber band past the ends; false clamps instead.
    public var bounces: Bool = true

    public static let normalDeceleration = 0.998
    public static let fastDeceleration = 0.99

    public init() {}

    /// A spring in UISpringTimingParameters' design parameters.
    public struct Spring: Sendable, Equatable {
        /// Seconds for one undamped oscillation.
        public var response: Double
        public var dampingRatio: Double

        public init(response: Double, dampingRatio: Double) {
            self.response = response
            self.dampingRatio = dampingRatio
        }
    }
}
