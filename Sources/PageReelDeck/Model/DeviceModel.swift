/// A device pagereel can draw around the pages, with its real screen geometry: the screen's size
/// in points and pixels (what a screenshot of it measures), the corner radius of the display, the
/// cut-out, how tall the status bar and the home indicator are, and the bezel and buttons around
/// it. Sizes are in the device's own points (dp on Android); a deck's screen of another size scales
/// all of them by its width. The frames are drawn from these numbers as vectors: no picture of a
/// product is involved.
public struct DeviceModel: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
        case phone, tablet, browser
    }

    /// What sits in the top of the screen.
    public enum Cutout: Sendable, Equatable, Hashable {
        case none
        /// A pill (Dynamic Island) `top` points below the screen's top edge.
        case island(width: Double, height: Double, top: Double)
        /// A notch hanging from the top edge, with rounded lower corners.
        case notch(width: Double, height: Double)
        /// A round camera hole centred across the screen, its centre `centreY` points down.
        case punchHole(diameter: Double, centreY: Double)
    }

    /// A button on the body's side: its top (from the screen's top edge) and length, in points.
    public struct Button: Sendable, Equatable, Hashable {
        public enum Side: String, Sendable, Hashable { case left, right }
        public var side: Side
        public var top: Double
        public var length: Double
    }

    /// The name a deck uses (`"device": "iphone-16-pro"`).
    public let id: String
    /// The product name shown by `pagereel devices`.
    public let name: String
    /// Other products with the same screen (and so the same screenshot size).
    public let sameScreen: [String]
    /// Other names a deck may give it: those products' (`iphone-15-pro` for the iPhone 16's screen).
    public let aliases: [String]
    public let kind: Kind
    /// A screenshot's size in pixels, portrait.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per point.
    public let scale: Double
    /// The display's corner radius, in points.
    public let cornerRadius: Double
    public let cutout: Cutout
    /// The band at the top of the screen the status bar takes (the safe area's top inset).
    public let statusBarHeight: Double
    /// The home indicator's width and its gap to the screen's bottom edge; nil with a home button.
    public let homeIndicatorWidth: Double?
    /// A round button under the screen (older iPhones).
    public let homeButton: Bool
    /// The frame around the screen: sides, and above and below it (the forehead and chin of a
    /// phone with a home button).
    public let bezel: Double
    public let bezelTop: Double
    public let bezelBottom: Double
    public let buttons: [Button]

    init(id: String, name: String, sameScreen: [String] = [], aliases: [String] = [], kind: Kind, pixels: (Int, Int),
         scale: Double,
         cornerRadius: Double, cutout: Cutout, statusBar: Double, homeIndicator: Double?, bezel: Double,
         bezelTop: Double? = nil, bezelBottom: Double? = nil, buttons: [Button] = []) {
        self.id = id
        self.name = name
        self.sameScreen = sameScreen
        self.aliases = aliases
        self.kind = kind
        (pixelWidth, pixelHeight) = pixels
        self.scale = scale
        self.cornerRadius = cornerRadius
        self.cutout = cutout
        statusBarHeight = statusBar
        homeIndicatorWidth = homeIndicator
        homeButton = homeIndicator == nil && kind == .phone
        self.bezel = bezel
        self.bezelTop = bezelTop ?? bezel
        self.bezelBottom = bezelBottom ?? bezel
        self.buttons = buttons
    }

    /// The screen's size in points.
    public var width: Double { Double(pixelWidth) / scale }
    public var height: Double { Double(pixelHeight) / scale }
    /// Width over height, portrait.
    public var aspect: Double { Double(pixelWidth) / Double(pixelHeight) }
}

extension DeviceModel {
    private static func button(_ side: Button.Side, _ top: Double, _ length: Double) -> Button {
        Button(side: side, top: top, length: length)
    }

    /// An iPhone's buttons: the action button (or ring switch) and volume on the left, side button on the right.
    private static func iPhoneButtons(_ h: Double) -> [Button] {
        [button(.left, 0.14 * h, 0.038 * h), button(.left, 0.215 * h, 0.072 * h), button(.left, 0.305 * h, 0.072 * h),
         button(.right, 0.24 * h, 0.11 * h)]
    }

