import PageReelDeck

/// Draws laid-out text into a pixmap, and lays out a deck's `TextStyle` with the right font.
///
/// Glyph masks are blended src-over in premultiplied sRGB with coverage × colour alpha × opacity
/// as the source alpha. Pen positions are rounded to whole pixels, so glyphs stay as crisp as
/// FreeType rendered them and the same text always gives the same pixels wherever it is drawn.
/// Shared by render threads: the fonts are in a `FontCache`, and drawing touches only the
/// layout's immutable glyph masks and the caller's pixmap, without a lock.
public struct TextRenderer: Sendable {
    public let fonts: FontCache

    public init(fonts: FontCache = FontCache()) {
        self.fonts = fonts
    }

    /// Lays out `style` at `scale` (text is `style.size · scale` pixels; `maxWidth` is in deck
    /// points and scaled the same way; nil = no wrapping).
    public func layout(_ style: TextStyle, scale: Double = 1, maxWidth: Double? = nil) throws(RasterError) -> TextLayout {
        let font = try fonts.font(family: style.font, weight: style.weight, pixelSize: style.size * scale)
        return TextLayout(style.string, font: font, maxWidth: maxWidth.map { $0 * scale }, align: style.align,
                          lineHeight: style.lineHeight)
    }

    /// Lays out and draws `style` with the top-left of its text box at pixel (`x`, `y`).
    @discardableResult
    public func draw(_ style: TextStyle, at x: Double, y: Double, scale: Double = 1, maxWidth: Double? = nil,
                     opacity: Double = 1, into pixmap: inout Pixmap) throws(RasterError) -> TextLayout {
        let layout = try layout(style, scale: scale, maxWidth: maxWidth)
        draw(layout, at: x, y: y, color: style.color, opacity: opacity, into: &pixmap)
        return layout
    }

    /// Draws `layout` with the top-left of its text box at pixel (`x`, `y`), in straight-alpha
    /// `color` at `opacity` (0…1), clipped to the pixmap.
    public func draw(_ layout: TextLayout, at x: Double, y: Double, color: Color, opacity: Double = 1,
                     into pixmap: inout Pixmap) {
        let alpha = UInt32((Double(color.a) * min(max(opacity, 0), 1)).rounded())
        guard alpha > 0 else { return }
        let rgb = (UInt32(color.r), UInt32(color.g), UInt32(color.b))
        let width = pixmap.width, height = pixmap.height
        pixmap.pixels.withUnsafeMutableBufferPointer { dst in
            for placed in layout.glyphs {
                let glyph = placed.glyph
                guard glyph.width > 0, glyph.height > 0 else { continue }
                let left = Int((x + placed.x).rounded()) + glyph.left
                let top = Int((y + placed.y).rounded()) - glyph.top
                // The part of the mask inside the pixmap.
                let x0 = max(0, -left), x1 = min(glyph.width, width - left)
                let y0 = max(0, -top), y1 = min(glyph.height, height - top)
                guard x0 < x1, y0 < y1 else { continue }
                glyph.coverage.withUnsafeBufferPointer { mask in
                    for row in y0..<y1 {
                        var d = ((top + row) * width + left + x0) * 4
                        var m = row * glyph.width + x0
                        for _ in x0..<x1 {
                            let coverage = UInt32(mask[m])
                            if coverage != 0 {
                                let sa = div255(coverage * alpha)
                                let keep = 255 - sa
                                dst[d] = UInt8(div255(rgb.0 * sa) + div255(UInt32(dst[d]) * keep))
                                dst[d + 1] = UInt8(div255(rgb.1 * sa) + div255(UInt32(dst[d + 1]) * keep))
                                dst[d + 2] = UInt8(div255(rgb.2 * sa) + div255(UInt32(dst[d + 2]) * keep))
                                dst[d + 3] = UInt8(sa + div255(UInt32(dst[d + 3]) * keep))
                            }
                            d += 4
                            m += 1
                        }
                    }
                }
            }
        }
    }

    /// x / 255 rounded to nearest, exact for 0 ≤ x ≤ 255 · 255.
    @inline(__always)
    private func div255(_ x: UInt32) -> UInt32 {
        let t = x + 128
        return (t + (t >> 8)) >> 8
    }
}
