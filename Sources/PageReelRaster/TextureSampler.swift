import CSpans
import Foundation

/// Samples a `Texture`: bilinear on level 0, or trilinear across mip levels, clamped to the edges,
/// at level-0 texel coordinates in 16.16 fixed point (texel edges at integers). Holds raw buffer
/// pointers, so it lives only inside `withUnsafeBufferPointer`.
///
/// Spans are sampled by the C kernels of `CSpans` (SSE2; AVX2 where the CPU has it), which compute
/// the same integers as `Blend`; chunk spans that reach past a level's edge, and single samples, are
/// sampled here.
///
/// Minification uses a level-of-detail bias of −0.5: level 0 is used alone up to 1.41 texels per
/// pixel, which keeps slightly shrunken pages as crisp as Core Animation draws them (it does not
/// mipmap at all by default), while stronger minification still blends levels and does not shimmer.
struct TextureSampler {
    let texels: UnsafeBufferPointer<UInt32>
    let levels: UnsafeBufferPointer<Texture.Level>
    /// The levels with their size relative to level 0 (16.16), as the C kernels take them.
    private let mips: [pr_mip]

    static let lodBias = -0.5

    init(texels: UnsafeBufferPointer<UInt32>, levels: UnsafeBufferPointer<Texture.Level>) {
        self.texels = texels
        self.levels = levels
        let base = levels[0]
        mips = levels.map { level in
            pr_mip(texels: texels.baseAddress! + level.offset, width: level.width, height: level.height,
                   ratio_x: Int64((level.width << 16) / max(base.width, 1)),
                   ratio_y: Int64((level.height << 16) / max(base.height, 1)))
        }
    }

    /// Size of level `l` relative to level 0, in 16.16.
    @inline(__always)
    private func ratio(_ l: Int) -> (x: Int, y: Int) {
        (Int(mips[l].ratio_x), Int(mips[l].ratio_y))
    }

    /// Bilinear sample of level 0.
    @inline(__always)
    func bilinear(_ tx: Int, _ ty: Int) -> UInt32 {
        sample(levels[0], tx &- 32768, ty &- 32768)
    }

    /// Trilinear sample for a level of detail (log2 texels per pixel, with `lodBias` added).
    @inline(__always)
    func trilinear(_ tx: Int, _ ty: Int, biasedLOD lod: Double) -> UInt32 {
        let top = levels.count - 1
        if lod <= 0 || top == 0 { return bilinear(tx, ty) }
        let l0 = lod >= Double(top) ? top : Int(lod)
        let s0 = sampleScaled(l0, tx, ty)
        let t = l0 == top ? 0 : Int((lod - Double(l0)) * 256 + 0.5)
        if t == 0 { return s0 }
        return Blend.lerp(s0, sampleScaled(l0 + 1, tx, ty), t > 256 ? 256 : t)
    }

    @inline(__always)
    private func sampleScaled(_ l: Int, _ tx: Int, _ ty: Int) -> UInt32 {
        let r = ratio(l)
        return sample(levels[l], ((tx &* r.x) &>> 16) &- 32768, ((ty &* r.y) &>> 16) &- 32768)
    }

