import PageReelDeck

/// Where each part of a device goes, in canvas points, around a screen that is the viewport.
///
/// The screen is the viewport (a browser's content area), so a deck keeps its geometry when it gains
/// a device; everything else is measured from the screen's width W, so a device looks the same at
/// any size and scales with `--size`. The proportions are pagereel's own, chosen to read as "a phone",
/// "a tablet", "a browser" without copying any product: a phone's bezel is 4% of W (never under
/// 8 pt) with the screen's corners rounded to 13% of W, a tablet's 3.5% with 2.5% corners, a phone
/// with a home button has a forehead and a chin of 17% of W, and a browser adds a 38 pt window bar.
public struct DeviceGeometry: Sendable, Equatable {
    public let model: Device.Model
    /// The screen (the viewport) and its corner radius (a browser's content area has square top
    /// corners under the window bar: `screenTopRadius` 0).
    public let screen: Rect
    public let screenRadius: Double
    public var screenTopRadius: Double { model == .browser ? 0 : screenRadius }
    /// The device's outline (the body, or the browser window) and its corner radius.
    public let body: Rect
    public let bodyRadius: Double
    /// Side bezels; top and bottom may be taller (a phone with a home button).
    public let bezel: Double
    /// The strip of the screen under the status bar, when there is one.
    public let statusBar: Rect?
    /// The pill at the bottom of the screen, when there is one.
    public let homeIndicator: Rect?
    /// A phone's camera island, drawn over the top of the screen.
    public let island: Rect?
    /// A phone-with-a-button's round button in the chin.
    public let homeButton: Rect?
    /// Buttons on the body's sides, drawn outside it.
    public let sideButtons: [Rect]
    /// A browser's window bar, its three buttons and its address field.
    public let windowBar: Rect?
    public let windowButtons: [Rect]
    public let addressField: Rect?

    /// Points from the top of the screen to the content below the status bar (the tab bar goes there).
    public var safeTop: Double { statusBar.map { $0.height } ?? 0 }

    /// The layout of `device` around `screen`.
    public init(device: Device, screen: Rect) {
        model = device.model
        self.screen = screen
        let w = screen.width, h = screen.height
        var statusBar: Rect?, homeIndicator: Rect?, island: Rect?, homeButton: Rect?
        var sideButtons: [Rect] = []
        var windowBar: Rect?, windowButtons: [Rect] = [], addressField: Rect?
        switch device.model {
        case .phone, .none:
            bezel = max(8, 0.04 * w)
            screenRadius = min(0.13 * w, w / 2, h / 2)
            body = screen.inset(by: -max(8, 0.04 * w))
            bodyRadius = screenRadius + max(8, 0.04 * w)
            island = Rect(x: screen.x + 0.345 * w, y: screen.y + 0.03 * w, width: 0.31 * w, height: max(6, 0.09 * w))
            if device.statusBar != nil { statusBar = Rect(x: screen.x, y: screen.y, width: w, height: 0.13 * w) }
            if device.homeIndicator { homeIndicator = Self.indicator(in: screen, width: 0.35 * w) }
            sideButtons = Self.buttons(on: screen.inset(by: -max(8, 0.04 * w)), height: h, thickness: max(2, 0.012 * w),
                                       left: [(0.19, 0.05), (0.27, 0.09), (0.38, 0.09)], right: [(0.30, 0.13)])
        case .phoneHomeButton:
            bezel = max(8, 0.04 * w)
            let chin = max(8, 0.04 * w, 0.17 * w)
            screenRadius = 0
            let outline = Rect(x: screen.x - max(8, 0.04 * w), y: screen.y - chin, width: w + 2 * max(8, 0.04 * w),
                               height: h + 2 * chin)
            body = outline
            bodyRadius = min(0.16 * w, outline.width / 2)
            let button = 0.13 * w
            homeButton = Rect(x: screen.x + (w - button) / 2, y: screen.y + h + (chin - button) / 2,
                              width: button, height: button)
            if device.statusBar != nil { statusBar = Rect(x: screen.x, y: screen.y, width: w, height: max(12, 0.055 * w)) }
            sideButtons = Self.buttons(on: outline, height: outline.height, thickness: max(2, 0.012 * w),
                                       left: [(0.16, 0.05), (0.24, 0.08), (0.34, 0.08)], right: [(0.24, 0.09)])
        case .tablet:
            bezel = max(8, 0.035 * w)
            screenRadius = min(0.025 * w, w / 2, h / 2)
            body = screen.inset(by: -bezel)
            bodyRadius = screenRadius + bezel
            if device.statusBar != nil { statusBar = Rect(x: screen.x, y: screen.y, width: w, height: max(12, 0.03 * w)) }
            if device.homeIndicator { homeIndicator = Self.indicator(in: screen, width: 0.2 * w) }
        case .browser:
            bezel = 1
            let bar = 38.0
            let window = Rect(x: screen.x - 1, y: screen.y - 1 - bar, width: w + 2, height: h + bar + 2)
            body = window
            bodyRadius = 10
            screenRadius = 9
            windowBar = Rect(x: window.x, y: window.y, width: window.width, height: bar + 1)
            let mid = window.y + 1 + bar / 2
            windowButtons = (0..<3).map { Rect(x: window.x + 14 + Double($0) * 20, y: mid - 6, width: 12, height: 12) }
            let left = window.x + 84, right = window.x + window.width - 84
            if right - left > 40 { addressField = Rect(x: left, y: mid - 12, width: right - left, height: 24) }
        }
        self.statusBar = statusBar
        self.homeIndicator = homeIndicator
        self.island = island
        self.homeButton = homeButton
        self.sideButtons = sideButtons
        self.windowBar = windowBar
        self.windowButtons = windowButtons
        self.addressField = addressField
    }

    /// A pill centred at the bottom of the screen.
    private static func indicator(in screen: Rect, width: Double) -> Rect {
        let height = max(3, 0.013 * screen.width)
        return Rect(x: screen.x + (screen.width - width) / 2, y: screen.y + screen.height - max(6, 0.022 * screen.width) - height,
                    width: width, height: height)
    }

    /// Buttons sticking out of the body's left and right sides: (top, length) as fractions of `height`.
    private static func buttons(on body: Rect, height: Double, thickness: Double, left: [(Double, Double)],
                                right: [(Double, Double)]) -> [Rect] {
        let top = body.y + (body.height - height) / 2
        return left.map { Rect(x: body.x - thickness, y: top + $0.0 * height, width: thickness + 1, height: $0.1 * height) }
            + right.map { Rect(x: body.x + body.width - 1, y: top + $0.0 * height, width: thickness + 1, height: $0.1 * height) }
    }
}

extension Rect {
    /// The rectangle grown (negative `by`) or shrunk by the same amount on every side.
    public func inset(by d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}
