import Foundation
import PageReelDeck
import PageReelMedia
@testable import PageReelRaster
import PageReelScene
import PageReelTimeline
import Testing

/// Every transition rendered at mid-swipe: one small golden each, all different from one another.
/// The pages carry no text (its pixels move with FreeType and HarfBuzz versions); a diagonal
/// gradient to black shows which way each page is turned.
@Suite struct TransitionRenderTests {
    static let deck: Deck = {
        let colors = ["#FF6B6B", "#4ECDC4", "#5B5FEF", "#FFB347"]
        var deck = Deck(canvas: Canvas(width: 192, height: 112, background: .color(Color(r: 20, g: 23, b: 28))),
                        viewport: Rect(x: 64, y: 14, width: 64, height: 84),
                        pages: .list(colors.map {
                            Page(background: .gradient(from: Color(hex: $0)!, to: Color(r: 0, g: 0, b: 0), angle: 30))
                        }))
        deck.pageStyle = PageStyle(cornerRadius: 5)
        return deck
    }()

    static func render(_ name: TransitionName) throws -> Pixmap {
        let state = TimelineState(time: 0, offset: 1.5 * 64, velocity: 0, phase: .dragging, touch: nil, position: 1.5)
        let scene = SceneBuilder(deck: deck, transition: .named(name)).scene(for: state)
        var out = Pixmap(width: 1, height: 1)
        try FrameRenderer(deck: deck, baseDirectory: "/").render(scene, into: &out)
        return out
    }

    @Test(arguments: TransitionName.allCases)
    func goldenAtMidSwipe(_ name: TransitionName) throws {
        expectGolden(try Self.render(name), name.rawValue)
    }

    @Test func everyTransitionLooksDifferent() throws {
        let frames = try TransitionName.allCases.map { ($0, try Self.render($0)) }
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] { #expect(a.1 != b.1, "\(a.0) and \(b.0) render the same picture") }
        }
    }
}

/// The tab bar's selector, as drawn: its left edge is within a pixel of (W/N)·position.
@Suite struct SelectorRenderTests {
    @Test func selectorEdgeFollowsThePosition() throws {
        var deck = Deck(canvas: Canvas(width: 240, height: 120, background: .color(.black)), viewport: Rect(x: 20, y: 10, width: 160, height: 100),
                        pages: .list(Array(repeating: Page(background: .color(.black)), count: 4)))
        var tabs = Tabs(titles: ["a", "b", "c", "d"])
        tabs.background = .black
        tabs.selector = Tabs.Selector(color: Color(r: 0, g: 255, b: 0), alpha: 1, height: 4)
        deck.tabs = tabs
        let renderer = FrameRenderer(deck: deck, baseDirectory: "/")
        var out = Pixmap(width: 1, height: 1)
        for position in [0.0, 0.25, 1.3, 1.337, 2.5, 2.91] {
            let state = TimelineState(time: 0, offset: position * 160, velocity: 0, phase: .idle, touch: nil, position: position)
            try renderer.render(SceneBuilder(deck: deck).scene(for: state), into: &out)
            // The selector's middle row: y = 10 + 44 − 2.
            let y = 52
            guard let first = (0..<240).first(where: { out.pixel(x: $0, y: y).g > 0 }) else {
                Issue.record("no selector at \(position)")
                continue
            }
            let edge = Double(first) + 1 - Double(out.pixel(x: first, y: y).g) / 255
            #expect(abs(edge - (20 + 40 * position)) <= 1, "position \(position): edge at \(edge)")
        }
    }
}
