import Foundation
import Testing
import PageReelDeck
import PageReelTimeline
@testable import PageReelScene

@Suite struct ChromeTests {
    static func deck(pages: Int = 4) -> Deck {
        var deck = Deck(canvas: Canvas(width: 400, height: 300), viewport: Rect(x: 40, y: 20, width: 240, height: 260),
                        pages: .list(Array(repeating: Page(), count: pages)))
        deck.tabs = Tabs(titles: (0..<pages).map { "Tab \($0)" })
        deck.indicator = Indicator()
        deck.touches = true
        return deck
    }

    static func state(position: Double, touch: Touch? = nil) -> TimelineState {
        TimelineState(time: 0, offset: position * 240, velocity: 0, phase: .idle, touch: touch, position: position)
    }

    static func shapes(_ scene: Scene) -> [ShapeItem] {
        scene.items.compactMap { if case .shape(let s) = $0 { return s } else { return nil } }
    }

    /// RKSwipe's selector: width W/N at x = (W/N)·position, following every frame of the scroll.
    @Test func selectorFollowsThePosition() {
        let deck = Self.deck()
        for scale in [1.0, 2.0] {
            let builder = SceneBuilder(deck: deck, scale: scale)
            for position in stride(from: -0.2, through: 3.2, by: 0.137) {
                let selector = Self.shapes(builder.scene(for: Self.state(position: position)))
                    .first { $0.color.g == 255 && $0.color.r == 0 }!
                // W/N = 240/4 = 60 points; the tab bar starts at the viewport's x = 40.
                #expect(abs(selector.rect.x - (40 + 60 * position) * scale) < 1e-9)
                #expect(abs(selector.rect.width - 60 * scale) < 1e-9)
                #expect(abs(selector.rect.y - (20 + 44 - 4) * scale) < 1e-9 && selector.rect.height == 4 * scale)
                #expect(selector.color.a == 204)   // alpha 0.8
            }
        }
    }

    @Test func tabBarHasOneTitlePerPage() {
        let scene = SceneBuilder(deck: Self.deck()).scene(for: Self.state(position: 1))
        let titles = scene.items.compactMap { item -> TextItem? in if case .text(let t) = item { return t } else { return nil } }
        #expect(titles.map(\.style.string) == ["Tab 0", "Tab 1", "Tab 2", "Tab 3"])
        #expect(titles.map(\.box.x) == [40, 100, 160, 220])
    }

    /// The dot under the position is lit; between pages the light is shared.
    @Test func dotsFollowThePosition() {
        let deck = Self.deck()
        let white = Color.white
        func dots(_ position: Double) -> [ShapeItem] {
            Self.shapes(SceneBuilder(deck: deck).scene(for: Self.state(position: position))).filter { $0.rect.width == 8 }
        }
        #expect(dots(2).count == 4)
        #expect(dots(2)[2].color == white && dots(2)[1].color != white)
        let half = dots(1.5)
        #expect(half[1].color == half[2].color && half[1].color != white)
    }

    /// Wrapping, between the last page and the first the selector leaves at the right and enters at
    /// the left, 60 points in all; the first page's dot lights up as the last one's fades.
    @Test func wrappingChromeGoesRound() {
        var deck = Self.deck()
        deck.layout.wrap = true
        let scene = SceneBuilder(deck: deck).scene(for: Self.state(position: 3.25))
        let selector = Self.shapes(scene).filter { $0.color.g == 255 && $0.color.r == 0 }.map(\.rect)
        #expect(selector.count == 2)
        #expect(abs(selector[0].x - (40 + 195)) < 1e-9 && abs(selector[0].width - 45) < 1e-9)
        #expect(selector[1].x == 40 && abs(selector[1].width - 15) < 1e-9)
        let dots = Self.shapes(SceneBuilder(deck: deck).scene(for: Self.state(position: 3.5))).filter { $0.rect.width == 8 }
        #expect(dots[0].color == dots[3].color && dots[0].color != deck.indicator!.color && dots[0].color != .white)
        #expect(dots[1].color == deck.indicator!.color)
    }

    @Test func fingerShowsWhileTouching() {
        let deck = Self.deck()
        let touch = Touch(x: 100, y: 150, opacity: 1, isDown: true)
        let with = Self.shapes(SceneBuilder(deck: deck).scene(for: Self.state(position: 0, touch: touch)))
        let without = Self.shapes(SceneBuilder(deck: deck).scene(for: Self.state(position: 0)))
        #expect(with.count == without.count + 2)
        // Centred on the finger: viewport (40, 20) + (100, 150).
        let circle = with.last!
        #expect(circle.rect.x + circle.rect.width / 2 == 140 && circle.rect.y + circle.rect.height / 2 == 170)
        var off = deck
        off.touches = false
        #expect(Self.shapes(SceneBuilder(deck: off).scene(for: Self.state(position: 0, touch: touch))).count == without.count)
    }
}
