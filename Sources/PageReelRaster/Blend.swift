import Foundation
import PageReelMedia

/// Premultiplied RGBA8 arithmetic on packed little-endian words (r in the low byte, a in the high),
/// two channels per 32-bit lane: (r, b) in `& 0x00FF00FF`, (g, a) in `>> 8 & 0x00FF00FF`.
enum Blend {
    /// `src` over `dst`, with an exact alpha: sa + da·(255 − sa)/255 rounded, so an opaque
    /// destination stays exactly opaque (255) under any source.
    ///
    /// The colour channels use the inverse alpha 256 − a − (a >> 7) in 16-bit lanes (a shift, no
    /// division, never carrying into the next channel); applied to alpha that approximation gives
    /// 254 for sa in 128…254 over 255, so a translucent layer left the canvas translucent. Alpha is
    /// therefore recomputed with the exact divide-by-255 identity. Colours keep the approximation:
    /// it is what every golden was recorded with, it is at most one level below the exact result
    /// rounded and never above it, and since the colour lanes are computed exactly like the old
    /// alpha lane, which never exceeds the exact alpha, a colour never exceeds its alpha.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let sa = src >> 24
        if sa == 255 { return src }
        if src == 0 { return dst }
        let inv = UInt64(256 &- sa &- (sa >> 7))
        let colour = src &+ narrow(((widen(dst) &* inv) &>> 8) & 0x00FF_00FF_00FF_00FF)
        let alpha = sa &+ Pixmap.div255(dst >> 24 &* (255 &- sa))
        return colour & 0x00FF_FFFF | alpha << 24
    }

    /// Every channel times k/256 (k in 0…256).
    @inline(__always)
    static func scale(_ p: UInt32, by k: Int) -> UInt32 {
        if k >= 256 { return p }
        if k <= 0 { return 0 }
        let m = UInt32(k)
        let rb = (((p & 0x00FF_00FF) &* m) >> 8) & 0x00FF_00FF
        let ga = ((((p >> 8) & 0x00FF_00FF) &* m) >> 8) & 0x00FF_00FF
        return rb | (ga << 8)
    }

    /// Colour channels times k/256, alpha kept: black laid over the pixel, clipped to it.
    @inline(__always)
    static func darken(_ p: UInt32, keep k: Int) -> UInt32 {
        if k >= 256 { return p }
        let m = UInt32(max(k, 0))
        let rb = (((p & 0x00FF_00FF) &* m) >> 8) & 0x00FF_00FF
        let g = ((((p >> 8) & 0xFF) &* m) >> 8) & 0xFF
        return rb | (g << 8) | (p & 0xFF00_0000)
    }

    /// a + (b − a)·t/256 per channel (t in 0…256).
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ t: Int) -> UInt32 {
        let wt = UInt32(t), ws = 256 &- wt
        let rb = ((((a & 0x00FF_00FF) &* ws) &+ ((b & 0x00FF_00FF) &* wt)) >> 8) & 0x00FF_00FF
        let ga = (((((a >> 8) & 0x00FF_00FF) &* ws) &+ (((b >> 8) & 0x00FF_00FF) &* wt)) >> 8) & 0x00FF_00FF
        return rb | (ga << 8)
    }

    /// The four channels of a packed pixel in 16-bit lanes: r, b, g, a at bits 0, 16, 32, 48.
    @inline(__always)
    static func widen(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x | (x &<< 24)) & 0x00FF_00FF_00FF_00FF
    }

    /// Packs widened lanes (each ≤ 255) back into a pixel.
    @inline(__always)
    static func narrow(_ v: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: v | (v &>> 24))
    }

    /// Bilinear blend of four texels with 8-bit weights wx, wy (0…255); the four weights sum to
    /// exactly 256, so wx = wy = 0 returns p00 unchanged.
    @inline(__always)
    static func bilinear(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, _ wx: Int, _ wy: Int) -> UInt32 {
        let w11 = (wx &* wy &+ 128) &>> 8
        let w01 = wx &- w11, w10 = wy &- w11, w00 = 256 &- wx &- wy &+ w11
        let sum = widen(p00) &* UInt64(w00) &+ widen(p01) &* UInt64(w01)
            &+ widen(p10) &* UInt64(w10) &+ widen(p11) &* UInt64(w11)
        return narrow((sum &>> 8) & 0x00FF_00FF_00FF_00FF)
    }

    /// A straight-alpha colour as a premultiplied word.
    static func premultiplied(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        let alpha = UInt32(a)
        let pr = (UInt32(r) * alpha + 127) / 255, pg = (UInt32(g) * alpha + 127) / 255
        let pb = (UInt32(b) * alpha + 127) / 255
        return pr | pg << 8 | pb << 16 | alpha << 24
    }
}

/// 0.5·erfc(x/√2): the fraction of a Gaussian of unit sigma beyond distance x, tabulated (it is
/// evaluated for every shadow pixel).
enum GaussianRamp {
    private static let range = 3.5
    private static let steps = 1024
    private static let table: [Double] = (0...steps).map { k in
        let x = -range + 2 * range * Double(k) / Double(steps)
        return 0.5 * erfc(x / 2.0.squareRoot())
    }

    @inline(__always)
    static func value(_ x: Double) -> Double {
        if x <= -range { return 1 }
        if x >= range { return 0 }
        let p = (x + range) / (2 * range) * Double(steps)
        let k = Int(p)
        let t = p - Double(k)
        return table[k] + (table[min(k + 1, steps)] - table[k]) * t
    }
}
