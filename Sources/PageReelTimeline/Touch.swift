/// The finger as the `touches` overlay draws it: a position, a fade and, for taps, the tab under it.
///
/// The finger's position is kept apart from the content offset because it moves the other way
/// and outlives the touch: its mark fades out after the lift.
public struct Touch: Sendable, Equatable {
    /// Finger position in viewport points (0,0 = the viewport's top-left); x may leave the viewport.
    public var x: Double
    public var y: Double
    /// 0…1: fades in over 0.08 s after touch-down and out over 0.2 s after the lift.
    public var opacity: Double
    /// True from touch-down until the lift.
    public var isDown: Bool
    /// The tab being tapped, for the tab bar's highlight.
    public var tab: Int?

    public init(x: Double, y: Double, opacity: Double, isDown: Bool, tab: Int? = nil) {
        self.x = x
        self.y = y
        self.opacity = opacity
        self.isDown = isDown
        self.tab = tab
    }

    /// Seconds from touch-down to full opacity.
    public static let fadeInDuration = 0.08
    /// Seconds from the lift to invisibility.
    public static let fadeOutDuration = 0.2
}
