import PageReelDeck
import PageReelRaster
import Testing

@Suite struct TextLayoutTests {
    static let font = try! Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", pixelSize: 20)

    /// The glyphs of `text`, each character in turn, as an independent reference.
    func indices(_ text: String) -> [UInt32] { text.unicodeScalars.map(Self.font.glyphIndex(for:)) }
    func advances(_ text: String) -> Double { indices(text).map(Self.font.advance(ofGlyph:)).reduce(0, +) }
    func glyphs(of line: TextLayout.Line, in layout: TextLayout) -> [UInt32] {
        layout.glyphs[line.glyphs].map(\.index)
    }

    @Test func kerningMakesAVNarrowerThanItsAdvances() {
        let layout = TextLayout("AV", font: Self.font)
        #expect(layout.width < advances("AV") - 0.5)
        #expect(layout.glyphs[1].x < Self.font.advance(ofGlyph: indices("A")[0]))
        // A pair without kerning is exactly its advances.
        #expect(abs(TextLayout("HH", font: Self.font).width - advances("HH")) < 1e-9)
    }

    @Test func singleLineGeometry() {
        let layout = TextLayout("Hello", font: Self.font, lineHeight: 1.5)
        #expect(layout.lines.count == 1)
        #expect(layout.height == 30)
        #expect(layout.lineSpacing == 30)
        // Half-leading: the glyph box (ascender − descender) is centred in the 30 px line.
        let line = layout.lines[0]
        let top = line.baseline - Self.font.ascender, bottom = line.baseline - Self.font.descender
        #expect(abs(top - (30 - bottom)) < 1e-9)
        #expect(layout.glyphs.map(\.index) == indices("Hello"))
        #expect(layout.glyphs.allSatisfy { $0.y == line.baseline })
    }

    @Test func explicitLineBreaks() {
        let layout = TextLayout("ab\ncd\r\n\nlast\rx", font: Self.font)
        let texts = ["ab", "cd", "", "last", "x"]
        #expect(layout.lines.count == texts.count)
        for (line, text) in zip(layout.lines, texts) { #expect(glyphs(of: line, in: layout) == indices(text)) }
        for (n, line) in layout.lines.enumerated() {
            #expect(abs(line.baseline - layout.lines[0].baseline - Double(n) * 25) < 1e-9)
        }
        #expect(layout.height == 125)
        #expect(abs(layout.width - TextLayout("last", font: Self.font).width) < 1e-9)
    }

    @Test func wrapsASentenceGreedily() {
        let sentence = "The quick brown fox jumps over the lazy dog"
        let maxWidth = 170.0
        let layout = TextLayout(sentence, font: Self.font, maxWidth: maxWidth)
        // DejaVu Sans at 20 px: "The quick brown" is 165.2 px, "… fox" 202.0; "fox jumps over"
        // 148.6, "… the" 187.8; "the lazy dog" 123.3.
        let expected = ["The quick brown", "fox jumps over", "the lazy dog"]
        #expect(layout.lines.map { glyphs(of: $0, in: layout) } == expected.map(indices))
        for line in layout.lines { #expect(line.width <= maxWidth) }
        #expect(layout.width == maxWidth)
        // Greedy: no line could have taken the first word of the next one.
        for (line, next) in zip(expected, expected.dropFirst()) {
            let first = next.split(separator: " ")[0]
            #expect(TextLayout(line + " " + first, font: Self.font).width > maxWidth)
        }
    }

    @Test func wordWiderThanTheLineIsBrokenByCharacters() {
        let word = "Supercalifragilistic"
        let layout = TextLayout("a " + word, font: Self.font, maxWidth: 60)
        #expect(layout.lines.count >= 4)
        // The long word starts its own line, and every character is kept, in order.
        #expect(glyphs(of: layout.lines[0], in: layout) == indices("a"))
        #expect(layout.lines.dropFirst().flatMap { glyphs(of: $0, in: layout) } == indices(word))
        for line in layout.lines { #expect(line.width <= 60) }
        // A width narrower than any character still places one character per line.
        #expect(TextLayout("abc", font: Self.font, maxWidth: 1).lines.count == 3)
    }

    @Test func spacesAtBreaksDoNotCount() {
        #expect(abs(TextLayout("ab   ", font: Self.font).width - TextLayout("ab", font: Self.font).width) < 1e-9)
        // Kept inside a line and at the start of a paragraph.
        let inner = TextLayout("a  b", font: Self.font)
        #expect(inner.glyphs.map(\.index) == indices("a  b"))
        let indented = TextLayout("  a", font: Self.font)
        #expect(abs(indented.glyphs[2].x - 2 * Self.font.advance(ofGlyph: indices(" ")[0])) < 1e-9)
        // Dropped where the line wraps.
        let wrapped = TextLayout("aaaa bbbb", font: Self.font, maxWidth: max(advances("aaaa"), advances("bbbb")))
        #expect(wrapped.lines.map { glyphs(of: $0, in: wrapped) } == [indices("aaaa"), indices("bbbb")])
        #expect(wrapped.lines[1].x == 0)
    }

    @Test(arguments: [TextAlign.left, .center, .right])
    func alignmentWithinTheWrapWidth(align: TextAlign) {
        let layout = TextLayout("The quick brown fox jumps over the lazy dog", font: Self.font, maxWidth: 200,
                                align: align)
        for line in layout.lines {
            switch align {
            case .left: #expect(line.x == 0)
            case .center: #expect(abs(line.x + line.width / 2 - 100) < 1e-9)
            case .right: #expect(abs(line.x + line.width - 200) < 1e-9)
            }
            #expect(abs(layout.glyphs[line.glyphs.lowerBound].x - line.x) < 1e-9)
        }
    }

    @Test func alignmentWithoutWidthUsesTheWidestLine() {
        let layout = TextLayout("wide line here\nnarrow", font: Self.font, align: .center)
        #expect(layout.lines[0].x == 0)
        #expect(abs(layout.width - layout.lines[0].width) < 1e-9)
        #expect(abs(layout.lines[1].x + layout.lines[1].width / 2 - layout.width / 2) < 1e-9)
    }

    @Test func missingCharactersKeepTheirPlaceAsNotdef() {
        let layout = TextLayout("a\u{E000}b", font: Self.font)
        #expect(layout.glyphs.map(\.index) == [indices("a")[0], 0, indices("b")[0]])
        #expect(layout.width > advances("ab") + 1)
    }

    @Test func emptyStringIsOneEmptyLine() {
        let layout = TextLayout("", font: Self.font)
        #expect(layout.glyphs.isEmpty && layout.lines.count == 1)
        #expect(layout.width == 0 && layout.height == 25)
    }
}
