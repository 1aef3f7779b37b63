import Foundation
import PageReelDeck
import PageReelMedia
@testable import PageReelRaster
import PageReelScene
import PageReelTimeline
import Testing

/// Devices, captions and backdrops in pixels, against geometry worked out by hand.
@Suite struct DeviceRendererTests {
    /// A 200 × 400 pt screen at (300, 100) on an 800 × 600 canvas of pure blue; pages pure red and
    /// pure green, so every page pixel is told apart from the device and the canvas.
    static func deck(_ model: String, transition: TransitionName = .none) -> Deck {
        var deck = Deck(canvas: Canvas(width: 800, height: 600, background: .color(Color(r: 0, g: 0, b: 255))),
                        viewport: Rect(x: 300, y: 100, width: 200, height: 400),
                        pages: .list([Page(background: .color(Color(r: 255, g: 0, b: 0))),
                                      Page(background: .color(Color(r: 0, g: 255, b: 0)))]))
        deck.transition = .named(transition)
        deck.device = Device(named: model)
        deck.device?.color = Color(r: 40, g: 40, b: 40)
        return deck
    }

    static func render(_ deck: Deck, position: Double, scale: Double = 1) throws -> Pixmap {
        let state = TimelineState(time: 0, offset: position * deck.viewport.width, velocity: 0, phase: .dragging,
                                  touch: nil, position: position)
        var out = Pixmap(width: 1, height: 1)
        try FrameRenderer(deck: deck, baseDirectory: "/").render(SceneBuilder(deck: deck, scale: scale).scene(for: state),
                                                                into: &out)
        return out
    }

    static func isPage(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        (p.r > 200 && p.g < 60 && p.b < 60) || (p.g > 200 && p.r < 60 && p.b < 60)
    }

    /// Inside the screen's rounded rectangle, at least `inset` pixels from its edge.
    static func inside(_ x: Double, _ y: Double, screen: Rect, radius: Double, inset: Double) -> Bool {
        let cx = min(max(x, screen.x + radius), screen.x + screen.width - radius)
        let cy = min(max(y, screen.y + radius), screen.y + screen.height - radius)
        let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
        return x >= screen.x + inset && x <= screen.x + screen.width - inset && y >= screen.y + inset
            && y <= screen.y + screen.height - inset && d <= radius - inset
    }

