import Foundation
import PageReelDeck
import PageReelRaster
import Testing

/// The geometry of laid-out text: line boxes, wrapping, alignment by direction.
@Suite struct TextLayoutTests {
    static let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    let text = TextRenderer()

    func layout(_ string: String, size: Double = 20, maxWidth: Double? = nil, align: TextAlign = .start,
                lineHeight: Double = 1.25, font: String = Page.defaultFont) throws -> TextLayout {
        try text.layout(TextStyle(string: string, size: size, align: align, font: font, lineHeight: lineHeight),
                        maxWidth: maxWidth)
    }

    /// The ascender and descender HarfBuzz uses (hhea, or OS/2 typo when USE_TYPO_METRICS is set),
    /// read from the font file's tables, in units of the em.
    static func verticalMetrics(_ path: String) throws -> (ascender: Double, descender: Double) {
        let font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ o: Int) -> Int { Int(font[o]) << 8 | Int(font[o + 1]) }
        func i16(_ o: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(o)))) }
        var tables: [String: Int] = [:]
        for k in 0..<u16(4) {
            let entry = 12 + 16 * k
            let tag = String(decoding: font[entry..<entry + 4], as: UTF8.self)
            tables[tag] = Int(font[entry + 8]) << 24 | Int(font[entry + 9]) << 16 | Int(font[entry + 10]) << 8 | Int(font[entry + 11])
        }
        let unitsPerEm = Double(u16(try #require(tables["head"]) + 18))
        if let os2 = tables["OS/2"], u16(os2 + 62) & 0x80 != 0 {
            return (Double(i16(os2 + 68)) / unitsPerEm, Double(i16(os2 + 70)) / unitsPerEm)
        }
        let hhea = try #require(tables["hhea"])
        return (Double(i16(hhea + 4)) / unitsPerEm, Double(i16(hhea + 6)) / unitsPerEm)
    }

    @Test func singleLineHasCSSHalfLeading() throws {
        let layout = try layout("Hello", size: 20, lineHeight: 1.5)
        #expect(layout.lines.count == 1)
        #expect(layout.height == 30 && layout.lineSpacing == 30)
        let line = layout.lines[0]
        #expect(line.top == 0 && line.bottom == 30)
        // The glyph box (ascender to descender) is centred in the 30 px line.
        let metrics = try Self.verticalMetrics(Self.dejavu)
        let above = line.baseline - metrics.ascender * 20, below = 30 - (line.baseline - metrics.descender * 20)
        #expect(abs(above - below) < 0.01, "\(above) above, \(below) below")
        #expect(line.text == "Hello")
    }

    @Test func explicitLineBreaks() throws {
        let layout = try layout("ab\ncd\r\n\nlast\rx")
        #expect(layout.lines.map { $0.text.trimmingCharacters(in: .newlines) } == ["ab", "cd", "", "last", "x"])
        for (n, line) in layout.lines.enumerated() {
            #expect(abs(line.baseline - layout.lines[0].baseline - Double(n) * 25) < 0.01)
        }
        #expect(layout.height == 125)
        #expect(abs(layout.width - (try self.layout("last").width)) < 0.01)
    }

    @Test func wrapsASentenceGreedily() throws {
        let sentence = "The quick brown fox jumps over the lazy dog"
        let maxWidth = 170.0
        let layout = try layout(sentence, maxWidth: maxWidth)
        let lines = layout.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }
        #expect(lines.joined(separator: " ") == sentence)
        #expect(lines.count >= 3)
        for line in layout.lines { #expect(line.width <= maxWidth) }
        #expect(layout.width == maxWidth)
        // Greedy: no line could also have taken the first word of the next one.
        for (line, next) in zip(lines, lines.dropFirst()) {
            let first = next.split(separator: " ")[0]
            #expect(try self.layout(line + " " + first).width > maxWidth, "\(line) + \(first)")
        }
    }

    @Test func trailingSpacesOfAWrapDoNotCount() throws {
        let layout = try layout("aaaa bbbb", maxWidth: 60, align: .right)
        #expect(layout.lines.count == 2)
        let word = try self.layout("aaaa").width
        #expect(abs(layout.lines[0].width - word) < 0.01)
        // Right-aligned on its visible width, not pushed left by the spaces.
        #expect(abs(layout.lines[0].x - (60 - word)) < 0.01)
    }

    @Test func cjkWrapsBetweenIdeographs() throws {
        let sentence = "日本語のテキストは単語の間にスペースがなくても折り返されます。"
        let layout = try layout(sentence, size: 24, maxWidth: 200)
        #expect(layout.lines.count >= 3)
        #expect(layout.lines.map(\.text).joined() == sentence)
        for line in layout.lines { #expect(line.width <= 200) }
        // Greedy between ideographs: each line but the last is filled to within two characters
        // (one more than the next ideograph when the next character may not start a line, like
        // the prolonged sound mark in スペース: UAX #14 class NS).
        for line in layout.lines.dropLast() { #expect(line.width > 200 - 2 * 24 - 0.01, "\(line.text)") }
        // UAX #14: no line starts with the closing full stop.
        #expect(layout.lines.allSatisfy { !$0.text.hasPrefix("。") })
    }

    @Test func neverBreaksInsideAGraphemeCluster() throws {
        // Family emoji (ZWJ sequences), a flag, Devanagari conjuncts: each a cluster wider than
        // half the width, so the breaker has to break between them.
        let text = "👨‍👩‍👧‍👦🇫🇷क्षत्रि👩🏽‍💻"
        let layout = try layout(text, size: 40, maxWidth: 50)
        #expect(layout.lines.count > 2)
        #expect(layout.lines.map(\.text).joined() == text)
        var offset = text.startIndex
        for line in layout.lines.dropLast() {
            offset = text.utf8.index(offset, offsetBy: line.text.utf8.count)
            // A line boundary is a grapheme (Character) boundary of the whole text.
            #expect(offset.samePosition(in: text) != nil, "broke inside a cluster after \(line.text)")
        }
        #expect(layout.unknownCharacters.isEmpty)
    }

    @Test(arguments: [TextAlign.left, .center, .right, .start, .end])
    func alignmentInTheBox(_ align: TextAlign) throws {
        for (string, rtl) in [("Hi there", false), ("שלום עולם", true)] {
            let layout = try layout(string, maxWidth: 300, align: align)
            let line = layout.lines[0]
            #expect(line.isRightToLeft == rtl)
            let free = 300 - line.width
            let expected: Double = switch (align, rtl) {
            case (.left, _), (.start, false), (.end, true): 0
            case (.center, _): free / 2
            case (.right, _), (.start, true), (.end, false): free
            }
            #expect(abs(line.x - expected) < 0.01, "\(align) \(string)")
            // The ink is where the line is.
            #expect(line.ink.x >= line.x - 2 && line.ink.x + line.ink.width <= line.x + line.width + 2)
        }
    }

    @Test func eachParagraphTakesItsOwnDirection() throws {
        let layout = try layout("Hello\nمرحبا\n123 שלום\nשלום abc", maxWidth: 300)
        #expect(layout.lines.map(\.isRightToLeft) == [false, true, true, true])
    }

    @Test func alignmentWithoutWidthUsesTheWidestLine() throws {
        let layout = try layout("a\nwide line", align: .center)
        #expect(abs(layout.width - layout.lines[1].width) < 0.01)
        #expect(abs(layout.lines[0].x - (layout.width - layout.lines[0].width) / 2) < 0.01)
    }

    @Test func emptyStringIsOneEmptyLine() throws {
        let layout = try layout("")
        #expect(layout.lines.count == 1 && layout.height == 25 && layout.width == 0)
        #expect(layout.image.width == 0)
    }

    @Test func controlCharactersAreDroppedAndTabsAreSpaces() throws {
        let layout = try layout("a\u{7}b\tc")
        #expect(layout.lines.map(\.text) == ["ab c"])
        #expect(layout.unknownCharacters.isEmpty)
    }
}
