import Foundation
import Testing
import PageReelDeck
import PageReelTimeline
@testable import PageReelScene

/// Devices around screens of their model's own size in points (one canvas point per device
/// point) and of another size, against the models' published numbers.
@Suite struct DeviceGeometryTests {
    static let screen = Rect(x: 445, y: 40, width: 390, height: 844)

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// iPhone 16 at its own 393 × 852 pt: 17 pt of bezel, 55 pt display corners, the Dynamic Island
    /// 126 × 37.33 pt 11 pt below the top, a 59 pt status bar, a 134 × 5 pt home indicator 8 pt
    /// above the bottom.
    @Test func iPhoneAtItsOwnSize() throws {
        let screen = Rect(x: 100, y: 50, width: 393, height: 852)
        let g = DeviceGeometry(device: try #require(Device(named: "iphone-16")), screen: screen)
        #expect(close(g.unit, 1) && close(g.bezel, 17) && close(g.screenRadius, 55) && close(g.bodyRadius, 72))
        #expect(g.body == Rect(x: 83, y: 33, width: 427, height: 886))
        guard case .island(let island)? = g.cutout else { Issue.record("no island"); return }
        #expect(close(island.width, 126) && close(island.height, 37.33) && close(island.y, 61))
        #expect(close(island.x + island.width / 2, 100 + 196.5))
        #expect(g.statusBar == Rect(x: 100, y: 50, width: 393, height: 59) && close(g.safeTop, 59))
        let indicator = try #require(g.homeIndicator)
        #expect(close(indicator.width, 134) && close(indicator.height, 5) && close(indicator.y, 50 + 852 - 8 - 5))
        #expect(close(indicator.x + indicator.width / 2, 100 + 196.5))
        // Buttons stick out of the body's sides: three on the left, one on the right.
        #expect(g.sideButtons.filter { $0.x < g.body.x }.count == 3)
        #expect(g.sideButtons.filter { $0.x + $0.width > g.body.x + g.body.width }.count == 1)
    }

    /// A screen half the model's width halves every part.
    @Test func aSmallerScreenScalesEveryPart() {
        let g = DeviceGeometry(device: Device(named: "iphone-16")!, screen: Rect(x: 0, y: 0, width: 196.5, height: 426))
        #expect(close(g.unit, 0.5) && close(g.bezel, 8.5) && close(g.screenRadius, 27.5) && close(g.safeTop, 29.5))
    }

    /// iPhone 14's notch hangs from the top edge; Pixel 8's camera is a hole.
    @Test func notchAndPunchHole() throws {
        let notch = DeviceGeometry(device: Device(named: "iphone-14")!, screen: Rect(x: 0, y: 0, width: 390, height: 844))
        guard case .notch(let r, _)? = notch.cutout else { Issue.record("no notch"); return }
        #expect(close(r.y, 0) && close(r.width, 162) && close(r.height, 33) && close(notch.screenRadius, 47.33))
        let pixel = try #require(Device(named: "pixel-8"))
        #expect(close(pixel.model.width, 1080 / 2.625) && pixel.model.pixelHeight == 2400)
        let hole = DeviceGeometry(device: pixel, screen: Rect(x: 0, y: 0, width: 1080 / 2.625, height: 2400 / 2.625))
        guard case .hole(let h)? = hole.cutout else { Issue.record("no hole"); return }
        #expect(close(h.width, 26) && close(h.y + h.height / 2, 24) && close(h.x + h.width / 2, 540 / 2.625))
    }

    @Test func phoneWithAHomeButton() throws {
        let g = DeviceGeometry(device: try #require(Device(named: "phone-home-button")),
                               screen: Rect(x: 0, y: 200, width: 375, height: 667))
        // iPhone SE: 28 pt sides, 110 pt forehead and chin, a rectangular screen, a button in the chin.
        #expect(close(g.body.x, -28) && close(g.body.y, 90) && close(g.body.height, 667 + 220))
        #expect(g.screenRadius == 0 && g.homeIndicator == nil && g.cutout == nil)
        let button = try #require(g.homeButton)
        #expect(button.y > 200 + 667 && button.y + button.height < g.body.y + g.body.height)
        #expect(close(g.safeTop, 20))
    }

    @Test func tabletAndBrowser() {
        let tablet = DeviceGeometry(device: Device(named: "tablet")!, screen: Rect(x: 0, y: 0, width: 1032, height: 1376))
        #expect(close(tablet.bezel, 44) && close(tablet.screenRadius, 25) && close(tablet.safeTop, 24))
        var device = Device(named: "browser")!
        device.statusBar = nil
        let browser = DeviceGeometry(device: device, screen: Self.screen)
        // A 38 pt bar and a 1 pt border above the content; the content's top corners are square.
        let bar = try! #require(browser.windowBar)
        #expect(close(bar.y, 40 - 39) && close(bar.y + bar.height, 40))
        #expect(close(browser.body.y, 1) && close(browser.body.height, 844 + 40))
        #expect(browser.screenTopRadius == 0 && browser.statusBar == nil)
        #expect(browser.windowButtons.count == 3 && browser.addressField != nil)
    }

    /// `auto` picks the model by screenshot size, exactly or by shape; `phone` only among phones.
    @Test func modelsChosenByScreenshotSize() {
        let auto = Device(named: "auto")!
        #expect(auto.resolved(imageSize: (1179, 2556)).model.id == "iphone-16")
        #expect(auto.resolved(imageSize: (1290, 2796)).model.id == "iphone-16-plus")
        #expect(auto.resolved(imageSize: (750, 1334)).model.id == "iphone-se")
        #expect(auto.resolved(imageSize: (1080, 2400)).model.id == "pixel-8")
        #expect(auto.resolved(imageSize: (2048, 2732)).model.id == "ipad-pro-12-9")
        // Half an iPhone 16 screenshot has its shape; a square matches nothing.
        #expect(auto.resolved(imageSize: (590, 1278)).model.id == "iphone-16")
        #expect(auto.resolved(imageSize: (1000, 1000)).model == .phone && auto.resolved(imageSize: nil).model == .phone)
        let phone = Device(named: "phone")!
        #expect(phone.resolved(imageSize: (2064, 2752)).model == .phone)
        #expect(Device(named: "tablet")!.resolved(imageSize: (1668, 2388)).model.id == "ipad-pro-11-2022")
        #expect(Device(named: "iphone-se")!.resolved(imageSize: (1179, 2556)).model.id == "iphone-se")
        // Products with the same screen are names of its model.
        #expect(Device(named: "iphone-15-pro")?.model.id == "iphone-16" && Device(named: "iphone-x")?.model.id == "iphone-11-pro")
        #expect(Device(named: "iphone-99") == nil)
    }

    /// Every model's screenshot size is its points times its scale, portrait, and names are unique.
    @Test func catalogueIsConsistent() {
        let names = DeviceModel.all.flatMap { [$0.id] + $0.aliases }
        #expect(Set(names).count == names.count)
        for model in DeviceModel.all where model.kind != .browser {
            #expect(model.pixelWidth < model.pixelHeight, "\(model.id)")
            #expect(model.statusBarHeight > 0 && model.bezel > 0, "\(model.id)")
            #expect(model.homeButton == (model.homeIndicatorWidth == nil), "\(model.id)")
        }
    }

    /// With a device, pages are clipped to its rounded screen, the device is drawn under and over
    /// them, and the tab bar moves below the status bar.
    @Test func sceneOrderAndClip() {
        var deck = Deck(canvas: Canvas(width: 1280, height: 920), viewport: Self.screen,
                        pages: .list([Page(), Page()]))
        deck.device = Device(named: "phone")
        deck.tabs = Tabs(titles: ["A", "B"])
        let scene = SceneBuilder(deck: deck, scale: 2).scene(for: TimelineState(time: 0, offset: 195, velocity: 0,
                                                                               phase: .dragging, touch: nil,
                                                                               position: 0.5))
        #expect(scene.pageClip == Rect(x: 890, y: 80, width: 780, height: 1688))
        // iPhone 16 Pro's 62 pt corners at 390/402 of its size, at scale 2.
        let k = 390 / 402.0
        #expect(close(scene.pageClipRadius, 2 * 62 * k) && close(scene.pageClipTopRadius, 2 * 62 * k))
        let kinds = scene.items.map { item -> String in
            switch item {
            case .sprite(let s): "\(s.key)"
            case .page: "page"
            default: "other"
            }
        }
        let back = kinds.firstIndex(of: "deviceBack")!, front = kinds.firstIndex(of: "deviceFront")!
        #expect(kinds.filter { $0 == "page" }.count == 2)
        #expect(kinds.indices.filter { kinds[$0] == "page" }.allSatisfy { $0 > back && $0 < front })
        let tabBar = scene.items.compactMap { if case .shape(let s) = $0 { s } else { nil } }.first!
        #expect(close(tabBar.rect.y, (40 + 62 * k) * 2))
    }
}

/// Captions: page i at opacity max(0, 1 − |position − i|), centred on the device, `gap` clear of it.
@Suite struct CaptionTests {
    static func deck(position: Captions.Position) -> Deck {
        var deck = Deck(canvas: Canvas(width: 1280, height: 1000), viewport: Rect(x: 490, y: 100, width: 300, height: 600),
                        pages: .list((0..<3).map { Page(caption: "Caption \($0)") }))
        deck.device = Device(named: "phone")
        deck.captions.position = position
        return deck
    }

