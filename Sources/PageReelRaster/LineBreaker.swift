/// Greedy line breaking for `TextLayout`: fills each line with whole words while they fit.
///
/// Words are separated by spaces; the spaces at a break belong to neither line, so they never
/// count toward a line's width or alignment, while spaces inside a line (several in a row stay
/// several) and at the start of a paragraph are kept. A word wider than the width starts a new
/// line and is broken between characters, at least one character per line.
struct LineBreaker {
    /// A finished line: glyphs and their pen positions from the line's start.
    struct RawLine {
        var glyphs: [UInt32] = []
        var pens: [Double] = []
        /// The pen position after the last glyph that is not a space.
        var width: Double = 0
    }

    let font: Font
    let maxWidth: Double?
    let space: UInt32
    private(set) var lines: [RawLine] = []
    private var current = RawLine()
    /// The current line began at a wrap, so a space that would open it is dropped.
    private var startedByWrap = false

    init(font: Font, maxWidth: Double?) {
        self.font = font
        self.maxWidth = maxWidth
        space = font.glyphIndex(for: " ")
    }

    mutating func add(paragraph: [Unicode.Scalar]) {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.map(font.glyphIndex(for:)) }
        for (n, word) in words.enumerated() {
            let gap = n == 0 || (current.glyphs.isEmpty && startedByWrap) ? [] : [space]
            if fits(gap + word) {
                append(gap + word)
                continue
            }
            if !current.glyphs.isEmpty { finishLine(wrapped: true) }
            if fits(word) {
                append(word)
                continue
            }
            // Wider than a whole line: break it between characters.
            for glyph in word {
                if !current.glyphs.isEmpty, !fits([glyph]) { finishLine(wrapped: true) }
                append([glyph])
            }
        }
        finishLine(wrapped: false)
    }

    private func fits(_ glyphs: [UInt32]) -> Bool {
        guard let maxWidth else { return true }
        return Self.walk(current, glyphs, font: font, space: space) { _, _ in } <= maxWidth + 1e-9
    }

    private mutating func append(_ glyphs: [UInt32]) {
        var added: [(UInt32, Double)] = []
        current.width = Self.walk(current, glyphs, font: font, space: space) { added.append(($0, $1)) }
        for (glyph, pen) in added {
            current.glyphs.append(glyph)
            current.pens.append(pen)
        }
    }

    private mutating func finishLine(wrapped: Bool) {
        while current.glyphs.last == space {
            current.glyphs.removeLast()
            current.pens.removeLast()
        }
        lines.append(current)
        current = RawLine()
        startedByWrap = wrapped
    }

    /// Places `glyphs` after the end of `line`, kerning each against the one before, calling
    /// `place` with every glyph and its pen position; returns the new line width.
    private static func walk(_ line: RawLine, _ glyphs: [UInt32], font: Font, space: UInt32,
                             place: (UInt32, Double) -> Void) -> Double {
        var previous = line.glyphs.last
        var pen = previous.map { line.pens[line.pens.count - 1] + font.advance(ofGlyph: $0) } ?? 0
        var width = line.width
        for glyph in glyphs {
            if let previous { pen += font.kerning(between: previous, and: glyph) }
            place(glyph, pen)
            pen += font.advance(ofGlyph: glyph)
            if glyph != space { width = pen }
            previous = glyph
        }
        return width
    }
}
