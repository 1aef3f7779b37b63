import PageReelDeck
import PageReelTimeline

/// Captions: each page's `caption`, set above or below the device, changing with the scroll.
extension SceneBuilder {
    /// The outline captions are placed against: the device's body, or the viewport without one.
    var captionAnchor: Rect { device?.body ?? deck.viewport }

    /// The captions of the pages within one page of `position` (held within the pages while a
    /// bounce overshoots), each with its opacity and offset by `captions.transition`, all in one
    /// box: at rest only the current page's shows.
    func captions(position: Double) -> [SceneItem] {
        let style = deck.captions
        let anchor = captionAnchor
        let centre = anchor.x + anchor.width / 2
        // As wide as the canvas allows around the anchor's centre, less the gap on each side.
        let room = 2 * min(centre, Double(deck.canvas.width) - centre) - 2 * style.gap
        let width = max(1, style.maxWidth ?? room)
        let top = style.position == .bottom ? anchor.y + anchor.height + style.gap : anchor.y - style.gap
        let (position, shares) = PageShare.around(position, pageCount: deck.pageCount, wraps: deck.layout.wrap)
        // A sliding caption keeps a caption's width (at least a page) from the next.
        let pitch = max(deck.viewport.width, width + style.gap)
        var items: [SceneItem] = []
        let lower = Int(position.rounded(.down))
        for (slot, page, share) in shares.map({ ($0.slot, $0.page, $0.share) }) {
            let opacity: Double, dx: Double
            switch style.transition {
            case .fade: (opacity, dx) = (max(0, 2 * share - 1), 0)
            case .crossfade: (opacity, dx) = (share, 0)
            case .none: (opacity, dx) = (share > 0.5 || (share == 0.5 && slot == lower) ? 1 : 0, 0)
            case .slide: (opacity, dx) = (1, (Double(slot) - position) * pitch)
            }
            guard opacity > 0, let caption = deck.page(at: page).caption, !caption.isEmpty else { continue }
            let box = Rect(x: (centre - width / 2 + dx) * scale, y: top * scale, width: width * scale, height: 0)
            let text = TextStyle(string: caption, size: style.size, weight: style.weight, color: style.color,
                                 align: .center, font: style.font)
            items.append(.text(TextItem(style: text, box: box, scale: scale,
                                        anchor: style.position == .bottom ? .top : .bottom, opacity: opacity)))
        }
        return items
    }
}
