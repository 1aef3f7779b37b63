/// One rendered glyph: an 8-bit coverage mask placed relative to the pen position, plus its advance.
///
/// An immutable value so that, once a `Font` has rendered a glyph under its lock, any number of
/// threads can draw it without touching FreeType again.
public struct GlyphBitmap: Sendable, Equatable {
    /// The glyph index in its font.
    public let index: UInt32
    /// Mask size in pixels.
    public let width: Int
    public let height: Int
    /// Offset of the mask's left edge from the pen position, in pixels.
    public let left: Int
    /// Offset of the mask's top row above the baseline, in pixels (positive = up).
    public let top: Int
    /// Unhinted horizontal advance in fractional pixels.
    public let advance: Double
    /// `width · height` coverage values (0 = none, 255 = full), row after row, top row first.
    public let coverage: [UInt8]

    public init(index: UInt32, width: Int, height: Int, left: Int, top: Int, advance: Double, coverage: [UInt8]) {
        precondition(coverage.count == width * height, "coverage does not match the size")
        self.index = index
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.advance = advance
        self.coverage = coverage
    }
}