    /// An Android phone's buttons: power and the volume rocker on the right.
    private static func androidButtons(_ h: Double) -> [Button] {
        [button(.right, 0.22 * h, 0.07 * h), button(.right, 0.33 * h, 0.13 * h)]
    }

    /// Every model, phones first, then tablets and the browser; the first of each kind is its default.
    public static let all: [DeviceModel] = [
        DeviceModel(id: "iphone-16-pro", name: "iPhone 16 Pro", kind: .phone, pixels: (1206, 2622), scale: 3,
                    cornerRadius: 62, cutout: .island(width: 126, height: 37.33, top: 14), statusBar: 62,
                    homeIndicator: 134, bezel: 15, buttons: iPhoneButtons(874) + [button(.right, 0.6 * 874, 0.07 * 874)]),
        DeviceModel(id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", kind: .phone, pixels: (1320, 2868), scale: 3,
                    cornerRadius: 62, cutout: .island(width: 126, height: 37.33, top: 14), statusBar: 62,
                    homeIndicator: 148, bezel: 14, buttons: iPhoneButtons(956) + [button(.right, 0.6 * 956, 0.07 * 956)]),
        DeviceModel(id: "iphone-16", name: "iPhone 16", sameScreen: ["iPhone 15", "iPhone 15 Pro", "iPhone 14 Pro"],
                    aliases: ["iphone-15", "iphone-15-pro", "iphone-14-pro"],
                    kind: .phone, pixels: (1179, 2556), scale: 3, cornerRadius: 55,
                    cutout: .island(width: 126, height: 37.33, top: 11), statusBar: 59, homeIndicator: 134, bezel: 17,
                    buttons: iPhoneButtons(852)),
        DeviceModel(id: "iphone-16-plus", name: "iPhone 16 Plus",
                    sameScreen: ["iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 14 Pro Max"],
                    aliases: ["iphone-15-plus", "iphone-15-pro-max", "iphone-14-pro-max"],
                    kind: .phone, pixels: (1290, 2796), scale: 3, cornerRadius: 55,
                    cutout: .island(width: 126, height: 37.33, top: 11), statusBar: 59, homeIndicator: 148, bezel: 17,
                    buttons: iPhoneButtons(932)),
        DeviceModel(id: "iphone-14", name: "iPhone 14", sameScreen: ["iPhone 13", "iPhone 13 Pro", "iPhone 12", "iPhone 12 Pro"],
                    aliases: ["iphone-13", "iphone-13-pro", "iphone-12", "iphone-12-pro"],
                    kind: .phone, pixels: (1170, 2532), scale: 3, cornerRadius: 47.33,
                    cutout: .notch(width: 162, height: 33), statusBar: 47, homeIndicator: 134, bezel: 21,
                    buttons: iPhoneButtons(844)),
        DeviceModel(id: "iphone-13-pro-max", name: "iPhone 13 Pro Max", sameScreen: ["iPhone 14 Plus", "iPhone 12 Pro Max"],
                    aliases: ["iphone-14-plus", "iphone-12-pro-max"],
                    kind: .phone, pixels: (1284, 2778), scale: 3, cornerRadius: 53.33,
                    cutout: .notch(width: 162, height: 33), statusBar: 47, homeIndicator: 148, bezel: 21,
                    buttons: iPhoneButtons(926)),
        DeviceModel(id: "iphone-11-pro-max", name: "iPhone 11 Pro Max", sameScreen: ["iPhone XS Max"],
                    aliases: ["iphone-xs-max"],
                    kind: .phone, pixels: (1242, 2688), scale: 3, cornerRadius: 39,
                    cutout: .notch(width: 209, height: 30), statusBar: 44, homeIndicator: 148, bezel: 22,
                    buttons: iPhoneButtons(896)),
        DeviceModel(id: "iphone-11-pro", name: "iPhone 11 Pro", sameScreen: ["iPhone XS", "iPhone X"],
                    aliases: ["iphone-xs", "iphone-x"],
                    kind: .phone, pixels: (1125, 2436), scale: 3, cornerRadius: 39,
                    cutout: .notch(width: 209, height: 30), statusBar: 44, homeIndicator: 134, bezel: 22,
                    buttons: iPhoneButtons(812)),
        DeviceModel(id: "iphone-11", name: "iPhone 11", sameScreen: ["iPhone XR"], aliases: ["iphone-xr"],
                    kind: .phone, pixels: (828, 1792),
                    scale: 2, cornerRadius: 41.5, cutout: .notch(width: 209, height: 30), statusBar: 48,
                    homeIndicator: 148, bezel: 32, buttons: iPhoneButtons(896)),
        DeviceModel(id: "iphone-se", name: "iPhone SE (3rd generation)",
                    sameScreen: ["iPhone SE (2nd generation)", "iPhone 8", "iPhone 7"], aliases: ["iphone-8", "iphone-7"],
                    kind: .phone,
                    pixels: (750, 1334), scale: 2, cornerRadius: 0, cutout: .none, statusBar: 20, homeIndicator: nil,
                    bezel: 28, bezelTop: 110, bezelBottom: 110,
                    buttons: [button(.left, 0.03 * 667, 0.05 * 667), button(.left, 0.12 * 667, 0.09 * 667),
                              button(.left, 0.23 * 667, 0.09 * 667), button(.right, 0.12 * 667, 0.11 * 667)]),
        DeviceModel(id: "iphone-8-plus", name: "iPhone 8 Plus", sameScreen: ["iPhone 7 Plus"], aliases: ["iphone-7-plus"],
                    kind: .phone,
                    pixels: (1242, 2208), scale: 3, cornerRadius: 0, cutout: .none, statusBar: 20, homeIndicator: nil,
                    bezel: 29, bezelTop: 110, bezelBottom: 110,
                    buttons: [button(.left, 0.03 * 736, 0.05 * 736), button(.left, 0.12 * 736, 0.09 * 736),
                              button(.left, 0.23 * 736, 0.09 * 736), button(.right, 0.12 * 736, 0.11 * 736)]),
        DeviceModel(id: "pixel-8", name: "Google Pixel 8", kind: .phone, pixels: (1080, 2400), scale: 2.625,
                    cornerRadius: 36, cutout: .punchHole(diameter: 26, centreY: 24), statusBar: 48,
                    homeIndicator: 108, bezel: 13, buttons: androidButtons(914)),
        DeviceModel(id: "pixel-8-pro", name: "Google Pixel 8 Pro", kind: .phone, pixels: (1344, 2992), scale: 3,
                    cornerRadius: 40, cutout: .punchHole(diameter: 26, centreY: 26), statusBar: 50,
                    homeIndicator: 108, bezel: 11, buttons: androidButtons(997)),
        DeviceModel(id: "galaxy-s24", name: "Samsung Galaxy S24", kind: .phone, pixels: (1080, 2340), scale: 3,
                    cornerRadius: 30, cutout: .punchHole(diameter: 22, centreY: 22), statusBar: 40,
                    homeIndicator: 108, bezel: 9, buttons: androidButtons(780)),
        DeviceModel(id: "ipad-pro-11", name: "iPad Pro 11-inch (M4)", kind: .tablet, pixels: (1668, 2420), scale: 2,
                    cornerRadius: 25, cutout: .none, statusBar: 24, homeIndicator: 315, bezel: 44,
                    buttons: [button(.right, 0.07 * 1210, 0.05 * 1210), button(.right, 0.13 * 1210, 0.05 * 1210)]),
        DeviceModel(id: "ipad-pro-11-2022", name: "iPad Pro 11-inch (4th generation)",
                    sameScreen: ["iPad Pro 11-inch (1st–3rd generation)", "iPad Air 11-inch (M2)"],
                    aliases: ["ipad-air-11"],
                    kind: .tablet, pixels: (1668, 2388), scale: 2, cornerRadius: 18, cutout: .none, statusBar: 24,
                    homeIndicator: 315, bezel: 47,
                    buttons: [button(.right, 0.07 * 1194, 0.05 * 1194), button(.right, 0.13 * 1194, 0.05 * 1194)]),
        DeviceModel(id: "ipad-pro-13", name: "iPad Pro 13-inch (M4)", sameScreen: ["iPad Air 13-inch (M2)"],
                    aliases: ["ipad-air-13"],
                    kind: .tablet, pixels: (2064, 2752), scale: 2, cornerRadius: 25, cutout: .none, statusBar: 24,
                    homeIndicator: 315, bezel: 44,
                    buttons: [button(.right, 0.06 * 1376, 0.045 * 1376), button(.right, 0.115 * 1376, 0.045 * 1376)]),
        DeviceModel(id: "ipad-pro-12-9", name: "iPad Pro 12.9-inch (6th generation)",
                    sameScreen: ["iPad Pro 12.9-inch (3rd–5th generation)"], kind: .tablet, pixels: (2048, 2732),
                    scale: 2, cornerRadius: 18, cutout: .none, statusBar: 24, homeIndicator: 315, bezel: 46,
                    buttons: [button(.right, 0.06 * 1366, 0.045 * 1366), button(.right, 0.115 * 1366, 0.045 * 1366)]),
        DeviceModel(id: "ipad", name: "iPad (10th generation)", sameScreen: ["iPad Air (4th and 5th generation)"],
                    aliases: ["ipad-air"],
                    kind: .tablet, pixels: (1640, 2360), scale: 2, cornerRadius: 18, cutout: .none, statusBar: 24,
                    homeIndicator: 315, bezel: 54,
                    buttons: [button(.right, 0.07 * 1180, 0.05 * 1180), button(.right, 0.13 * 1180, 0.05 * 1180)]),
        DeviceModel(id: "ipad-mini", name: "iPad mini (6th generation)", sameScreen: ["iPad mini (A17 Pro)"],
                    kind: .tablet, pixels: (1488, 2266), scale: 2, cornerRadius: 21.5, cutout: .none, statusBar: 24,
                    homeIndicator: 315, bezel: 58,
                    buttons: [button(.right, 0.07 * 1133, 0.05 * 1133), button(.right, 0.13 * 1133, 0.05 * 1133)]),
        browser,
    ]

