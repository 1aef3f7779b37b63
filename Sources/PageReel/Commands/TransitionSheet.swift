import Foundation
import PageReelDeck
import PageReelMedia
import PageReelRaster
import PageReelScene
import PageReelTimeline

/// A labelled contact sheet of every transition, each held 40% of the way through a swipe between two pages
/// (`pagereel transitions --sheet`).
public enum TransitionSheet {
    /// The pages shown: four colours in turn, with big numbers.
    static func deck(tile: (width: Int, height: Int)) -> Deck {
        let colors = ["#FF6B6B", "#4ECDC4", "#5B5FEF", "#FFB347"]
        // A dozen pages, so the carousels' rings are full.
        let pages = (0..<12).map { i in Page(background: .color(Color(hex: colors[i % colors.count])!), title: "\(i + 1)") }
        var deck = Deck(canvas: Canvas(width: tile.width, height: tile.height, background: .color(Color(r: 0x14, g: 0x17, b: 0x1C))),
                        viewport: Rect(x: Double(tile.width) * 0.32, y: Double(tile.height) * 0.1,
                                       width: Double(tile.width) * 0.36, height: Double(tile.height) * 0.8),
                        pages: .list(pages))
        deck.pageStyle = PageStyle(cornerRadius: Double(tile.width) * 0.025)
        return deck
    }

    /// Every transition in `pagereel transitions` order, `columns` to a row, each library from a new
    /// row, with its name under it.
    public static func render(tile: (width: Int, height: Int) = (320, 200), columns: Int = 6) throws(PageReelError) -> Pixmap {
        let deck = deck(tile: tile)
        let transitions = NamedTransition.all
        // The presets, then each library's catalogue from a new row.
        func group(_ t: NamedTransition) -> String {
            TransitionCatalogue.Library(rawValue: t.library) == nil ? "presets" : t.library
        }
        var cells: [(transition: NamedTransition, column: Int, row: Int)] = []
        var column = 0, row = 0
        for (k, transition) in transitions.enumerated() {
            if k > 0, column == columns || group(transition) != group(transitions[k - 1]) { (column, row) = (0, row + 1) }
            cells.append((transition, column, row))
            column += 1
        }
        let label = 28
        let rows = (cells.last?.row ?? 0) + 1
        var sheet = Pixmap(width: columns * tile.width, height: rows * (tile.height + label))
        sheet.fill(r: 0x14, g: 0x17, b: 0x1C, a: 255)
        let renderer = FrameRenderer(deck: deck, baseDirectory: ".")
        let text = TextRenderer()
        // 40% of the way from page 2 to page 3 (at exactly half way a flip shows neither side).
        let offset = 1.4 * deck.viewport.width
        let state = TimelineState(time: 0, offset: offset, velocity: 0, phase: .dragging, touch: nil, position: 1.4)
        var frame = Pixmap(width: tile.width, height: tile.height)
        for (transition, column, row) in cells {
            let x = column * tile.width, y = row * (tile.height + label)
            let scene = SceneBuilder(deck: deck, transition: transition.spec).scene(for: state)
            do {
                try renderer.render(scene, into: &frame)
                sheet.copy(frame, x: x, y: y)
                let style = TextStyle(string: transition.name, size: 15, weight: .bold, color: Color(r: 0xC8, g: 0xCE, b: 0xD8),
                                      align: .center)
                let layout = try text.layout(style, maxWidth: Double(tile.width))
                text.draw(layout, at: Double(x), y: Double(y + tile.height) + (Double(label) - layout.height) / 2,
                          into: &sheet)
            } catch {
                throw .render(error)
            }
        }
        return sheet
    }
}
