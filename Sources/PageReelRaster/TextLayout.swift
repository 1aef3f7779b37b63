import PageReelDeck

/// A string laid out in one font: lines broken and aligned, every glyph placed on its baseline.
///
/// Layout is separate from drawing so a page renderer can measure text (to place or centre it)
/// before drawing, and draw the same layout again without re-measuring. Lines break at `\n` and,
/// given a width, greedily at spaces; a word wider than the width is broken between characters.
/// Pairs are kerned with the font's `kern` table. Lines are `lineHeight · pixelSize` apart with
/// the spare space split above and below the glyphs (CSS half-leading), so the text box is
/// `lines · lineHeight · pixelSize` tall. Characters the font lacks keep their place as its
/// `.notdef` glyph. Coordinates are pixels from the top-left of the text box, fractional;
/// the renderer rounds them. The box is made of advances and line spacing, as in CSS, so a glyph
/// with a negative side bearing (a "j" starting a line) or a line height below ~1.2 may put a
/// pixel of ink outside it.
public struct TextLayout: Sendable {
    /// A glyph and the pen position (baseline origin) it is drawn at. The mask travels with the
    /// layout, so drawing never goes back to the font (and its lock).
    public struct PositionedGlyph: Sendable, Equatable {
        public var glyph: GlyphBitmap
        public var x: Double
        public var y: Double
        /// The glyph index in the layout's font.
        public var index: UInt32 { glyph.index }
    }

    /// One line of the layout.
    public struct Line: Sendable, Equatable {
        /// Its glyphs, as a range of `glyphs`.
        public var glyphs: Range<Int>
        /// Left edge after alignment.
        public var x: Double
        /// Advance width, kerning included, trailing spaces excluded.
        public var width: Double
        /// Baseline, from the top of the text box.
        public var baseline: Double
    }

    /// The font the glyphs belong to.
    public let font: Font
    public let glyphs: [PositionedGlyph]
    public let lines: [Line]
    /// The box the lines are aligned in: the wrap width, or the widest line without one.
    public let width: Double
    /// `lines.count · lineSpacing`.
    public let height: Double
    /// Baseline-to-baseline distance in pixels.
    public let lineSpacing: Double

    /// Lays out `string`. `maxWidth` (pixels) enables wrapping; `lineHeight` is a multiple of the
    /// font's pixel size.
    public init(_ string: String, font: Font, maxWidth: Double? = nil, align: TextAlign = .left,
                lineHeight: Double = 1.25) {
        self.font = font
        lineSpacing = lineHeight * font.pixelSize
        var builder = LineBreaker(font: font, maxWidth: maxWidth)
        for paragraph in Self.paragraphs(string) { builder.add(paragraph: paragraph) }
        let rawLines = builder.lines

        let box = maxWidth ?? rawLines.map(\.width).max() ?? 0
        let firstBaseline = (lineSpacing - (font.ascender - font.descender)) / 2 + font.ascender
        var glyphs: [PositionedGlyph] = []
        var lines: [Line] = []
        for (number, raw) in rawLines.enumerated() {
            let x: Double = switch align {
            case .left: 0
            case .center: (box - raw.width) / 2
            case .right: box - raw.width
            }
            let baseline = firstBaseline + Double(number) * lineSpacing
            let start = glyphs.count
            for (index, pen) in zip(raw.glyphs, raw.pens) {
                glyphs.append(PositionedGlyph(glyph: font.glyph(index), x: x + pen, y: baseline))
            }
            lines.append(Line(glyphs: start..<glyphs.count, x: x, width: raw.width, baseline: baseline))
        }
        self.glyphs = glyphs
        self.lines = lines
        width = box
        height = Double(lines.count) * lineSpacing
    }

    /// The text split at line breaks (`\n`, `\r\n`, `\r`), as glyph-ready scalars; tabs become
    /// spaces and other control characters are dropped, since fonts draw them as boxes.
    static func paragraphs(_ string: String) -> [[Unicode.Scalar]] {
        var result: [[Unicode.Scalar]] = [[]]
        var previousWasCR = false
        for scalar in string.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCR: continue
            case "\n", "\r": result.append([])
            case "\t": result[result.count - 1].append(" ")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result[result.count - 1].append(scalar)
            }
        }
        return result
    }
}
