/// What the canvas shows behind everything: a colour, a gradient, or an image.
public enum Backdrop: Sendable, Equatable {
    case color(Color)
    /// A linear gradient as pages have (`angle` in degrees: 0 = left to right, 90 = top to bottom).
    case gradient(from: Color, to: Color, angle: Double)
    /// An image file (relative to the deck) fitted to the canvas.
    case image(String, fit: Fit)

    /// The colour the frame is cleared to before anything else: the colour itself, else black.
    public var clearColor: Color {
        if case .color(let color) = self { return color }
        return .black
    }
}

/// The device the pages are shown in: its model and what is drawn on its screen.
///
/// The viewport is the device's screen (or a browser's content area); the device is drawn around
/// it, outside, so a deck keeps its geometry when it gains a device.
public struct Device: Sendable, Equatable {
    public enum Model: String, Sendable, Equatable, CaseIterable {
        /// A phone with rounded screen corners, a camera island, side buttons and a home indicator.
        case phone
        /// A phone with a rectangular screen between a top bezel and a chin with a round button.
        case phoneHomeButton = "phone-home-button"
        /// A tablet: an even bezel, slightly rounded screen corners.
        case tablet
        /// A browser window: a bar with three buttons and an address field above the content.
        case browser
        /// No device: the pages float on the canvas.
        case none
    }

    /// The status bar across the top of a phone's or tablet's screen.
    public struct StatusBar: Sendable, Equatable {
        public enum Style: String, Sendable, Equatable, CaseIterable {
            /// Dark glyphs, for light pages.
            case dark
            /// Light glyphs, for dark or colourful pages.
            case light
        }

        /// The time shown, as written.
        public var time: String = "9:41"
        public var style: Style = .light

        public init(time: String = "9:41", style: Style = .light) {
            self.time = time
            self.style = style
        }
    }

    public var model: Model
    /// The frame's colour (a phone's bezel, a browser's window bar).
    public var color: Color = Color(r: 0x1C, g: 0x1C, b: 0x1E)
    /// nil = no status bar (phones and tablets have one by default; browsers never do).
    public var statusBar: StatusBar? = StatusBar()
    /// The bar at the bottom of the screen (phones and tablets without a home button).
    public var homeIndicator: Bool = true
    /// The address a browser shows.
    public var url: String = "example.com"

    public init(model: Model) { self.model = model }
}

/// How captions are set around the device: one line or a few, centred on it.
public struct Captions: Sendable, Equatable {
    public enum Position: String, Sendable, Equatable, CaseIterable { case top, bottom }

    public var position: Position = .bottom
    /// Text size in points.
    public var size: Double = 28
    public var color: Color = .white
    public var font: String = Page.defaultFont
    public var weight: FontWeight = .bold
    /// Points between the caption's box and the device's outer edge.
    public var gap: Double = 32
    /// Wrap width in points; nil = as wide as the canvas allows around the device's centre.
    public var maxWidth: Double?

    public init() {}
}
