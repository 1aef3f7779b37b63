import Testing
@testable import PageReelRaster

/// Src-over in premultiplied 8-bit: alpha exact, colours never above alpha.
@Suite struct BlendTests {
    static func word(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 { r | g << 8 | b << 16 | a << 24 }

    /// Every source alpha over every destination alpha gives sa + da·(255 − sa)/255, rounded to
    /// nearest, worked out here in floating point; in particular an opaque destination stays 255.
    @Test func alphaIsExactForEveryPair() {
        var mismatches = 0
        for sa in UInt32(0)...255 {
            for da in UInt32(0)...255 {
                let src = Self.word(sa / 2, sa, sa / 3, sa), dst = Self.word(da, da / 2, 0, da)
                let a = Blend.over(src, dst) >> 24
                let exact = UInt32((Double(sa) + Double(da) * Double(255 - sa) / 255).rounded())
                if a != exact { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        // The case that used to fail: alpha 128…254 over an opaque pixel came out 254.
        #expect(Blend.over(Self.word(100, 50, 20, 179), Self.word(255, 255, 255, 255)) >> 24 == 255)
    }

    /// Colours keep the shift approximation (what the goldens were recorded with): at most one
    /// level below sc + dc·(255 − sa)/255 rounded, never above it, and never above the alpha.
    @Test func coloursStayWithinOneLevelAndBelowAlpha() {
        var outOfRange = 0, aboveAlpha = 0
        for sa in UInt32(1)...254 {
            for da in stride(from: UInt32(0), through: 255, by: 15) {
                for dc in stride(from: UInt32(0), through: da, by: 3) {
                    let sc = sa * 3 / 5
                    let out = Blend.over(Self.word(sc, sc / 2, sa, sa), Self.word(dc, dc / 3, da, da))
                    let exact = UInt32((Double(sc) + Double(dc) * Double(255 - sa) / 255).rounded())
                    let r = out & 0xFF
                    if r > exact || exact - r > 1 { outOfRange += 1 }
                    for shift in [0, 8, 16] as [UInt32] where (out >> shift) & 0xFF > out >> 24 { aboveAlpha += 1 }
                }
            }
        }
        #expect(outOfRange == 0)
        #expect(aboveAlpha == 0)
    }

    @Test func opaqueAndEmptySourcesAreShortcuts() {
        let dst = Self.word(10, 20, 30, 200)
        #expect(Blend.over(Self.word(1, 2, 3, 255), dst) == Self.word(1, 2, 3, 255))
        #expect(Blend.over(0, dst) == dst)
    }
}