    static func captions(_ deck: Deck, at position: Double) -> [TextItem] {
        let state = TimelineState(time: 0, offset: position * 300, velocity: 0, phase: .idle, touch: nil, position: position)
        return SceneBuilder(deck: deck).scene(for: state).items.compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    /// Crossfade: page i at opacity max(0, 1 − |position − i|).
    @Test func crossfadeFollowsThePosition() {
        var deck = Self.deck(position: .bottom)
        deck.captions.transition = .crossfade
        let atRest = Self.captions(deck, at: 0)
        #expect(atRest.map(\.style.string) == ["Caption 0"] && atRest[0].opacity == 1)
        let half = Self.captions(deck, at: 0.5)
        #expect(half.map(\.style.string) == ["Caption 0", "Caption 1"] && half.allSatisfy { $0.opacity == 0.5 })
        let quarter = Self.captions(deck, at: 1.25)
        #expect(quarter.map(\.style.string) == ["Caption 1", "Caption 2"])
        #expect(abs(quarter[0].opacity - 0.75) < 1e-9 && abs(quarter[1].opacity - 0.25) < 1e-9)
        #expect(Self.captions(deck, at: 1).map(\.style.string) == ["Caption 1"])
    }

    /// Fade (the default): the old caption at 1 − 2f over the first half, the new one at 2f − 1 over
    /// the second; at no position are two shown, let alone two above a quarter.
    @Test func fadeShowsOneCaptionAtATime() {
        let deck = Self.deck(position: .bottom)
        for k in 0...200 {
            let position = Double(k) / 100
            let shown = Self.captions(deck, at: position)
            #expect(shown.count <= 1, "\(position): \(shown.map(\.style.string))")
            let f = position - position.rounded(.down)
            if let caption = shown.first, f > 0 {
                let expected = f < 0.5 ? 1 - 2 * f : 2 * f - 1
                #expect(abs(caption.opacity - expected) < 1e-9, "\(position)")
                #expect(caption.style.string == "Caption \(Int(position.rounded(f < 0.5 ? .down : .up)))")
            }
        }
        // Overshooting the last page (a bounce) keeps its caption whole.
        #expect(Self.captions(deck, at: 2.2).map(\.opacity) == [1])
    }

    /// Wrapping, the first page's caption comes after the last one's.
    @Test func wrappingCaptionsGoRound() {
        var deck = Self.deck(position: .bottom)
        deck.layout.wrap = true
        deck.captions.transition = .crossfade
        let shown = Self.captions(deck, at: 2.75)
        #expect(shown.map(\.style.string) == ["Caption 2", "Caption 0"])
        #expect(abs(shown[0].opacity - 0.25) < 1e-9 && abs(shown[1].opacity - 0.75) < 1e-9)
    }

    /// Slide: both at full opacity, moving with the scroll, a caption's width apart; none: the nearest.
    @Test func slideAndNone() {
        var deck = Self.deck(position: .bottom)
        deck.captions.transition = .slide
        let rest = Self.captions(deck, at: 1)[0]
        let moving = Self.captions(deck, at: 1.25)
        #expect(moving.count == 2 && moving.allSatisfy { $0.opacity == 1 })
        let pitch = rest.box.width + 32
        #expect(abs(moving[0].box.x - (rest.box.x - 0.25 * pitch)) < 1e-9)
        #expect(abs(moving[1].box.x - (rest.box.x + 0.75 * pitch)) < 1e-9)
        deck.captions.transition = .none
        #expect(Self.captions(deck, at: 1.4).map(\.style.string) == ["Caption 1"])
        #expect(Self.captions(deck, at: 1.6).map(\.style.string) == ["Caption 2"])
        #expect(Self.captions(deck, at: 1.6).map(\.opacity) == [1])
    }

    @Test func placedAgainstTheDevice() {
        // iPhone 16 Pro's 15 pt bezel at 300/402 of its size → the body spans y 100 − b … 700 + b,
        // centred at x 640.
        let b = 15 * 300 / 402.0
        let bottom = Self.captions(Self.deck(position: .bottom), at: 0)[0]
        #expect(bottom.anchor == .top && abs(bottom.box.y - (700 + b + 32)) < 1e-9)
        #expect(abs(bottom.box.x + bottom.box.width / 2 - 640) < 1e-9)
        // As wide as the canvas allows around the centre, less the gap on each side.
        #expect(abs(bottom.box.width - (1280 - 64)) < 1e-9)
        let top = Self.captions(Self.deck(position: .top), at: 0)[0]
        #expect(top.anchor == .bottom && abs(top.box.y - (100 - b - 32)) < 1e-9)
    }
}
