/// Scroll physics (DESIGN §3); defaults are iOS's, with their sources.
public struct Physics: Sendable, Equatable {
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
