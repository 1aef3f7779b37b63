import CSpans
import Foundation
import PageReelMedia
@testable import PageReelRaster
import PageReelTestSupport
import Testing

/// The span kernels (SSE2 and AVX2 in C, and the copy along a texel row) against bilinear and
/// trilinear filtering written out here channel by channel: the same integers, to the bit.
@Suite struct TextureSamplerTests {
    /// A texture of random texels, a third of them translucent (premultiplied), with its mip chain.
    static func texture(width: Int, height: Int, seed: UInt64) -> Texture {
        var random = SplitMix64(seed: seed)
        var pixmap = Pixmap(width: width, height: height)
        for i in 0..<(width * height) {
            let a: UInt8 = random.next() % 3 == 0 ? UInt8.random(in: 0...254, using: &random) : 255
            for c in 0..<3 { pixmap.pixels[i * 4 + c] = UInt8.random(in: 0...a, using: &random) }
            pixmap.pixels[i * 4 + 3] = a
        }
        return Texture(pixmap)
    }

    /// Channel `c` (0…3) of a packed word.
    static func channel(_ p: UInt32, _ c: Int) -> Int { Int((p >> (8 * UInt32(c))) & 255) }

    /// Bilinear filtering by its definition: weights (256 − wx)(256 − wy)… rounded as
    /// `Blend.bilinear` documents (w11 = round(wx·wy/256), the four summing to 256), per channel.
    static func bilinear(_ t: Texture, level l: Int, _ x: Int, _ y: Int) -> UInt32 {
        let level = t.levels[l]
        let ix = x >> 16, iy = y >> 16, wx = (x >> 8) & 255, wy = (y >> 8) & 255
        let w11 = (wx * wy + 128) >> 8
        let w = [256 - wx - wy + w11, wx - w11, wy - w11, w11]
        let texels = [(ix, iy), (ix + 1, iy), (ix, iy + 1), (ix + 1, iy + 1)].map { tx, ty in
            // Clamped to the edges, as a sampler does outside the texture.
            t.texels[level.offset + min(max(ty, 0), level.height - 1) * level.width + min(max(tx, 0), level.width - 1)]
        }
        var out: UInt32 = 0
        for c in 0..<4 {
            let sum = (0..<4).reduce(0) { $0 + channel(texels[$1], c) * w[$1] }
            out |= UInt32(sum >> 8) << (8 * UInt32(c))
        }
        return out
    }

    /// a + (b − a)·t/256 per channel, as (a·(256 − t) + b·t) / 256 rounded down.
    static func lerp(_ a: UInt32, _ b: UInt32, _ t: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { out, c in
            out | UInt32((channel(a, c) * (256 - t) + channel(b, c) * t) >> 8) << (8 * UInt32(c))
        }
    }

    static func store(_ p: UInt32, over d: UInt32) -> UInt32 { p >= 0xFF00_0000 ? p : Blend.over(p, d) }

    /// Runs `body` with a sampler of `t`.
    static func withSampler(_ t: Texture, _ body: (TextureSampler) -> Void) {
        t.texels.withUnsafeBufferPointer { texels in
            t.levels.withUnsafeBufferPointer { levels in
                body(TextureSampler(texels: texels, levels: levels))
            }
        }
    }

    /// `sampler.drawChunks` on `row` with the ends and levels of detail given as arrays.
    static func drawChunks(_ sampler: TextureSampler, _ row: inout [UInt32], x0: Int, x1: Int, interior: (Int, Int),
                           hidden: (Int, Int), tx: [Int64], ty: [Int64], lod: [Double]?, opacity: Int = 256) -> Int {
        tx.withUnsafeBufferPointer { tx in
            ty.withUnsafeBufferPointer { ty in
                row.withUnsafeMutableBufferPointer { row in
                    func draw(_ lod: UnsafePointer<Double>?) -> Int {
                        sampler.drawChunks(row.baseAddress!, x0: x0, x1: x1, from: 0, interior: interior, hidden: hidden,
                                           tx: tx.baseAddress!, ty: ty.baseAddress!, lod: lod, opacity: opacity)
                    }
                    guard let lod else { return draw(nil) }
                    return lod.withUnsafeBufferPointer { draw($0.baseAddress) }
                }
            }
        }
    }

