import PageReelDeck

/// Where each part of a device goes, in canvas points, around a screen that is the viewport.
///
/// The screen is the viewport (a browser's content area), so a deck keeps its geometry when it gains
/// a device. Every part is the model's own size (`DeviceModel`, in its points) times the screen's
/// width over the model's: the bezel, the display's corner radius, the cut-out, the status bar, the
/// home indicator and the buttons. A viewport of another shape keeps its size: the frame follows it.
public struct DeviceGeometry: Sendable, Equatable {
    public enum Cutout: Sendable, Equatable {
        /// A pill, drawn over the top of the screen.
        case island(Rect)
        /// A notch joined to the bezel, with rounded lower corners of `radius`.
        case notch(Rect, radius: Double)
        /// A round camera hole.
        case hole(Rect)
    }

    public let model: DeviceModel
    /// Canvas points per device point.
    public let unit: Double
    /// The screen (the viewport) and its corner radius (a browser's content area has square top
    /// corners under the window bar: `screenTopRadius` 0).
    public let screen: Rect
    public let screenRadius: Double
    public var screenTopRadius: Double { model.kind == .browser ? 0 : screenRadius }
    /// The device's outline (the body, or the browser window) and its corner radius.
    public let body: Rect
    public let bodyRadius: Double
    /// The side bezels.
    public let bezel: Double
    /// The strip of the screen the status bar takes, when there is one.
    public let statusBar: Rect?
    /// The pill at the bottom of the screen, when there is one.
    public let homeIndicator: Rect?
    public let cutout: Cutout?
    /// A phone-with-a-button's round button in the chin.
    public let homeButton: Rect?
    /// Buttons on the body's sides, drawn outside it.
    public let sideButtons: [Rect]
    /// A browser's window bar, its three buttons and its address field.
    public let windowBar: Rect?
    public let windowButtons: [Rect]
    public let addressField: Rect?

    /// The soft shadow under the device, in points.
    public static let shadow = Shadow(color: Color(r: 0, g: 0, b: 0, a: 110), radius: 40, offsetX: 0, offsetY: 22)

    /// Points from the top of the screen to the content below the status bar (the tab bar goes there).
    public var safeTop: Double { statusBar.map { $0.height } ?? 0 }

    /// For a device held in landscape, the screen of the same device held upright about the same
    /// centre: its hardware (bezel, cut-out, buttons) is laid out there and turned a quarter to the
    /// left (`turned`). nil in portrait.
    public let uprightScreen: Rect?
    public var isLandscape: Bool { uprightScreen != nil }

    /// The layout of `device` around `screen`.
    public init(device: Device, screen: Rect) {
        if device.isLandscape {
            self.init(landscape: device, screen: screen)
        } else {
            self.init(portrait: device, screen: screen)
        }
    }

    /// The device held upright, its geometry about `uprightScreen` (landscape only).
    public func upright(_ device: Device) -> DeviceGeometry? {
        guard let uprightScreen else { return nil }
        var upright = device
        upright.orientation = .portrait
        return DeviceGeometry(portrait: upright, screen: uprightScreen)
    }

    /// A rectangle of the upright device turned a quarter to the left about the screen's centre:
    /// (x, y) → (cx + (y − cy), cy − (x − cx)), so the top goes to the left and the left side down.
    public static func turned(_ r: Rect, about c: (x: Double, y: Double)) -> Rect {
        Rect(x: c.x + (r.y - c.y), y: c.y - (r.x + r.width - c.x), width: r.height, height: r.width)
    }

    private init(landscape device: Device, screen: Rect) {
        let c = (x: screen.x + screen.width / 2, y: screen.y + screen.height / 2)
        let uprightScreen = Rect(x: c.x - screen.height / 2, y: c.y - screen.width / 2, width: screen.height,
                                 height: screen.width)
        var held = device
        held.orientation = .portrait
        let up = DeviceGeometry(portrait: held, screen: uprightScreen)
        func turn(_ r: Rect) -> Rect { DeviceGeometry.turned(r, about: c) }
        model = up.model
        unit = up.unit
        self.screen = screen
        self.uprightScreen = uprightScreen
        screenRadius = up.screenRadius
        body = turn(up.body)
        bodyRadius = up.bodyRadius
        bezel = up.bezel
        cutout = up.cutout.map { cutout in
            switch cutout {
            case .island(let r): .island(turn(r))
            case .notch(let r, let radius): .notch(turn(r), radius: radius)
            case .hole(let r): .hole(turn(r))
            }
        }
        homeButton = up.homeButton.map(turn)
        sideButtons = up.sideButtons.map(turn)
        windowBar = nil
        windowButtons = []
        addressField = nil
        // Phones hide the status bar in landscape; tablets keep it across the top.
        statusBar = device.statusBar == nil || up.model.kind != .tablet ? nil
            : Rect(x: screen.x, y: screen.y, width: screen.width, height: up.model.statusBarHeight * up.unit)
        // The home indicator runs along the long bottom edge, wider than upright (as iOS draws it).
        let k = up.unit, tall = up.model.height
        homeIndicator = up.model.homeIndicatorWidth.flatMap { width in
            guard device.homeIndicator else { return nil }
            let height = max(2, 5 * k), gap = 8 * k, long = min(1.5 * width, 0.4 * tall) * k
            return Rect(x: screen.x + (screen.width - long) / 2, y: screen.y + screen.height - gap - height,
                        width: long, height: height)
        }
    }

