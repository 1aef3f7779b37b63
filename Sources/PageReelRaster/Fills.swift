import Foundation
import PageReelDeck
import PageReelMedia

/// Whole-pixmap fills: solid colours, linear gradients and the text scrim.
enum Fills {
    static func fill(_ pixmap: inout Pixmap, with fill: Fill) {
        switch fill {
        case .color(let c):
            let p = Blend.premultiplied(r: c.r, g: c.g, b: c.b, a: c.a)
            pixmap.fill(r: UInt8(p & 255), g: UInt8(p >> 8 & 255), b: UInt8(p >> 16 & 255), a: UInt8(p >> 24))
        case .gradient(let from, let to, let angle):
            gradient(&pixmap, from: from, to: to, angle: angle)
        }
    }

    /// A linear gradient across the pixmap: `angle` 0° runs left to right, 90° top to bottom; the
    /// colours sit at the pixmap's extreme corners along that direction.
    static func gradient(_ pixmap: inout Pixmap, from: Color, to: Color, angle: Double) {
        let w = pixmap.width, h = pixmap.height
        let (dx, dy) = direction(angle)
        let corners = [(0.0, 0.0), (Double(w), 0.0), (0.0, Double(h)), (Double(w), Double(h))].map { $0.0 * dx + $0.1 * dy }
        let lo = corners.min()!, span = max(corners.max()! - lo, 1e-9)
        let a = (Double(from.r), Double(from.g), Double(from.b), Double(from.a))
        let b = (Double(to.r), Double(to.g), Double(to.b), Double(to.a))
        pixmap.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            func word(_ x: Int, _ y: Int) -> UInt32 {
                let t = ((Double(x) + 0.5) * dx + (Double(y) + 0.5) * dy - lo) / span
                func mix(_ p: Double, _ q: Double) -> UInt8 { roundedByte(p + (q - p) * t) }
                return Blend.premultiplied(r: mix(a.0, b.0), g: mix(a.1, b.1), b: mix(a.2, b.2), a: mix(a.3, b.3))
            }
            guard let base = words.baseAddress, w > 0 else { return }
            // Straight down or up, each row is one word; straight across, each row is the first
            // (x or y times 0 adds exactly nothing).
            for y in 0..<h {
                let row = base + y * w
                if dx == 0 {
                    row.update(repeating: word(0, y), count: w)
                } else if dy == 0 && y > 0 {
                    row.update(from: base, count: w)
                } else {
                    for x in 0..<w { row[x] = word(x, y) }
                }
            }
        }
    }

    /// The unit direction of `angle` degrees, exact at multiples of 90° (where cos and sin of the
    /// angle in radians leave a residue of about 1e-16 instead of 0).
    static func direction(_ angle: Double) -> (dx: Double, dy: Double) {
        let quarters = (angle / 90).truncatingRemainder(dividingBy: 4)
        if quarters == quarters.rounded(), quarters.isFinite {
            return [(1, 0), (0, 1), (-1, 0), (0, -1)][(Int(quarters) + 4) % 4]
        }
        let rad = angle * Double.pi / 180
        return (cos(rad), sin(rad))
    }

    /// `v.rounded()` (halves away from zero) as a byte, for v in 0…255, without a call to libm's
    /// `round` (four per gradient pixel were most of a 1080×1920 backdrop's time): v's whole part by
    /// truncation, and its fraction (exact below 2^52) against one half.
    @inline(__always)
    static func roundedByte(_ v: Double) -> UInt8 {
        guard v >= 0 else { return UInt8(v.rounded()) }
        let whole = Int(v)
        return UInt8(v - Double(whole) >= 0.5 ? whole + 1 : whole)
    }

    /// Darkens from row `top` to the bottom with black rising from 0 to 55% alpha, so light text
    /// stays legible over a picture.
    static func scrim(_ pixmap: inout Pixmap, from top: Double) {
        let w = pixmap.width, h = pixmap.height
        let start = max(0, Int(top))
        guard start < h else { return }
        let span = Double(h - start)
        pixmap.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for y in start..<h {
                let t = (Double(y - start) + 0.5) / span
                let keep = Int((1 - 0.55 * t * t * (3 - 2 * t)) * 256 + 0.5)
                for x in 0..<w { words[y * w + x] = Blend.darken(words[y * w + x], keep: keep) }
            }
        }
    }
}
