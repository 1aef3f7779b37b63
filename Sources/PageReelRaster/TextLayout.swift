import PageReelDeck
import PageReelMedia

/// Text laid out and rasterized once: its lines, its box, and its ink as a premultiplied image.
///
/// Text in a deck is static (a page's title, a layer, a tab), so it is shaped, broken into lines
/// and drawn by Pango and Cairo once, and the image is composited wherever and however often the
/// text appears — into a page texture at any parallax offset, or a tab title on every frame —
/// without going back to Pango. Coordinates are pixels from the top-left of the text box, the
/// box being the wrap width (or the widest line) by the lines' heights, as a CSS block with
/// `line-height` set: every line `lineSpacing` tall, the spare space split above and below the
/// glyphs. Ink may stick out of the box (an italic overhang, a descender under a tight line
/// height, a "j" starting a line); the image covers the ink, not the box.
public struct TextLayout: Sendable {
    /// One line, after bidi reordering and alignment.
    public struct Line: Sendable, Equatable {
        /// Left edge of the line's visible advance (trailing spaces of a wrap hang outside).
        public var x: Double
        /// Advance width of the line, kerning included, trailing spaces excluded.
        public var width: Double
        /// Baseline, from the top of the text box.
        public var baseline: Double
        /// Top and bottom of the line box.
        public var top: Double
        public var bottom: Double
        /// The line's characters, in logical order.
        public var text: String
        /// Whether the line's paragraph runs right to left (its first strong character is RTL).
        public var isRightToLeft: Bool
        /// The line's ink box (where pixels are drawn), relative to the text box.
        public var ink: Rect
    }

    /// Glyphs of one font in one direction, as HarfBuzz shaped them (for checking a layout
    /// against `hb-shape`).
    public struct GlyphRun: Sendable, Equatable {
        /// The line the run is on.
        public var line: Int
        /// The font file and face the glyphs come from (a fallback font when the text's own lacks
        /// the characters).
        public var fontFile: String
        public var faceIndex: Int
        /// The run's characters, in logical order.
        public var text: String
        public var isRightToLeft: Bool
        /// The BCP 47 language the run was shaped for.
        public var language: String
        /// Glyph ids in visual order (left to right), with each glyph's advance and offset in
        /// pixels and the UTF-8 offset of its cluster in `text`.
        public var glyphs: [UInt32]
        public var advances: [Double]
        public var offsets: [(x: Double, y: Double)]
        public var clusters: [Int]

        public static func == (a: GlyphRun, b: GlyphRun) -> Bool {
            a.line == b.line && a.fontFile == b.fontFile && a.faceIndex == b.faceIndex && a.text == b.text
                && a.isRightToLeft == b.isRightToLeft && a.language == b.language && a.glyphs == b.glyphs && a.advances == b.advances
                && a.clusters == b.clusters && a.offsets.elementsEqual(b.offsets) { $0 == $1 }
        }
    }

    public let lines: [Line]
    /// Every run of every line, lines in order, runs left to right.
    public let runs: [GlyphRun]
    /// The box the lines are aligned in: the wrap width, or the widest line without one.
    public let width: Double
    /// The lines' heights together.
    public let height: Double
    /// Baseline-to-baseline distance in pixels.
    public let lineSpacing: Double
    /// The text's pixels in its colour, premultiplied; its top-left is at (`imageX`, `imageY`)
    /// from the top-left of the box.
    public let image: Pixmap
    public let imageX: Int
    public let imageY: Int
    /// The colour's alpha (0…1), applied when the image is composited.
    public let opacity: Double
    /// Characters no installed font has (drawn as boxes), in order of appearance.
    public let unknownCharacters: [Unicode.Scalar]

    init(lines: [Line], runs: [GlyphRun], width: Double, height: Double, lineSpacing: Double, image: Pixmap,
         imageX: Int, imageY: Int, opacity: Double, unknownCharacters: [Unicode.Scalar]) {
        self.lines = lines
        self.runs = runs
        self.width = width
        self.height = height
        self.lineSpacing = lineSpacing
        self.image = image
        self.imageX = imageX
        self.imageY = imageY
        self.opacity = opacity
        self.unknownCharacters = unknownCharacters
    }

    /// The bytes the layout holds (for cache budgets).
    var cost: Int { image.pixels.count + 64 * lines.count + runs.reduce(256) { $0 + 128 + 40 * $1.glyphs.count } }
}
