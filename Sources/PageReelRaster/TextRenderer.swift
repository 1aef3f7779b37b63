import PageReelDeck
import PageReelMedia
import Synchronization

/// Lays out a deck's `TextStyle`s and composites them into pixmaps; shared by render threads.
///
/// Layouts are cached by everything that shapes their pixels (string, style, size, wrap width),
/// so a page re-rendered at another parallax offset, or a tab title drawn on every frame, costs a
/// composite, not a layout. Layouts are made by the renderer's `TextEngine` under Pango's
/// process-wide lock (`TextEngine.pango`); compositing needs no lock, and text is a small part of
/// a page's work, so render threads seldom wait for it.
public final class TextRenderer: Sendable {
    public let fonts: FontLibrary
    /// Made on first use and never leaves this mutex (the engine is not `Sendable`); used only
    /// while also holding `TextEngine.pango`.
    private let engine = Mutex<TextEngine?>(nil)
    private let cache: LRUCache<TextRequest, TextLayout>

    /// The font sizes text is drawn at, in output pixels: a size scaled (`--size`) beyond them is
    /// drawn at the nearest, so whatever a deck asks for renders (a glyph 4096 px tall is already
    /// larger than any canvas).
    public static let pixelSizes = 1.0 / 64...4096.0

    /// The language Pango shapes and picks fonts for (a deck's locale), so that a Han character
    /// takes its Japanese form in `ja` and its Chinese one in `zh-Hans`, whatever the machine's locale.
    public let language: String

    /// `cacheBudget` bounds the bytes of cached text images; `language` is a locale code (nil = `en`).
    public init(fonts: FontLibrary = FontLibrary(), cacheBudget: Int = 32 << 20, language: String? = nil) {
        self.fonts = fonts
        self.language = language ?? "en"
        cache = LRUCache(budget: cacheBudget)
    }

    /// Lays out `style` at `scale` (text is `style.size · scale` pixels; `maxWidth` is in deck
    /// points and scaled the same way; nil = no wrapping).
    public func layout(_ style: TextStyle, scale: Double = 1, maxWidth: Double? = nil) throws(RasterError) -> TextLayout {
        let request = try self.request(style, scale: scale, maxWidth: maxWidth)
        if let cached = cache.value(for: request) { return cached }
        let layout = try TextEngine.pango.withLock { _ throws(RasterError) in
            try engine.withLock { engine throws(RasterError) in
                let ready = engine ?? TextEngine(library: fonts, language: language)
                engine = ready
                return try ready.layout(request)
            }
        }
        cache.insert(layout, for: request, cost: layout.cost)
        return layout
    }

    /// What Pango is asked for `style`: the family resolved (an error if it is not installed) and
    /// sizes in pixels.
    func request(_ style: TextStyle, scale: Double, maxWidth: Double?) throws(RasterError) -> TextRequest {
        let family = try fonts.family(for: style.font)
        let scaled = style.size * scale
        let pixelSize = scaled.isNaN ? Self.pixelSizes.lowerBound
            : min(max(scaled, Self.pixelSizes.lowerBound), Self.pixelSizes.upperBound)
        // Line spacing and wrap width as far as Pango's 32-bit units reach (±2 million pixels).
        let lineSpacing = min(max(style.lineHeight * pixelSize, 0), 2_000_000)
        return TextRequest(text: Self.printable(style.string), markup: style.markup, family: family,
                           weight: style.weight, pixelSize: pixelSize, lineSpacing: lineSpacing,
                           maxWidth: maxWidth.map { min(max(0, $0 * scale), 2_000_000) }, align: style.align,
                           color: style.color)
    }

    /// The text without the control characters fonts would draw as boxes: tabs become spaces,
    /// line breaks (`\n`, `\r\n`, `\r`, U+2028, U+2029) stay.
    static func printable(_ string: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x09: scalars.append(" ")
            case 0x0A, 0x0D: scalars.append(scalar)
            case 0..<0x20, 0x7F: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The text of Pango markup without its tags; `.markup` with Pango's message when it does
    /// not parse.
    public static func plainText(ofMarkup markup: String) throws(RasterError) -> String {
        try TextEngine.parse(markup: printable(markup)).get()
    }

    /// The characters of `text` that no font available to `font` at `weight` has (each once, in
    /// order), found by laying out each distinct character once.
    public func uncoveredCharacters(in text: String, font: String, weight: FontWeight) throws(RasterError)
        -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        var distinct: [Unicode.Scalar] = []
        for scalar in Self.printable(text).unicodeScalars where scalar.value > 0x20 && seen.insert(scalar).inserted {
            distinct.append(scalar)
        }
        var uncovered: [Unicode.Scalar] = []
        // Spaced apart, so each character is its own cluster and chooses its own font; in chunks,
        // so one layout stays small.
        var start = 0
        while start < distinct.count {
            let chunk = distinct[start..<min(distinct.count, start + 512)]
            var scalars = String.UnicodeScalarView()
            for scalar in chunk { scalars.append(contentsOf: [scalar, " "]) }
            let style = TextStyle(string: String(scalars), size: 16, weight: weight, font: font)
            uncovered += try layout(style).unknownCharacters
            start += 512
        }
        return uncovered
    }

    /// Lays out and draws `style` with the top-left of its text box at pixel (`x`, `y`).
    @discardableResult
    public func draw(_ style: TextStyle, at x: Double, y: Double, scale: Double = 1, maxWidth: Double? = nil,
                     opacity: Double = 1, into pixmap: inout Pixmap) throws(RasterError) -> TextLayout {
        let layout = try layout(style, scale: scale, maxWidth: maxWidth)
        draw(layout, at: x, y: y, opacity: opacity, into: &pixmap)
        return layout
    }

    /// Composites `layout` with the top-left of its text box at pixel (`x`, `y`), rounded to whole
    /// pixels so glyphs stay as crisp as they were drawn, at `opacity` (0…1) times the colour's
    /// alpha, clipped to the pixmap. An opaque pixel stays exactly opaque.
    public func draw(_ layout: TextLayout, at x: Double, y: Double, opacity: Double = 1, into pixmap: inout Pixmap) {
        let k = UInt32((255 * layout.opacity * min(max(opacity, 0), 1)).rounded())
        let image = layout.image
        guard k > 0, image.width > 0, image.height > 0 else { return }
        let left = Int(x.rounded()) + layout.imageX, top = Int(y.rounded()) + layout.imageY
        let x0 = max(0, -left), x1 = min(image.width, pixmap.width - left)
        let y0 = max(0, -top), y1 = min(image.height, pixmap.height - top)
        guard x0 < x1, y0 < y1 else { return }
        let width = pixmap.width
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            image.pixels.withUnsafeBufferPointer { src in
                for row in y0..<y1 {
                    var d = ((top + row) * width + left + x0) * 4
                    var s = (row * image.width + x0) * 4
                    for _ in x0..<x1 {
                        let sa = k == 255 ? UInt32(src[s + 3]) : Pixmap.div255(UInt32(src[s + 3]) * k)
                        if sa != 0 {
                            let keep = 255 - sa
                            for c in 0..<3 {
                                let sc = k == 255 ? UInt32(src[s + c]) : Pixmap.div255(UInt32(src[s + c]) * k)
                                dst[d + c] = UInt8(min(255, sc + Pixmap.div255(UInt32(dst[d + c]) * keep)))
                            }
                            dst[d + 3] = UInt8(sa + Pixmap.div255(UInt32(dst[d + 3]) * keep))
                        }
                        d += 4
                        s += 4
                    }
                }
            }
        }
    }
}
