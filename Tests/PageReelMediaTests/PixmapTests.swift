import PageReelMedia
import Testing

/// The pixel container's arithmetic against the formulas written out in floating point.
@Suite struct PixmapTests {
    /// Every 8-bit product rounds to the nearest integer of x / 255 (x / 255 is never exactly half
    /// way: 2x would have to be an odd multiple of 255).
    @Test func div255RoundsEveryProductToNearest() {
        var wrong = 0
        for x in 0...(255 * 255) where Pixmap.div255(UInt32(x)) != UInt32((Double(x) / 255).rounded()) { wrong += 1 }
        #expect(wrong == 0)
    }

    @Test func premultiplyAndBack() {
        var rgba: [UInt8] = [200, 100, 50, 128, 10, 20, 30, 255, 255, 255, 255, 0]
        Pixmap.premultiply(&rgba)
        // (c · a + 127) / 255, truncated: 200·128 → 100, 100·128 → 50, 50·128 → 25.
        #expect(rgba == [100, 50, 25, 128, 10, 20, 30, 255, 0, 0, 0, 0])
        let back = Pixmap(width: 3, height: 1, pixels: rgba).unpremultipliedRGBA()
        #expect(back == [199, 100, 50, 128, 10, 20, 30, 255, 0, 0, 0, 0])
    }
}
