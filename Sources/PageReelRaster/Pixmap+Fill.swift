import PageReelDeck
import PageReelMedia

extension Pixmap {
    /// Fills the pixel rectangle [x, x + width) × [y, y + height), clipped, with an opaque or
    /// translucent straight-alpha colour blended over what is there.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: Color) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        let src = Blend.premultiplied(r: color.r, g: color.g, b: color.b, a: color.a)
        let stride = width
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for row in y0..<y1 {
                for column in x0..<x1 { words[row * stride + column] = Blend.over(src, words[row * stride + column]) }
            }
        }
    }
}
