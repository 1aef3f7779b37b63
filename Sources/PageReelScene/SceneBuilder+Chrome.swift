import Foundation
import PageReelDeck
import PageReelTimeline

/// The chrome drawn over the pages: RKSwipe's tab bar, page dots and the finger.
extension SceneBuilder {
    func chrome(state: TimelineState) -> [SceneItem] {
        var items: [SceneItem] = []
        if let tabs = deck.tabs { items += tabBar(tabs, state: state) }
        if let indicator = deck.indicator { items += dots(indicator, position: state.position) }
        if deck.touches, let touch = state.touch, touch.opacity > 0 { items += finger(touch) }
        return items
    }

    /// Output-pixel rectangle of a rectangle in viewport points.
    func outputRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: (deck.viewport.x + x) * scale - origin.x, y: (deck.viewport.y + y) * scale - origin.y,
             width: w * scale, height: h * scale)
    }

    /// N equal buttons across the top of the viewport (below a device's status bar) and a selector
    /// of width W/N at x = (W/N)·position.
    func tabBar(_ tabs: Tabs, state: TimelineState) -> [SceneItem] {
        let n = Double(tabs.titles.count)
        let w = deck.viewport.width, buttonWidth = w / n
        let top = device?.safeTop ?? 0
        // Right to left, the first tab is at the right and the selector runs leftward.
        let mirrored = deck.layout.isRightToLeft
        func outputRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
            self.outputRect(mirrored ? deck.viewport.width - x - w : x, y + top, w, h)
        }
        var items: [SceneItem] = [.shape(ShapeItem(rect: outputRect(0, 0, w, tabs.height), color: tabs.background))]
        if let tab = state.touch?.tab, let touch = state.touch {
            let highlight = Color(r: 255, g: 255, b: 255, a: UInt8((40 * touch.opacity).rounded()))
            items.append(.shape(ShapeItem(rect: outputRect(Double(tab) * buttonWidth, 0, buttonWidth, tabs.height),
                                          color: highlight)))
        }
        for (i, title) in tabs.titles.enumerated() {
            let style = TextStyle(string: title, size: tabs.fontSize, weight: tabs.weight, color: tabs.textColor,
                                  align: .center, font: tabs.font)
            items.append(.text(TextItem(style: style, box: outputRect(Double(i) * buttonWidth, 0, buttonWidth,
                                                                      tabs.height - tabs.selector.height),
                                        scale: scale)))
        }
        let selector = tabs.selector
        let color = selector.color.withAlpha(selector.alpha * Double(selector.color.a) / 255)
        let x = buttonWidth * state.position
        if deck.layout.wrap, x + buttonWidth > w {
            // Between the last page and the first the selector leaves at one end and enters at the other.
            items.append(.shape(ShapeItem(rect: outputRect(x, tabs.height - selector.height, w - x, selector.height),
                                          color: color)))
            items.append(.shape(ShapeItem(rect: outputRect(0, tabs.height - selector.height, x + buttonWidth - w,
                                                           selector.height), color: color)))
        } else {
            items.append(.shape(ShapeItem(rect: outputRect(x, tabs.height - selector.height, buttonWidth, selector.height),
                                          color: color)))
        }
        return items
    }

    /// Page dots; the highlight slides between dots with the position. Long decks show a window of
    /// at most 15 dots around the current page.
    func dots(_ indicator: Indicator, position: Double) -> [SceneItem] {
        let count = deck.pageCount
        let window = min(count, 15)
        let current = deck.layout.wrap ? Int(position.rounded()) % count : min(max(Int(position.rounded()), 0), count - 1)
        let firstDot = min(max(current - window / 2, 0), count - window)
        let pitch = indicator.size + indicator.spacing
        let total = Double(window) * indicator.size + Double(window - 1) * indicator.spacing
        let left = (deck.viewport.width - total) / 2
        let centreY = deck.viewport.height - indicator.offset
        var items: [SceneItem] = []
        for k in 0..<window {
            let page = firstDot + k
            var distance = abs(Double(page) - position)
            // Wrapping, the first page's dot lights up as the last page's fades.
            if deck.layout.wrap { distance = min(distance, Double(count) - distance) }
            let t = max(0, 1 - distance)
            // Right to left, the first page's dot is the rightmost.
            let slot = deck.layout.isRightToLeft ? window - 1 - k : k
            let x = left + Double(slot) * pitch
            items.append(.shape(ShapeItem(rect: outputRect(x, centreY - indicator.size / 2, indicator.size, indicator.size),
                                          cornerRadius: indicator.size / 2 * scale,
                                          color: mix(indicator.color, indicator.activeColor, t))))
        }
        return items
    }

    /// A soft translucent circle under the finger: a swipe's along the paging axis (its x is along
    /// it), mirrored right to left; a tap where it taps.
    func finger(_ touch: Touch) -> [SceneItem] {
        var touch = touch
        if touch.tab == nil {
            if deck.layout.isVertical { (touch.x, touch.y) = (touch.y, touch.x) }
            if deck.layout.isRightToLeft { touch.x = deck.viewport.width - touch.x }
        } else if deck.layout.isRightToLeft {
            touch.x = deck.viewport.width - touch.x
        }
        let radius = 22.0
        let halo = radius * 1.45
        return [
            .shape(ShapeItem(rect: outputRect(touch.x - halo, touch.y - halo, 2 * halo, 2 * halo), cornerRadius: halo * scale,
                             color: Color(r: 255, g: 255, b: 255, a: UInt8((48 * touch.opacity).rounded())))),
            .shape(ShapeItem(rect: outputRect(touch.x - radius, touch.y - radius, 2 * radius, 2 * radius),
                             cornerRadius: radius * scale,
                             color: Color(r: 255, g: 255, b: 255, a: UInt8((110 * touch.opacity).rounded())))),
        ]
    }

    private func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: channel(a.a, b.a))
    }
}