    /// 16.16 steps of every kind: arbitrary, along a texel row (fractional and whole-texel), mirrored,
    /// reaching the last texel row and column that a 2×2 block can start on.
    static let spans: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (3 << 16 + 12_345, 5 << 16 + 40_000, 71_003, 9_871),
        (10 << 16 + 32_768, 7 << 16, 50_000, 0),
        (2 << 16, 20 << 16, 65_536, 0),
        (7 << 16 + 20_000, 3 << 16, 65_536, 0),
        (31 << 16 + 65_535, 12 << 16, 65_536, 0),
        (60 << 16 + 100, 2 << 16 + 65_535, -123_456, 3_000),
        (0, 0, 65_536 * 3, 65_536 * 2),
        (46 << 16 + 65_535, 30 << 16 + 65_535, 0, 0),
    ]

    @Test func copySpanIsBilinearFilteringOverTheDestination() {
        let t = Self.texture(width: 48, height: 32, seed: 11)
        var random = SplitMix64(seed: 12)
        var checked = 0
        Self.withSampler(t) { sampler in
            for span in Self.spans {
                let count = 16
                // Translucent, valid premultiplied pixels underneath (colours ≤ alpha).
                let under = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0x7F7F_7F7F | 0x7F00_0000 }
                var dst = under
                // copySpan takes texel-edge coordinates: centres are half a texel further.
                dst.withUnsafeMutableBufferPointer { d in
                    sampler.copySpan(d.baseAddress!, count: count, tx: span.x + 32768, ty: span.y + 32768,
                                     dx: span.dx, dy: span.dy)
                }
                for k in 0..<count {
                    let expected = Self.store(Self.bilinear(t, level: 0, span.x + k * span.dx, span.y + k * span.dy),
                                              over: under[k])
                    #expect(dst[k] == expected, "span \(span) pixel \(k)")
                    checked += 1
                }
            }
        }
        #expect(checked == Self.spans.count * 16)
    }

    @Test(arguments: [(0.0, 0.09), (-0.6, 0.1), (0.7, 0.05), (0.2, -0.03), (1.2, 0.02), (6.5, 0.01)])
    func trilinearSpanBlendsTwoLevelsByTheLevelOfDetail(lod: Double, step: Double) {
        let t = Self.texture(width: 64, height: 64, seed: 21)
        var random = SplitMix64(seed: 22)
        var blended = 0
        Self.withSampler(t) { sampler in
            let count = 16
            let (tx, ty, dx, dy) = (5 << 16 + 777, 9 << 16 + 31_000, 90_000, 20_000)
            let under = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0x3F3F_3F3F | 0x4000_0000 }
            var dst = under
            dst.withUnsafeMutableBufferPointer { d in
                sampler.trilinearSpan(d.baseAddress!, count: count, tx: tx, ty: ty, dx: dx, dy: dy, lod: lod, lodStep: step)
            }
            // The pair of levels is chosen from the chunk's smaller level of detail; each level's
            // coordinates are level 0's scaled by its size (16.16), centres at integers.
            // The top level (1×1) blends with nothing. Level l is 2^l times smaller: its
            // coordinates start at level 0's shifted and step by its steps shifted.
            let top = t.levels.count - 1
            let low = max(0, min(lod, lod + step * Double(count - 1)))
            let l0 = min(Int(low), top), l1 = min(l0 + 1, top)
            var level = lod - Double(l0)
            for k in 0..<count {
                let at = { (l: Int) in ((tx >> l) - 32768 + k * (dx >> l), (ty >> l) - 32768 + k * (dy >> l)) }
                let (ax, ay) = at(l0), (bx, by) = at(l1)
                let tt = l0 == top ? 0 : Int(min(max(level, 0), 1) * 256 + 0.5)
                var p = Self.bilinear(t, level: l0, ax, ay)
                if tt > 0 {
                    p = Self.lerp(p, Self.bilinear(t, level: l1, bx, by), tt)
                    blended += 1
                }
                #expect(dst[k] == Self.store(p, over: under[k]), "lod \(lod) pixel \(k)")
                level += step
            }
        }
        #expect(blended > 0 || lod > 6)
    }

    /// A random premultiplied word of alpha `a` (each colour at most `a`).
    static func premultiplied(alpha a: UInt32, _ random: inout SplitMix64) -> UInt32 {
        (0..<3).reduce(a << 24) { word, c in word | UInt32.random(in: 0...a, using: &random) << (8 * UInt32(c)) }
    }

    /// Translucent, valid premultiplied pixels to draw over (colours ≤ alpha).
    static func underneath(_ count: Int, _ random: inout SplitMix64) -> [UInt32] {
        (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0x3F3F_3F3F | 0x4000_0000 }
    }

    /// Level `l` of `t` as the kernels take it.
    static func kernelLevel(_ t: UnsafeBufferPointer<UInt32>, _ texture: Texture, _ l: Int) -> pr_level {
        pr_level(texels: t.baseAddress! + texture.levels[l].offset, width: texture.levels[l].width)
    }

    /// The kernels take eight samples at a time where the CPU has AVX2, else one: checked against the
    /// CPU's own flags, so the tests below run the eight- and four-sample kernels on such a machine.
    @Test func eightSamplesAtATimeWhereTheCPUHasAVX2() {
        #expect(!HostCPU.flags.isEmpty)
        #expect(pr_spans_width() == (HostCPU.hasAVX2 ? 8 : 1))
    }

    /// Every span length from 1 to 19 — groups of eight, of four and the samples left after them — through
    /// the dispatched kernel and the one-sample one, for spans of every kind.
    @Test(arguments: 1...19)
    func bilinearSpansAreFilteringAtEveryLength(count: Int) {
        let t = Self.texture(width: 48, height: 32, seed: 31)
        var random = SplitMix64(seed: UInt64(count))
        var checked = 0
        // The kernels take spans whose 2×2 texels all lie inside the level (the sampler checks).
        let inside = Self.spans.filter { span in
            [0, count - 1].allSatisfy { k in
                let x = span.x + k * span.dx, y = span.y + k * span.dy
                return x >= 0 && y >= 0 && x >> 16 < 48 - 1 && y >> 16 < 32 - 1
            }
        }
        #expect(inside.count >= 4)
        t.texels.withUnsafeBufferPointer { texels in
            let level = Self.kernelLevel(texels, t, 0)
            for span in inside {
                let under = Self.underneath(count, &random)
                for kernel in [pr_bilinear_span, pr_bilinear_span_1] {
                    var dst = under
                    dst.withUnsafeMutableBufferPointer { d in
                        kernel(d.baseAddress!, Int32(count), level, Int64(span.x), Int64(span.y), Int64(span.dx), Int64(span.dy))
                    }
                    for k in 0..<count {
                        let expected = Self.store(Self.bilinear(t, level: 0, span.x + k * span.dx, span.y + k * span.dy),
                                                  over: under[k])
                        #expect(dst[k] == expected, "span \(span) count \(count) pixel \(k)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 2 * inside.count * count)
    }

    /// `pr_row_lerp_span` (a page at rest or sliding along a texel row) at every length from 1 to 19 —
    /// groups of eight, of four, and the words after them — and every kind of fraction, against the
    /// lerp of two texels written out above, over translucent pixels.
    @Test(arguments: 1...19)
    func rowLerpSpansAreFilteringAtEveryLength(count: Int) {
        let t = Self.texture(width: 48, height: 4, seed: 41)
        var random = SplitMix64(seed: 100 + UInt64(count))
        var checked = 0
        t.texels.withUnsafeBufferPointer { texels in
            for (start, w) in [(0, 0), (3, 1), (7, 128), (48 - count - 1, 255), (11, 77)] {
                let under = Self.underneath(count, &random)
                var dst = under
                dst.withUnsafeMutableBufferPointer { d in
                    pr_row_lerp_span(d.baseAddress!, texels.baseAddress! + 48 + start, Int32(count), Int32(w))
                }
                for k in 0..<count {
                    let a = t.texels[48 + start + k], b = t.texels[48 + start + k + 1]
                    #expect(dst[k] == Self.store(Self.lerp(a, b, w), over: under[k]), "start \(start) w \(w) pixel \(k)")
                    checked += 1
                }
            }
        }
        #expect(checked == 5 * count)
    }

    /// `pr_over_span` (a sprite's translucent runs) at every length from 1 to 19 against src-over
    /// written out channel by channel: each colour sc + dc·(256 − sa − sa/128)/256 rounded down, alpha
    /// sa + da·(255 − sa)/255 rounded to nearest; sources empty, opaque and translucent, over pixels
    /// of every alpha.
    @Test(arguments: 1...19)
    func overSpansAreSrcOverAtEveryLength(count: Int) {
        var random = SplitMix64(seed: 200 + UInt64(count))
        func premultiplied(alpha a: UInt32) -> UInt32 { Self.premultiplied(alpha: a, &random) }
        var checked = 0
        for _ in 0..<20 {
            let src = (0..<count).map { _ -> UInt32 in
                switch random.next() % 4 {
                case 0: 0
                case 1: premultiplied(alpha: 255)
                default: premultiplied(alpha: UInt32.random(in: 0...254, using: &random))
                }
            }
            let under = (0..<count).map { _ in premultiplied(alpha: UInt32.random(in: 0...255, using: &random)) }
            var dst = under
            dst.withUnsafeMutableBufferPointer { d in
                src.withUnsafeBufferPointer { pr_over_span(d.baseAddress!, $0.baseAddress!, Int32(count)) }
            }
            for k in 0..<count {
                let sa = Int(src[k] >> 24), da = Int(under[k] >> 24), inv = 256 - sa - sa / 128
                var expected = UInt32((Double(sa) + Double(da) * Double(255 - sa) / 255).rounded()) << 24
                for c in 0..<3 {
                    expected |= UInt32(Self.channel(src[k], c) + Self.channel(under[k], c) * inv / 256) << (8 * UInt32(c))
                }
                #expect(dst[k] == expected, "\(String(src[k], radix: 16)) over \(String(under[k], radix: 16))")
                checked += 1
            }
        }
        #expect(checked == 20 * count)
    }

    /// `pr_scale_over_span` (a translucent page's samples) at every length from 1 to 19 and opacities
    /// from 0 to 256: each channel of the source times k/256 rounded down, then laid over as
    /// `Blend.over` lays it (checked against its definition above).
    @Test(arguments: 1...19)
    func scaledSpansAreScaledThenLaidOver(count: Int) {
        var random = SplitMix64(seed: 300 + UInt64(count))
        var checked = 0
        for k in [0, 1, 77, 128, 200, 255, 256] {
            let src = (0..<count).map { _ in
                Self.premultiplied(alpha: random.next() % 3 == 0 ? UInt32.random(in: 0...254, using: &random) : 255, &random)
            }
            let under = Self.underneath(count, &random)
            var dst = under
            dst.withUnsafeMutableBufferPointer { d in
                src.withUnsafeBufferPointer { pr_scale_over_span(d.baseAddress!, $0.baseAddress!, Int32(count), Int32(k)) }
            }
            for i in 0..<count {
                let scaled = (0..<4).reduce(UInt32(0)) { $0 | UInt32(Self.channel(src[i], $1) * k / 256) << (8 * UInt32($1)) }
                #expect(dst[i] == Blend.over(scaled, under[i]), "k \(k) pixel \(i)")
                checked += 1
            }
        }
        #expect(checked == 7 * count)
    }

    /// `pr_draw_chunks` against the sampler drawing the same chunks one by one (`trilinearSpan` where
    /// a chunk's level of detail passes 0, else `copySpan`; a translucent page's samples scaled and
    /// laid over): the same words; hidden chunks untouched;
    /// and it stops at the first chunk not wholly inside the interior, or reaching past the texture.
    @Test func chunkRunsAreTheChunksDrawnOneByOne() {
        let t = Self.texture(width: 96, height: 64, seed: 51)
        var random = SplitMix64(seed: 52)
        // A row of 100 pixels from x0 = 3 (seven chunks, the last of four pixels), its ends stepping
        // about 0.6 texels a pixel plus a little down (so not a row of texels), and a level of detail
        // crossing 0 in the third chunk.
        let x0 = 3, x1 = 103, count = 8
        let tx = (0..<count).map { Int64(2 << 16 + min($0 * 16, x1 - x0) * 39_000 + $0 * 700) }
        let ty = (0..<count).map { Int64(5 << 16 + min($0 * 16, x1 - x0) * 3_000) }
        let lod = (0..<count).map { -0.9 + 0.35 * Double($0) }
        let under = Self.underneath(x1, &random)
        for opacity in [256, 100] {
            for (in0, in1, hidden, stop) in [(3, 103, (0, 0), 7), (3, 60, (0, 0), 3), (19, 103, (35, 67), 0), (0, 200, (35, 67), 7)] {
                var fast = under, slow = under
                var stopped = -1
                Self.withSampler(t) { sampler in
                    stopped = Self.drawChunks(sampler, &fast, x0: x0, x1: x1, interior: (in0, in1), hidden: hidden,
                                              tx: tx, ty: ty, lod: lod, opacity: opacity)
                    for k in 0..<stop {
                        let x = x0 + 16 * k, n = min(16, x1 - x)
                        if x >= hidden.0 && x + n <= hidden.1 { continue }
                        let dx = Int(tx[k + 1] - tx[k]) / n, dy = Int(ty[k + 1] - ty[k]) / n
                        // A translucent page's samples: taken over clear words, scaled, laid over.
                        var samples = opacity < 256 ? [UInt32](repeating: 0, count: n) : Array(slow[x..<(x + n)])
                        samples.withUnsafeMutableBufferPointer { dst in
                            if max(lod[k], lod[k + 1]) > 0 {
                                sampler.trilinearSpan(dst.baseAddress!, count: n, tx: Int(tx[k]), ty: Int(ty[k]), dx: dx, dy: dy,
                                                      lod: lod[k], lodStep: (lod[k + 1] - lod[k]) / Double(n))
                            } else {
                                sampler.copySpan(dst.baseAddress!, count: n, tx: Int(tx[k]), ty: Int(ty[k]), dx: dx, dy: dy)
                            }
                        }
                        for i in 0..<n {
                            slow[x + i] = opacity < 256 ? Blend.over(Blend.scale(samples[i], by: opacity), slow[x + i]) : samples[i]
                        }
                    }
                }
                #expect(stopped == stop, "interior \(in0)..<\(in1)")
                #expect(fast == slow, "interior \(in0)..<\(in1), hidden \(hidden)")
                #expect(fast[38..<64] == under[38..<64] || hidden == (0, 0))
                #expect(fast != under || stop == 0)
            }
        }
    }

    /// An opaque page at rest or sliding: chunks along one texel row at a whole texel a pixel, which
    /// `pr_draw_chunks` draws as one run while each continues the last — the same words as
    /// `copySpan` chunk by chunk, where the runs break too: at a hidden chunk, at a chunk whose start
    /// moves to the next fraction (its steps still a whole texel), and at the partial chunk at the end.
    @Test(arguments: [0, 77, 255])
    func rowRunsAreTheChunksDrawnOneByOne(fraction: Int) {
        let t = Self.texture(width: 160, height: 16, seed: 61)
        var random = SplitMix64(seed: 62 + UInt64(fraction))
        let x0 = 5, x1 = 135, count = 10   // nine chunks, the last of two pixels
        // From chunk 6 on, ten 1/65536ths of a texel further: past the next 1/256th.
        let tx = (0..<count).map { Int64(3 << 16 + 32_768 + fraction << 8 + 0xF8 + min($0 * 16, x1 - x0) * 65_536 + ($0 >= 6 ? 10 : 0)) }
        let ty = [Int64](repeating: Int64(7 << 16 + 32_768), count: count)
        let under = Self.underneath(x1, &random)
        for hidden in [(0, 0), (37, 69)] {
            var fast = under, slow = under
            var stopped = -1
            Self.withSampler(t) { sampler in
                stopped = Self.drawChunks(sampler, &fast, x0: x0, x1: x1, interior: (x0, x1), hidden: hidden,
                                          tx: tx, ty: ty, lod: nil)
                for k in 0..<(count - 1) {
                    let x = x0 + 16 * k, n = min(16, x1 - x)
                    if x >= hidden.0 && x + n <= hidden.1 { continue }
                    let dx = Int(tx[k + 1] - tx[k]) / n
                    #expect(dx == 65_536)
                    slow.withUnsafeMutableBufferPointer { row in
                        sampler.copySpan(row.baseAddress! + x, count: n, tx: Int(tx[k]), ty: Int(ty[k]), dx: dx, dy: 0)
                    }
                }
            }
            #expect(stopped == count - 1, "hidden \(hidden)")
            #expect(fast == slow, "hidden \(hidden)")
            #expect(fast[37..<69] == under[37..<69] || hidden == (0, 0))
            #expect(fast[..<37] != under[..<37])
        }
    }

    /// Two levels blended by a level of detail that crosses 0 and 1 inside a group of four, and the
    /// top level (no blend), at every span length from 1 to 19.
    @Test(arguments: 1...19)
    func trilinearSpansAreFilteringAtEveryLength(count: Int) {
        let t = Self.texture(width: 64, height: 64, seed: 41)
        var random = SplitMix64(seed: 100 + UInt64(count))
        var blended = 0
        t.texels.withUnsafeBufferPointer { texels in
            // Level 1 (32×32) toward level 2, and level 2 alone as if it were the top.
            for (lod, step, blend) in [(-0.13, 0.05, true), (0.9, 0.031, true), (0.5, -0.07, true), (0.5, 0.01, false)] {
                let (ax, ay, adx, ady) = (3 << 16 + 777, 5 << 16 + 31_000, 70_000, 20_000)
                let (bx, by, bdx, bdy) = (1 << 16 + 40_000, 2 << 16 + 15_500, 35_000, 10_000)
                let under = Self.underneath(count, &random)
                for kernel in [pr_trilinear_span, pr_trilinear_span_1] {
                    var dst = under
                    dst.withUnsafeMutableBufferPointer { d in
                        kernel(d.baseAddress!, Int32(count), Self.kernelLevel(texels, t, 1), Int64(ax), Int64(ay),
                               Int64(adx), Int64(ady), Self.kernelLevel(texels, t, 2), Int64(bx), Int64(by),
                               Int64(bdx), Int64(bdy), lod, step, blend ? 1 : 0)
                    }
                    var level = lod
                    for k in 0..<count {
                        let tt = blend ? Int(min(max(level, 0), 1) * 256 + 0.5) : 0
                        var p = Self.bilinear(t, level: 1, ax + k * adx, ay + k * ady)
                        if tt > 0 {
                            p = Self.lerp(p, Self.bilinear(t, level: 2, bx + k * bdx, by + k * bdy), tt)
                            blended += 1
                        }
                        #expect(dst[k] == Self.store(p, over: under[k]), "lod \(lod) count \(count) pixel \(k)")
                        level += step
                    }
                }
            }
        }
        #expect(blended > 0)
    }

    /// `TextureSampler.trilinear` by its definition: level 0 alone at or below a level of detail of
    /// 0, else the level below it blended toward the next by the fraction, each sampled (clamped) at
    /// level 0's coordinates scaled to it.
    static func trilinear(_ t: Texture, _ tx: Int, _ ty: Int, lod: Double) -> UInt32 {
        let top = t.levels.count - 1
        if lod <= 0 || top == 0 { return bilinear(t, level: 0, tx - 32768, ty - 32768) }
        let l0 = lod >= Double(top) ? top : Int(lod)
        func at(_ l: Int) -> UInt32 {
            let rx = (t.levels[l].width << 16) / t.levels[0].width, ry = (t.levels[l].height << 16) / t.levels[0].height
            return bilinear(t, level: l, ((tx * rx) >> 16) - 32768, ((ty * ry) >> 16) - 32768)
        }
        let blend = l0 == top ? 0 : Int((lod - Double(l0)) * 256 + 0.5)
        return blend == 0 ? at(l0) : lerp(at(l0), at(l0 + 1), min(blend, 256))
    }

    /// `pr_pixel_span` at every length from 1 to 19 (groups of four and the samples after them):
    /// each sample trilinear at its own level of detail — crossing 0 and 1 inside a group, past the
    /// top level, clamped at the texture's edges — or bilinear, opaque or at an opacity.
    @Test(arguments: 1...19)
    func pixelSpansAreTrilinearPerPixelAtEveryLength(count: Int) {
        // Level sizes 60×40, 30×20, 15×10, 7×5…: the levels' x and y ratios part at level 3.
        let t = Self.texture(width: 60, height: 40, seed: 53)
        var random = SplitMix64(seed: 200 + UInt64(count))
        let spans: [(tx: Int, ty: Int, dx: Int, dy: Int, lod: Double, step: Double)] = [
            (5 << 16 + 1_234, 9 << 16 + 40_000, 98_765, 23_456, 0.8, 0.05),
            (20 << 16, 11 << 16 + 7, 131_072, -4_000, -0.1, 0.04),
            (8 << 16 + 99, 30 << 16, 140_000, 6_000, 1.3, 0),
            (3 << 16, 4 << 16, 300_000, 300_000, 4.6, 0.2),
            (-(3 << 16), 47 << 16 + 50_000, 90_000, 1_000, 1.1, -0.03),
            (60 << 16, 2 << 16, 70_000, -70_000, 2.5, 0.01),
            // Inside level 1, past the edge of level 2.
            (58 << 16 + 10_000, 20 << 16 + 5_000, 1_000, 500, 1.5, 0),
            (9 << 16 + 4_321, 7 << 16 + 1_234, 250_000, 200_000, 2.4, 0.02),
        ]
        var checked = 0
        let mips = t.levels.map { level in
            pr_mip(texels: nil, width: level.width, height: level.height,
                   ratio_x: Int64((level.width << 16) / t.levels[0].width),
                   ratio_y: Int64((level.height << 16) / t.levels[0].height))
        }
        t.texels.withUnsafeBufferPointer { texels in
            let levels = zip(mips, t.levels).map { mip, level in
                var mip = mip
                mip.texels = texels.baseAddress! + level.offset
                return mip
            }
            for span in spans {
                for (useMips, k) in [(true, 256), (true, 200), (false, 256), (false, 131)] {
                    let under = Self.underneath(count, &random)
                    var dst = under
                    let lod = dst.withUnsafeMutableBufferPointer { d in
                        pr_pixel_span(d.baseAddress!, Int32(count), levels, Int32(levels.count - 1), Int64(span.tx),
                                      Int64(span.ty), Int64(span.dx), Int64(span.dy), span.lod, span.step,
                                      useMips ? 1 : 0, Int32(k))
                    }
                    var level = span.lod
                    for i in 0..<count {
                        let x = span.tx + i * span.dx, y = span.ty + i * span.dy
                        let p = useMips ? Self.trilinear(t, x, y, lod: level) : Self.bilinear(t, level: 0, x - 32768, y - 32768)
                        let expected = k >= 256 ? Self.store(p, over: under[i]) : Blend.over(Blend.scale(p, by: k), under[i])
                        #expect(dst[i] == expected, "span \(span) mips \(useMips) k \(k) count \(count) pixel \(i)")
                        level += span.step
                        checked += 1
                    }
                    #expect(lod.bitPattern == level.bitPattern)
                }
            }
        }
        #expect(checked == spans.count * 4 * count)
    }
}
