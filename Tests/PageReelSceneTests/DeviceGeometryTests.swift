import Foundation
import Testing
import PageReelDeck
import PageReelTimeline
@testable import PageReelScene

/// Devices around a 390 × 844 pt screen at (445, 40), measured by hand from the proportions the
/// format documents.
@Suite struct DeviceGeometryTests {
    static let screen = Rect(x: 445, y: 40, width: 390, height: 844)

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func phoneBezelAndScreen() {
        let g = DeviceGeometry(device: Device(model: .phone), screen: Self.screen)
        // Bezel 0.04 · 390 = 15.6 on every side.
        #expect(close(g.bezel, 15.6))
        #expect(close(g.body.x, 445 - 15.6) && close(g.body.y, 40 - 15.6))
        #expect(close(g.body.width, 390 + 31.2) && close(g.body.height, 844 + 31.2))
        // Screen corners 0.13 · 390 = 50.7; the body's follow them, one bezel further out.
        #expect(close(g.screenRadius, 50.7) && close(g.bodyRadius, 66.3))
        // The status bar is the top 0.13 · W of the screen; the home indicator sits inside its bottom.
        let bar = try! #require(g.statusBar)
        #expect(close(bar.x, 445) && close(bar.y, 40) && close(bar.width, 390) && close(bar.height, 50.7))
        #expect(close(g.safeTop, 50.7))
        let indicator = try! #require(g.homeIndicator)
        #expect(indicator.y + indicator.height < 40 + 844 && indicator.y > 40 + 844 - 30)
        #expect(close(indicator.x + indicator.width / 2, 445 + 195))
        // The island is centred on the screen, inside its top.
        let island = try! #require(g.island)
        #expect(close(island.x + island.width / 2, 640) && island.y > 40 && island.y + island.height < 40 + 50.7)
        // Buttons stick out of the body's sides.
        #expect(g.sideButtons.count == 4)
        #expect(g.sideButtons.allSatisfy { $0.x < g.body.x || $0.x + $0.width > g.body.x + g.body.width })
    }

    @Test func aSmallPhoneKeepsAnEightPointBezel() {
        let g = DeviceGeometry(device: Device(model: .phone), screen: Rect(x: 10, y: 10, width: 100, height: 200))
        #expect(g.bezel == 8 && g.body == Rect(x: 2, y: 2, width: 116, height: 216))
    }

    @Test func phoneWithAHomeButton() {
        let g = DeviceGeometry(device: Device(model: .phoneHomeButton), screen: Self.screen)
        // Sides 15.6, forehead and chin 0.17 · 390 = 66.3; a rectangular screen; a button in the chin.
        #expect(close(g.body.x, 445 - 15.6) && close(g.body.y, 40 - 66.3) && close(g.body.height, 844 + 132.6))
        #expect(g.screenRadius == 0 && g.homeIndicator == nil)
        let button = try! #require(g.homeButton)
        #expect(button.y > 40 + 844 && button.y + button.height < g.body.y + g.body.height)
    }

    @Test func tabletAndBrowser() {
        let tablet = DeviceGeometry(device: Device(model: .tablet), screen: Self.screen)
        #expect(close(tablet.bezel, 13.65) && close(tablet.screenRadius, 9.75))
        var device = Device(model: .browser)
        device.statusBar = nil
        let browser = DeviceGeometry(device: device, screen: Self.screen)
        // A 38 pt bar and a 1 pt border above the content; the content's top corners are square.
        let bar = try! #require(browser.windowBar)
        #expect(close(bar.y, 40 - 39) && close(bar.y + bar.height, 40))
        #expect(close(browser.body.y, 1) && close(browser.body.height, 844 + 40))
        #expect(browser.screenTopRadius == 0 && browser.statusBar == nil)
        #expect(browser.windowButtons.count == 3 && browser.addressField != nil)
    }

    /// With a device, pages are clipped to its rounded screen, the device is drawn under and over
    /// them, and the tab bar moves below the status bar.
    @Test func sceneOrderAndClip() {
        var deck = Deck(canvas: Canvas(width: 1280, height: 920), viewport: Self.screen,
                        pages: .list([Page(), Page()]))
        deck.device = Device(model: .phone)
        deck.tabs = Tabs(titles: ["A", "B"])
        let scene = SceneBuilder(deck: deck, scale: 2).scene(for: TimelineState(time: 0, offset: 195, velocity: 0,
                                                                               phase: .dragging, touch: nil,
                                                                               position: 0.5))
        #expect(scene.pageClip == Rect(x: 890, y: 80, width: 780, height: 1688))
        #expect(close(scene.pageClipRadius, 101.4) && close(scene.pageClipTopRadius, 101.4))
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
        #expect(close(tabBar.rect.y, (40 + 50.7) * 2))
    }
}

/// Captions: page i at opacity max(0, 1 − |position − i|), centred on the device, `gap` clear of it.
@Suite struct CaptionTests {
    static func deck(position: Captions.Position) -> Deck {
        var deck = Deck(canvas: Canvas(width: 1280, height: 1000), viewport: Rect(x: 490, y: 100, width: 300, height: 600),
                        pages: .list((0..<3).map { Page(caption: "Caption \($0)") }))
        deck.device = Device(model: .phone)
        deck.captions.position = position
        return deck
    }

    static func captions(_ deck: Deck, at position: Double) -> [TextItem] {
        let state = TimelineState(time: 0, offset: position * 300, velocity: 0, phase: .idle, touch: nil, position: position)
        return SceneBuilder(deck: deck).scene(for: state).items.compactMap { if case .text(let t) = $0 { t } else { nil } }
    }

    @Test func opacityFollowsThePosition() {
        let deck = Self.deck(position: .bottom)
        let atRest = Self.captions(deck, at: 0)
        #expect(atRest.map(\.style.string) == ["Caption 0"] && atRest[0].opacity == 1)
        let half = Self.captions(deck, at: 0.5)
        #expect(half.map(\.style.string) == ["Caption 0", "Caption 1"] && half.allSatisfy { $0.opacity == 0.5 })
        let quarter = Self.captions(deck, at: 1.25)
        #expect(quarter.map(\.style.string) == ["Caption 1", "Caption 2"])
        #expect(abs(quarter[0].opacity - 0.75) < 1e-9 && abs(quarter[1].opacity - 0.25) < 1e-9)
        #expect(Self.captions(deck, at: 1).map(\.style.string) == ["Caption 1"])
    }

    @Test func placedAgainstTheDevice() {
        // The phone's body: bezel 12 → y 88…712, centred at x 640.
        let bottom = Self.captions(Self.deck(position: .bottom), at: 0)[0]
        #expect(bottom.anchor == .top && abs(bottom.box.y - (712 + 32)) < 1e-9)
        #expect(abs(bottom.box.x + bottom.box.width / 2 - 640) < 1e-9)
        // As wide as the canvas allows around the centre, less the gap on each side.
        #expect(abs(bottom.box.width - (1280 - 64)) < 1e-9)
        let top = Self.captions(Self.deck(position: .top), at: 0)[0]
        #expect(top.anchor == .bottom && abs(top.box.y - (88 - 32)) < 1e-9)
    }
}