    /// Writes `count` fully covered trilinear samples stepped from (tx, ty) by (dx, dy), with the
    /// biased level of detail stepped from `lod` by `lodStep`. The pair of levels is chosen once for
    /// the chunk (from its smaller level of detail) and each level is stepped in fixed point.
    @inline(__always)
    func trilinearSpan(_ dst: UnsafeMutablePointer<UInt32>, count: Int, tx: Int, ty: Int, dx: Int, dy: Int,
                       lod: Double, lodStep: Double) {
        let top = levels.count - 1
        let low = max(0, min(lod, lod + lodStep * Double(count - 1)))
        let l0 = min(Int(low), top), l1 = min(l0 + 1, top)
        let a = levels[l0], b = levels[l1]
        let ra = ratio(l0), rb = ratio(l1)
        // Level coordinates (texel centres at integers) and their steps, in 16.16.
        var ax = ((tx &* ra.x) &>> 16) &- 32768, ay = ((ty &* ra.y) &>> 16) &- 32768
        var bx = ((tx &* rb.x) &>> 16) &- 32768, by = ((ty &* rb.y) &>> 16) &- 32768
        let adx = (dx &* ra.x) &>> 16, ady = (dy &* ra.y) &>> 16
        let bdx = (dx &* rb.x) &>> 16, bdy = (dy &* rb.y) &>> 16
        var level = lod - Double(l0)
        // Inside both levels no sample needs clamping (the common case, and a third faster).
        if Self.contains(a, x: ax, y: ay, dx: adx, dy: ady, count: count),
           Self.contains(b, x: bx, y: by, dx: bdx, dy: bdy, count: count) {
            pr_trilinear_span(dst, Int32(count), kernelLevel(a), Int64(ax), Int64(ay), Int64(adx), Int64(ady),
                              kernelLevel(b), Int64(bx), Int64(by), Int64(bdx), Int64(bdy), level, lodStep,
                              l0 == top ? 0 : 1)
            return
        }
        for k in 0..<count {
            let t = l0 == top ? 0 : Int(min(max(level, 0), 1) * 256 + 0.5)
            var p = sample(a, ax, ay)
            if t > 0 { p = Blend.lerp(p, sample(b, bx, by), t) }
            dst[k] = p >= 0xFF00_0000 ? p : Blend.over(p, dst[k])
            ax &+= adx; ay &+= ady; bx &+= bdx; by &+= bdy
            level += lodStep
        }
    }

    /// Writes `count` fully covered samples stepped from (tx, ty) by (dx, dy), each as the per-pixel
    /// path takes it — `trilinear(_:_:biasedLOD:)` at `lod` stepped by `lodStep` when `useMips`, else
    /// `bilinear(_:_:)` — scaled by k/256 (k ≤ 256; opacity) and laid over `dst`. Returns `lod` stepped
    /// `count` times.
    @inline(__always)
    func pixelSpan(_ dst: UnsafeMutablePointer<UInt32>, count: Int, tx: Int, ty: Int, dx: Int, dy: Int,
                   lod: Double, lodStep: Double, useMips: Bool, k: Int) -> Double {
        mips.withUnsafeBufferPointer { mips in
            pr_pixel_span(dst, Int32(count), mips.baseAddress, Int32(mips.count - 1), Int64(tx), Int64(ty), Int64(dx),
                          Int64(dy), lod, lodStep, useMips ? 1 : 0, Int32(k))
        }
    }

    /// Draws an unshaded page's whole chunks of a row from chunk `k` on, as `trilinearSpan` and
    /// `copySpan` draw each (`pr_draw_chunks`, with the row's chunk ends), a translucent page's
    /// samples scaled by `opacity`/256 and laid over; returns the first chunk it left to the caller.
    @inline(__always)
    func drawChunks(_ row: UnsafeMutablePointer<UInt32>, x0: Int, x1: Int, from k: Int, interior: (Int, Int),
                    hidden: (start: Int, end: Int), tx: UnsafePointer<Int64>, ty: UnsafePointer<Int64>,
                    lod: UnsafePointer<Double>?, opacity: Int = 256) -> Int {
        mips.withUnsafeBufferPointer { mips in
            Int(pr_draw_chunks(row, Int64(x0), Int64(x1), Int32(k), Int64(interior.0), Int64(interior.1),
                               Int64(hidden.start), Int64(hidden.end), tx, ty, lod, mips.baseAddress,
                               Int32(mips.count - 1), Int32(opacity)))
        }
    }

    /// Whether `count` samples of `level` stepped from (x, y) by (dx, dy) all have their 2×2 texels
    /// inside it. Stepping is linear, so the two ends bound every sample.
    @inline(__always)
    static func contains(_ level: Texture.Level, x: Int, y: Int, dx: Int, dy: Int, count: Int) -> Bool {
        let lastX = x &+ dx &* (count &- 1), lastY = y &+ dy &* (count &- 1)
        return min(x, lastX) >= 0 && min(y, lastY) >= 0
            && max(x, lastX) &>> 16 < level.width &- 1 && max(y, lastY) &>> 16 < level.height &- 1
    }

    /// `level` as the C kernels take it.
    @inline(__always)
    private func kernelLevel(_ level: Texture.Level) -> pr_level {
        pr_level(texels: texels.baseAddress! + level.offset, width: level.width)
    }

