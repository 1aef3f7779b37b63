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
/// it, outside, so a deck keeps its geometry when it gains a device. Without a viewport the screen
/// takes the model's shape, sized so the device and its captions fit the canvas.
public struct Device: Sendable, Equatable {
    /// How the deck named the model.
    public enum Choice: Sendable, Equatable {
        /// `auto`: the model whose screenshots have the size of the pages' images (any kind).
        case auto
        /// `phone`, `tablet`: the model of that kind the images match, else the kind's default.
        case kind(DeviceModel.Kind)
        /// A model by its name.
        case named
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
        /// nil = the style that contrasts with the top of each page.
        public var style: Style?
        /// Over every page, even those that bring their own status bar (`"statusBar": true`).
        public var always: Bool = false

        public init(time: String = "9:41", style: Style? = nil, always: Bool = false) {
            self.time = time
            self.style = style
            self.always = always
        }
    }

    /// The names a deck may give besides the models' own.
    public static let genericNames = ["auto", "phone", "tablet", "phone-home-button", "browser", "none"]

    /// Every name `device` (or `device.model`) takes.
    public static var names: [String] {
        let models = DeviceModel.all.filter { $0.kind != .browser }
        return genericNames + models.map(\.id) + models.flatMap(\.aliases)
    }

    /// The model drawn. For `auto`, `phone` and `tablet` it is the default until the pages' images
    /// are known (`resolved(imageSize:)`).
    public var model: DeviceModel
    public var choice: Choice
    /// The frame's colour (a phone's bezel, a browser's window bar).
    public var color: Color = Color(r: 0x1C, g: 0x1C, b: 0x1E)
    /// nil = no status bar (phones and tablets have one by default; browsers never do).
    public var statusBar: StatusBar? = StatusBar()
    /// The bar at the bottom of the screen (phones and tablets without a home button).
    public var homeIndicator: Bool = true
    /// The address a browser shows.
    public var url: String = "example.com"
    /// How the device is turned at rest (`pose` steps turn it from there).
    public var pose: Pose = .rest

    /// Which way up the device is held.
    public enum Orientation: String, Sendable, Equatable, CaseIterable {
        case portrait
        /// Turned a quarter to the left: the top of the device (its cut-out) on the left, the
        /// home indicator along the long bottom edge.
        case landscape
        /// Landscape when the pages' screenshots or recordings are wider than tall.
        case auto
    }

    /// As the deck gave it; `auto` is settled by `resolved(imageSize:)` (portrait until then).
    public var orientation: Orientation = .auto
    /// The screen held wider than tall (a phone or tablet; never a browser).
    public var isLandscape: Bool { orientation == .landscape && model.kind != .browser }

    /// The screen's size in points as held: the model's, turned in landscape.
    public var screenSize: (width: Double, height: Double) {
        isLandscape ? (model.height, model.width) : (model.width, model.height)
    }

    public init(model: DeviceModel, choice: Choice = .named) {
        self.model = model
        self.choice = choice
    }

    /// The device a name stands for; nil for `none` and for a name that is no device.
    public init?(named name: String) {
        switch name {
        case "auto": self.init(model: .phone, choice: .auto)
        case "phone": self.init(model: .phone, choice: .kind(.phone))
        case "tablet": self.init(model: .tablet, choice: .kind(.tablet))
        case "phone-home-button": self.init(model: .phoneWithHomeButton)
        case "browser": self.init(model: .browser)
        default:
            guard let model = DeviceModel.named(name), model.kind != .browser else { return nil }
            self.init(model: model)
        }
    }

    /// The name the deck gave.
    public var name: String {
        switch choice {
        case .auto: "auto"
        case .kind(let kind): kind.rawValue
        case .named: model.id
        }
    }

    /// The device with its model chosen for pages whose images are mostly `imageSize` pixels
    /// (nil: no images): a named model stays; `auto` takes any model of that screenshot size (else
    /// of that aspect, else the phone), `phone` and `tablet` one of their kind (else their default).
    /// An `auto` orientation becomes landscape for images wider than tall, else portrait; a
    /// landscape image is matched to the models turned.
    public func resolved(imageSize: (width: Int, height: Int)?) -> Device {
        var device = self
        if device.orientation == .auto {
            device.orientation = imageSize.map { $0.width > $0.height } ?? false ? .landscape : .portrait
        }
        // The model's screenshot as held: a landscape image is a portrait one turned.
        let upright = imageSize.map { device.orientation == .landscape ? (width: $0.height, height: $0.width) : $0 }
        switch choice {
        case .named: return device
        case .auto:
            device.model = upright.flatMap { DeviceModel.matching(width: $0.width, height: $0.height, kind: nil) }
                ?? .phone
        case .kind(let kind):
            device.model = upright.flatMap { DeviceModel.matching(width: $0.width, height: $0.height, kind: kind) }
                ?? (kind == .tablet ? .tablet : .phone)
        }
        return device
    }
}

/// How captions are set around the device: one line or a few, centred on it.
public struct Captions: Sendable, Equatable {
    public enum Position: String, Sendable, Equatable, CaseIterable { case top, bottom }

    /// How one page's caption gives way to the next's during a swipe.
    public enum Transition: String, Sendable, Equatable, CaseIterable {
        /// The old caption fades out over the first half of the way, the new one in over the second:
        /// never two at once above a quarter of their opacity.
        case fade
        /// Both at once: page i at opacity max(0, 1 − |position − i|).
        case crossfade
        /// Each caption moves with its page, at full opacity.
        case slide
        /// The nearest page's caption, switched halfway.
        case none
    }

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
    public var transition: Transition = .fade

    public init() {}
}