    private init(portrait device: Device, screen: Rect) {
        let model = device.model
        uprightScreen = nil
        self.model = model
        self.screen = screen
        let w = screen.width, h = screen.height
        guard model.kind != .browser else {
            let bar = 38.0
            let window = Rect(x: screen.x - 1, y: screen.y - 1 - bar, width: w + 2, height: h + bar + 2)
            unit = 1
            bezel = 1
            body = window
            bodyRadius = 10
            screenRadius = 9
            windowBar = Rect(x: window.x, y: window.y, width: window.width, height: bar + 1)
            let mid = window.y + 1 + bar / 2
            windowButtons = (0..<3).map { Rect(x: window.x + 14 + Double($0) * 20, y: mid - 6, width: 12, height: 12) }
            let left = window.x + 84, right = window.x + window.width - 84
            addressField = right - left > 40 ? Rect(x: left, y: mid - 12, width: right - left, height: 24) : nil
            statusBar = nil
            homeIndicator = nil
            cutout = nil
            homeButton = nil
            sideButtons = []
            return
        }
        windowBar = nil
        windowButtons = []
        addressField = nil
        let k = w / model.width
        unit = k
        bezel = model.bezel * k
        screenRadius = min(model.cornerRadius * k, w / 2, h / 2)
        let outline = Rect(x: screen.x - bezel, y: screen.y - model.bezelTop * k, width: w + 2 * bezel,
                           height: h + (model.bezelTop + model.bezelBottom) * k)
        body = outline
        // A phone with a home button has gently rounded corners of its own; the others follow the screen's.
        bodyRadius = model.homeButton ? min(0.16 * outline.width, outline.width / 2) : screenRadius + bezel
        statusBar = device.statusBar == nil ? nil : Rect(x: screen.x, y: screen.y, width: w, height: model.statusBarHeight * k)
        homeIndicator = model.homeIndicatorWidth.flatMap { width in
            guard device.homeIndicator else { return nil }
            let height = max(2, 5 * k), gap = 8 * k
            return Rect(x: screen.x + (w - width * k) / 2, y: screen.y + h - gap - height, width: width * k, height: height)
        }
        switch model.cutout {
        case .none: cutout = nil
        case .island(let width, let height, let top):
            cutout = .island(Rect(x: screen.x + (w - width * k) / 2, y: screen.y + top * k, width: width * k,
                                  height: height * k))
        case .notch(let width, let height):
            cutout = .notch(Rect(x: screen.x + (w - width * k) / 2, y: screen.y, width: width * k, height: height * k),
                            radius: 0.6 * height * k)
        case .punchHole(let diameter, let centreY):
            let d = diameter * k
            cutout = .hole(Rect(x: screen.x + (w - d) / 2, y: screen.y + centreY * k - d / 2, width: d, height: d))
        }
        if model.homeButton {
            let chin = model.bezelBottom * k, size = min(0.6 * chin, 0.19 * w)
            homeButton = Rect(x: screen.x + (w - size) / 2, y: screen.y + h + (chin - size) / 2, width: size, height: size)
        } else {
            homeButton = nil
        }
        // Buttons are placed from the screen's top in device points and scaled with the frame's
        // height, so a screen taller than the model's keeps them in proportion.
        let vertical = h / (model.height * k)
        let thickness = max(1.5, 3 * k)
        sideButtons = model.buttons.map { button in
            let y = screen.y + button.top * k * vertical
            let x = button.side == .left ? outline.x - thickness : outline.x + outline.width - 1
            return Rect(x: x, y: y, width: thickness + 1, height: button.length * k * vertical)
        }
    }

    /// How far the device reaches past its screen on each side: the bezels and the buttons.
    public var margins: (left: Double, top: Double, right: Double, bottom: Double) {
        let left = sideButtons.map(\.x).min().map { min($0, body.x) } ?? body.x
        let right = sideButtons.map { $0.x + $0.width }.max().map { max($0, body.x + body.width) } ?? body.x + body.width
        return (screen.x - left, screen.y - body.y, right - screen.x - screen.width,
                body.y + body.height - screen.y - screen.height)
    }
}

extension Rect {
    /// The rectangle grown (negative `by`) or shrunk by the same amount on every side.
    public func inset(by d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}