    /// At mid-swipe both pages show inside the screen and not one page pixel outside it, for every
    /// model and for transitions that move pages out of the viewport.
    @Test(arguments: ["phone", "phone-home-button", "tablet", "browser", "iphone-14", "pixel-8"])
    func pagesStayInsideTheScreen(_ model: String) throws {
        for transition in [TransitionName.none, .cards, .cube] {
            let deck = Self.deck(model, transition: transition)
            let image = try Self.render(deck, position: 0.5)
            let g = DeviceGeometry(device: deck.device!, screen: deck.viewport)
            var red = 0, green = 0, outside = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    guard Self.isPage(p) else { continue }
                    if p.r > 200 { red += 1 } else { green += 1 }
                    // Pixel centres more than one pixel outside the rounded screen (the bezel's
                    // anti-aliased edge may keep a little of a page's colour).
                    let xc = Double(x) + 0.5, yc = Double(y) + 0.5
                    let top = g.screenTopRadius, r = yc < g.screen.y + g.screen.height / 2 ? top : g.screenRadius
                    if !Self.inside(xc, yc, screen: g.screen.inset(by: -1), radius: r + 1, inset: 0) { outside += 1 }
                }
            }
            #expect(outside == 0, "\(model) \(transition): \(outside) page pixels outside the screen")
            if transition == .none { #expect(red > 10_000 && green > 10_000, "\(model): both pages show") }
        }
    }

    /// The bezel: from the canvas to the screen along the middle row, the body colour starts
    /// the iPhone 16 Pro's 15 pt of bezel at 200/402 of its size left of the screen, at any scale.
    @Test(arguments: [1.0, 2.0])
    func bezelThickness(_ scale: Double) throws {
        let image = try Self.render(Self.deck("phone"), position: 0, scale: scale)
        let y = Int(300 * scale)
        // The body's grey, or its lighter rim along the outer edge (grey, not the blue canvas).
        func isBody(_ x: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return p.r == p.g && p.g == p.b && p.r >= 40 && p.a == 255
        }
        let left = (0..<image.width).first(where: isBody)!
        let right = (0..<image.width).last(where: isBody)!
        // 15 · 200/402 = 7.46 pt of bezel: from x 292.54 (the first whole grey pixel is the next).
        let bezel = 15 * 200 / 402.0
        #expect(abs(Double(left) - (300 - bezel) * scale) <= 1, "left edge at \(left)")
        #expect(abs(Double(right) - ((500 + bezel) * scale - 1)) <= 1, "right edge at \(right)")
        // The screen starts where the bezel ends: red from x = 300.
        #expect(image.pixel(x: Int(300 * scale) + 1, y: y).r == 255)
        #expect(image.pixel(x: Int(300 * scale) - 2, y: y) == (40, 40, 40, 255))
    }

    /// The status bar sits inside the top of the screen: its time is drawn in white there, and
    /// nowhere else on the page's red.
    @Test func statusBarIsInsideTheTopOfTheScreen() throws {
        var deck = Self.deck("phone")
        deck.device?.statusBar?.style = .light
        let image = try Self.render(deck, position: 0)
        let g = DeviceGeometry(device: deck.device!, screen: deck.viewport)
        let bar = try #require(g.statusBar)
        var white: [(Int, Int)] = []
        for y in Int(g.screen.y)..<Int(g.screen.y + g.screen.height) {
            for x in Int(g.screen.x)..<Int(g.screen.x + g.screen.width) where image.pixel(x: x, y: y) == (255, 255, 255, 255) {
                white.append((x, y))
            }
        }
        #expect(!white.isEmpty)
        let home = try #require(g.homeIndicator)
        for (x, y) in white {
            let inBar = Double(y) >= bar.y && Double(y) < bar.y + bar.height
            let inIndicator = Double(y) >= home.y - 1 && Double(y) <= home.y + home.height + 1
            #expect(inBar || inIndicator, "white pixel at (\(x), \(y))")
        }
        // Time on the left, icons on the right of the island.
        #expect(white.contains { Double($0.0) < g.screen.x + 60 } && white.contains { Double($0.0) > g.screen.x + 140 })
    }

    /// A browser's window bar is 38 pt above the content plus a 1 pt border, in the device colour.
    @Test func browserBarAboveTheContent() throws {
        let deck = Self.deck("browser")
        let image = try Self.render(deck, position: 0)
        let x = 450   // right of the address field
        let column = (0..<600).map { image.pixel(x: x, y: $0) }
        let firstBar = column.firstIndex { $0 == (40, 40, 40, 255) }!
        let firstPage = column.firstIndex { $0.r == 255 && $0.g == 0 }!
        #expect(firstPage == 100)
        #expect(abs(firstBar - (100 - 39)) <= 1, "bar starts at \(firstBar)")
    }

    /// A gradient backdrop runs from one colour at one side of the canvas to the other at the other.
    @Test func gradientBackdropEnds() throws {
        var deck = Self.deck("phone")
        deck.canvas.background = .gradient(from: Color(r: 0, g: 0, b: 0), to: Color(r: 255, g: 255, b: 255), angle: 0)
        let image = try Self.render(deck, position: 0)
        // Angle 0 runs left to right: pixel centres 0.5 and 799.5 of 800.
        #expect(image.pixel(x: 0, y: 20) == (0, 0, 0, 255))
        #expect(image.pixel(x: 799, y: 20) == (255, 255, 255, 255))
        #expect(abs(Int(image.pixel(x: 400, y: 20).r) - 128) <= 1)
    }

    /// Captions fade: the caption of page 0 at full strength at rest, at half a quarter of the way,
    /// gone at mid-swipe; cross-fading, at half at mid-swipe.
    @Test func captionOpacityInPixels() throws {
        var deck = Self.deck("phone")
        deck.canvas.background = .color(.black)
        deck.pages = .list([Page(background: .color(.white), caption: "█████"), Page(background: .color(.white))])
        deck.captions.color = .white
        func brightest(_ position: Double) throws -> Int {
            let image = try Self.render(deck, position: position)
            var best = 0
            for y in 520..<600 { for x in 0..<800 { best = max(best, Int(image.pixel(x: x, y: y).r)) } }
            return best
        }
        #expect(try brightest(0) == 255)
        #expect(abs(try brightest(0.25) - 128) <= 1)
        #expect(try brightest(0.5) == 0)
        #expect(try brightest(1) == 0)
        deck.captions.transition = .crossfade
        #expect(abs(try brightest(0.5) - 128) <= 1)
    }
}
