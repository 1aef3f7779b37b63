import PageReelDeck

/// Captions: each page's `caption`, set above or below the device and cross-faded with the scroll.
extension SceneBuilder {
    /// The outline captions are placed against: the device's body, or the viewport without one.
    var captionAnchor: Rect { device?.body ?? deck.viewport }

    /// The captions of the pages within one page of `position`, page i at opacity
    /// max(0, 1 − |position − i|), all in one box: at rest only the current page's shows.
    func captions(position: Double) -> [SceneItem] {
        let style = deck.captions
        let anchor = captionAnchor
        let centre = anchor.x + anchor.width / 2
        // As wide as the canvas allows around the anchor's centre, less the gap on each side.
        let room = 2 * min(centre, Double(deck.canvas.width) - centre) - 2 * style.gap
        let width = max(1, style.maxWidth ?? room)
        let top = style.position == .bottom ? anchor.y + anchor.height + style.gap : anchor.y - style.gap
        let box = Rect(x: (centre - width / 2) * scale, y: top * scale, width: width * scale, height: 0)
        var items: [SceneItem] = []
        for page in max(0, Int(position.rounded(.down)))...max(0, Int(position.rounded(.up))) where page < deck.pageCount {
            let opacity = max(0, 1 - abs(position - Double(page)))
            guard opacity > 0, let caption = deck.page(at: page).caption, !caption.isEmpty else { continue }
            let text = TextStyle(string: caption, size: style.size, weight: style.weight, color: style.color,
                                 align: .center, font: style.font)
            items.append(.text(TextItem(style: text, box: box, scale: scale,
                                        anchor: style.position == .bottom ? .top : .bottom, opacity: opacity)))
        }
        return items
    }
}
