import CPixels
import PageReelTestSupport
import Testing

/// `pr_yuv420_rgba`, pagereel's own 4:2:0 → RGBA (the fast conversion that `diff` reads videos
/// with), against its formula written out here one pixel at a time: chroma brought up to each
/// luma row by swscale's bicubic weights, then across, then the matrix, in the same float
/// operations in the same order — so its SSE2 and AVX2 loops and their tails give the same words.
@Suite struct VideoConverterTests {
    static let near: Float = 0.871875, other: Float = 0.240625
    static let beyondNear: Float = -0.084375, beyondOther: Float = -0.028125

    /// The formula, pixel by pixel.
    static func expected(width: Int, height: Int, y: [UInt8], yStride: Int, u: [UInt8], v: [UInt8], cStride: Int,
                         m: (offset: Float, scale: Float, crv: Float, cgu: Float, cgv: Float, cbu: Float)) -> [UInt32] {
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        func clampRow(_ j: Int) -> Int { min(max(j, 0), ch - 1) }
        var out = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let j = row / 2, step = row % 2 == 1 ? 1 : -1
            let rows = [j, clampRow(j + step), clampRow(j - step), clampRow(j + 2 * step)]
            func upright(_ plane: [UInt8]) -> [Float] {
                (0..<cw).map { i -> Float in
                    let t0 = near * Float(plane[rows[0] * cStride + i]) + other * Float(plane[rows[1] * cStride + i])
                    let t1 = t0 + beyondNear * Float(plane[rows[2] * cStride + i])
                    return t1 + beyondOther * Float(plane[rows[3] * cStride + i]) - 128
                }
            }
            func across(_ c: [Float]) -> [Float] {
                func at(_ i: Int) -> Float { c[min(max(i, 0), cw - 1)] }
                return (0..<width).map { x -> Float in
                    let i = x / 2
                    // The even pixel of sample i leans to i − 1, the odd one to i + 1; the last of an
                    // odd width is an even one.
                    let s = x % 2 == 0 ? -1 : 1
                    let t0 = near * at(i) + other * at(i + s)
                    return t0 + beyondNear * at(i - s) + beyondOther * at(i + 2 * s)
                }
            }
            let uu = across(upright(u)), vv = across(upright(v))
            for x in 0..<width {
                let l = (Float(y[row * yStride + x]) - m.offset) * m.scale
                func byte(_ f: Float) -> UInt32 { UInt32(Int(min(max(f, 0), 255))) }
                let r = l + m.crv * vv[x] + 0.5
                let g = l - m.cgu * uu[x] - m.cgv * vv[x] + 0.5
                let b = l + m.cbu * uu[x] + 0.5
                out[row * width + x] = byte(r) | byte(g) << 8 | byte(b) << 16 | 0xFF00_0000
            }
        }
        return out
    }

    @Test(arguments: [(1, 1), (2, 2), (3, 5), (15, 4), (16, 3), (17, 9), (33, 7), (48, 2), (71, 6), (130, 3)])
    func conversionIsTheFormulaAtEverySize(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 1000 + height))
        let yStride = width + 5, cStride = (width + 1) / 2 + 3, ch = (height + 1) / 2
        let y = (0..<(yStride * height)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        // Chroma near grey mostly, with extremes, so some pixels clip.
        let u = (0..<(cStride * ch)).map { _ in UInt8(truncatingIfNeeded: random.next() % 4 == 0 ? random.next() : 100 + random.next() % 56) }
        let v = (0..<(cStride * ch)).map { _ in UInt8(truncatingIfNeeded: random.next() % 4 == 0 ? random.next() : 100 + random.next() % 56) }
        // BT.709 limited range as VideoConverter passes it (swscale's coefficients / 65536).
        let m: (offset: Float, scale: Float, crv: Float, cgu: Float, cgv: Float, cbu: Float) =
            (16, 255.0 / 219, 117_489 / 65536, 13_975 / 65536, 34_925 / 65536, 138_438 / 65536)
        var out = [UInt32](repeating: 0, count: width * height)
        var scratch = [Float](repeating: 0, count: Int(pr_yuv420_scratch(Int32(width))))
        pr_yuv420_rgba(&out, Int32(width), Int32(height), y, Int32(yStride), u, Int32(cStride), v, Int32(cStride),
                       m.offset, m.scale, m.crv, m.cgu, m.cgv, m.cbu, &scratch)
        let want = Self.expected(width: width, height: height, y: y, yStride: yStride, u: u, v: v, cStride: cStride, m: m)
        let wrong = (0..<out.count).filter { out[$0] != want[$0] }
        #expect(wrong.isEmpty, "\(width)×\(height): \(wrong.count) pixels differ, first at \(wrong.first.map { ($0 % width, $0 / width) }.debugDescription)")
        // Not a grey picture: colours both ways from grey, and some clipped.
        #expect(Set(out).count > min(width * height / 2, 3))
    }
}