    /// Writes `count` fully covered level-0 samples stepped from (tx, ty) by (dx, dy), blending only
    /// texels that are not opaque.
    @inline(__always)
    func copySpan(_ dst: UnsafeMutablePointer<UInt32>, count: Int, tx: Int, ty: Int, dx: Int, dy: Int) {
        let level = levels[0]
        let maxX = level.width &- 1, maxY = level.height &- 1, stride = level.width, base = level.offset
        var x = tx &- 32768, y = ty &- 32768
        if Self.contains(level, x: x, y: y, dx: dx, dy: dy, count: count) {
            if dy == 0 && y & 0xFFFF == 0 {
                rowSpan(dst, count: count, level: level, x: x, y: y, dx: dx)
            } else {
                pr_bilinear_span(dst, Int32(count), kernelLevel(level), Int64(x), Int64(y), Int64(dx), Int64(dy))
            }
            return
        }
        for k in 0..<count {
            let ix = x &>> 16, iy = y &>> 16
            let wx = (x &>> 8) & 255, wy = (y &>> 8) & 255
            let x0 = ix < 0 ? 0 : (ix > maxX ? maxX : ix), y0 = iy < 0 ? 0 : (iy > maxY ? maxY : iy)
            let x1 = ix &+ 1 > maxX ? maxX : (ix &+ 1 < 0 ? 0 : ix &+ 1)
            let y1 = iy &+ 1 > maxY ? maxY : (iy &+ 1 < 0 ? 0 : iy &+ 1)
            let r0 = base &+ y0 &* stride, r1 = base &+ y1 &* stride
            let p = Blend.bilinear(texels[r0 &+ x0], texels[r0 &+ x1], texels[r1 &+ x0], texels[r1 &+ x1], wx, wy)
            dst[k] = p >= 0xFF00_0000 ? p : Blend.over(p, dst[k])
            x &+= dx
            y &+= dy
        }
    }

    /// `copySpan` along one texel row (y whole, not stepped; `contains` vouched for the texels):
    /// the bilinear blend's vertical weight is 0, so it is a lerp of two texels, and a plain copy
    /// where x steps by whole texels from a texel centre (a page at rest, or scrolled by whole pixels).
    /// The same words `sample(_:_:_:)` gives: its terms for the row below are multiplied by 0.
    @inline(__always)
    private func rowSpan(_ dst: UnsafeMutablePointer<UInt32>, count: Int, level: Texture.Level, x: Int, y: Int, dx: Int) {
        let row = texels.baseAddress! + level.offset + (y &>> 16) &* level.width
        if dx == 65536 {
            // A page at rest or sliding: every sample the same fraction between two texels.
            pr_row_lerp_span(dst, row + (x &>> 16), Int32(count), Int32((x &>> 8) & 255))
            return
        }
        var x = x
        for k in 0..<count {
            let i = x &>> 16, wx = (x &>> 8) & 255
            let p = Blend.narrow(((Blend.widen(row[i]) &* UInt64(256 &- wx) &+ Blend.widen(row[i &+ 1]) &* UInt64(wx)) &>> 8)
                                 & 0x00FF_00FF_00FF_00FF)
            dst[k] = p >= 0xFF00_0000 ? p : Blend.over(p, dst[k])
            x &+= dx
        }
    }

    /// Bilinear sample of `level` at (x, y) in 16.16 with texel centres at integers.
    @inline(__always)
    func sample(_ level: Texture.Level, _ x: Int, _ y: Int) -> UInt32 {
        let ix = x &>> 16, iy = y &>> 16
        let wx = (x &>> 8) & 255, wy = (y &>> 8) & 255
        let maxX = level.width &- 1, maxY = level.height &- 1
        let x0 = ix < 0 ? 0 : (ix > maxX ? maxX : ix)
        let y0 = iy < 0 ? 0 : (iy > maxY ? maxY : iy)
        let r0 = level.offset &+ y0 &* level.width
        let x1 = ix &+ 1 > maxX ? maxX : (ix &+ 1 < 0 ? 0 : ix &+ 1)
        let y1 = iy &+ 1 > maxY ? maxY : (iy &+ 1 < 0 ? 0 : iy &+ 1)
        let r1 = level.offset &+ y1 &* level.width
        return Blend.bilinear(texels[r0 &+ x0], texels[r0 &+ x1], texels[r1 &+ x0], texels[r1 &+ x1], wx, wy)
    }
}