    /// A browser window: its content area takes any size.
    public static let browser = DeviceModel(id: "browser", name: "Browser window", kind: .browser, pixels: (1280, 800),
                                            scale: 1, cornerRadius: 9, cutout: .none, statusBar: 0,
                                            homeIndicator: nil, bezel: 1)

    /// The model a generic name stands for when the pages' images match no model of its kind.
    public static let phone = all[0]
    public static let tablet = named("ipad-pro-13")!
    /// A phone with a home button (the name `phone-home-button`).
    public static let phoneWithHomeButton = named("iphone-se")!

    /// The model with this `id` or alias.
    public static func named(_ id: String) -> DeviceModel? { all.first { $0.id == id || $0.aliases.contains(id) } }

    /// The model of `kind` (any kind but the browser when nil) whose screenshots are `width`×`height`
    /// pixels; else whose screenshots scaled down by 2, 3 or 4 are (within a pixel); else the one
    /// whose screen's aspect is nearest, if within `tolerance`; nil when none is.
    public static func matching(width: Int, height: Int, kind: Kind?, tolerance: Double = 0.01) -> DeviceModel? {
        guard width > 0, height > 0 else { return nil }
        let candidates = all.filter { $0.kind != .browser && (kind == nil || $0.kind == kind) }
        if let exact = candidates.first(where: { $0.pixelWidth == width && $0.pixelHeight == height }) { return exact }
        for divisor in [2.0, 3, 4] {
            let scaled = candidates.first {
                abs(Double($0.pixelWidth) / divisor - Double(width)) <= 1
                    && abs(Double($0.pixelHeight) / divisor - Double(height)) <= 1
            }
            if let scaled { return scaled }
        }
        let aspect = Double(width) / Double(height)
        let nearest = candidates.min { abs($0.aspect / aspect - 1) < abs($1.aspect / aspect - 1) }
        return nearest.flatMap { abs($0.aspect / aspect - 1) <= tolerance ? $0 : nil }
    }
}
