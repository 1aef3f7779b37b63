/// RKSwipeBetweenViewControllers' tab bar: equal buttons across the top of the viewport and a
/// selector bar of width W/N at x = (W/N)·position.
public struct Tabs: Sendable, Equatable {
    public var titles: [String]
    /// Bar height in points.
    public var height: Double = 44
    public var background: Color = Color(r: 0x03, g: 0x0D, b: 0x0F)   // RKSwipe's (0.01, 0.05, 0.06)
    public var textColor: Color = .white
    public var fontSize: Double = 15
    public var weight: FontWeight = .bold
    public var font: String = Page.defaultFont
    public var selector: Selector = Selector()

    public init(titles: [String]) { self.titles = titles }

    /// The sliding selection bar.
    public struct Selector: Sendable, Equatable {
        public var color: Color = Color(r: 0, g: 255, b: 0)
        public var alpha: Double = 0.8
        public var height: Double = 4

        public init(color: Color = Color(r: 0, g: 255, b: 0), alpha: Double = 0.8, height: Double = 4) {
            self.color = color
            self.alpha = alpha
            self.height = height
        }
    }
}

/// A page indicator under the pages.
public struct Indicator: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable, CaseIterable { case dots }

    public var style: Style = .dots
    public var color: Color = Color(r: 255, g: 255, b: 255, a: 90)
    public var activeColor: Color = .white
    /// Dot diameter in points.
    public var size: Double = 8
    public var spacing: Double = 8
    /// Distance from the viewport's bottom edge up to the dots' centre; negative puts them below it.
    public var offset: Double = 24

    public init(style: Style = .dots) { self.style = style }
}
