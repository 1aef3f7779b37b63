import CSpans
import Foundation
import PageReelDeck
import PageReelMedia
import PageReelScene

/// Draws one convex quad — a rectangle of a local plane under a 4×4 transform — into premultiplied
/// RGBA pixels: the kernel every page, shadow and overlay goes through.
///
/// Design note (a hot kernel, hence a long file): geometry → coverage → shading → blend, per
/// scanline span.
/// - Geometry: the local rectangle's corners are projected with the transform (clipped to w > ε in
///   front of the eye); each scanline's span comes from the convex device polygon with the pixel
///   centre rule, edges evaluated from their lower endpoint so two quads sharing an edge split its
///   pixels exactly (no seam, no double blend). Anti-aliased sides are first pushed out by one device
///   pixel (in local units) so partly covered pixels get visited.
/// - Coverage: the signed distance to the rounded outline (and to the anti-aliased sides) in local
///   units, divided by the length of its screen-space gradient (Jᵀn, J = ∂(u,v)/∂(x,y) of the inverse
///   homography): an analytic, perspective-correct one-pixel ramp. An inner polygon (the outline inset
///   past its corners and the ramp) gives each row an interior span that skips it.
/// - Shading: perspective-correct local coordinates per pixel (one division), then a bilinear sample
///   of level 0, or a trilinear blend of two mip levels where minified (level of detail computed every
///   16 pixels and interpolated); solid colours; a Gaussian ramp for shadows.
/// - Blend: src-over in premultiplied 8-bit, two channels per 32-bit lane; full coverage of an opaque
///   texel stores it unchanged, which keeps the identity transform pixel-exact.
/// The kernel renders a band of rows, so callers split a frame across cores without locks.
struct QuadRasterizer: Sendable {
    /// What fills the quad.
    enum Paint: Sendable {
        /// Texels at local (u, v) are at ((u − origin.x)·scale.x, (v − origin.y)·scale.y) of level 0.
        case texture(Texture, origin: (x: Double, y: Double), scale: (x: Double, y: Double), shading: Shading?)
        /// A premultiplied colour.
        case solid(UInt32)
        /// A Gaussian-blurred rounded outline: colour (straight alpha) and sigma in local units.
        case shadow(Color, sigma: Double)
    }

    let paint: Paint
    let opacity: Double
    // Inverse homography, device → local: u = (a·x + b·y + c)/w, v = (d·x + e·y + f)/w, w = g·x + h·y + i,
    // signed so that w > 0 in front of the eye.
    private let a, b, c, d, e, f, g, h, i: Double
    private let outer: DevicePolygon
    /// Where coverage is certainly full (empty when unknown).
    private let inner: [DevicePolygon]
    /// Where a texture that is not opaque throughout (a layer) is certainly drawn opaque: its
    /// `opaqueRects`, inset by two texels, within `inner`; empty when unknown.
    private let opaqueInner: [DevicePolygon]
    /// Rows [firstRow, endRow) that the quad touches.
    let firstRow: Int
    let endRow: Int
    /// Columns [clipLeft, clipRight) it may draw into, narrowed in the clip's rounded corners.
    private let clipLeft, clipRight: Int
    private let clip: PixelBox?
    // The rounded outline (centre, half size, radius) and the anti-aliased sides of the source rect.
    private let cx, cy, hw, hh, radius: Double
    private let aaLeft, aaTop, aaRight, aaBottom: Double
    /// Half of the largest gradient length: pixels whose distance is below −halfGradient are inside.
    private let halfGradient: Double
    /// Whether any part of the quad is minified (so mip levels must be chosen per pixel).
    let minified: Bool
    /// The source rectangle's left edge and width, across which shading runs.
    private let shadeX0, shadeWidth: Double

    /// Prepares `source` (local units) drawn through `transform` (local → device pixels) with `outline`
    /// as the anti-aliased rounded shape; nil if nothing of it is in front of the eye.
    init?(transform m: Matrix4, source: Rect, outline: Rect, cornerRadius: Double, antialiased: EdgeMask,
          opacity: Double, paint: Paint, clipHeight: Int, clip: PixelBox? = nil) {
        let forward = Homography(m)
        guard let inverse = forward.inverse, opacity > 0 else { return nil }
        (a, b, c, d, e, f, g, h, i) = inverse.coefficients
        self.paint = paint
        self.opacity = min(opacity, 1)
        shadeX0 = source.x
        shadeWidth = source.width

        cx = outline.x + outline.width / 2
        cy = outline.y + outline.height / 2
        hw = outline.width / 2
        hh = outline.height / 2
        radius = min(max(cornerRadius, 0), hw, hh)

        // Local units per device pixel, largest at one of the projected corners.
        let norms = Self.cornerNorms(source, forward: forward, inverse: inverse)
        let largest = norms.max() ?? 1
        let push = min(largest, max(source.width, source.height) * 0.25) * 1.05
        halfGradient = 0.5 * largest * 1.1

        // The local polygon: the source rect, anti-aliased sides pushed out by one pixel.
        let left = antialiased.contains(.left), right = antialiased.contains(.right)
        let top = antialiased.contains(.top), bottom = antialiased.contains(.bottom)
        let x0 = source.x - (left ? push : 0), x1 = source.x + source.width + (right ? push : 0)
        let y0 = source.y - (top ? push : 0), y1 = source.y + source.height + (bottom ? push : 0)
        aaLeft = left ? source.x : -.infinity
        aaRight = right ? source.x + source.width : .infinity
        aaTop = top ? source.y : -.infinity
        aaBottom = bottom ? source.y + source.height : .infinity

        guard let outer = forward.polygon(x0, y0, x1, y1) else { return nil }
        self.outer = outer
        firstRow = max(clip?.top ?? 0, Int((outer.minY - 0.5).rounded(.up)))
        endRow = min(clip?.bottom ?? clipHeight, clipHeight, Int((outer.maxY - 0.5).rounded(.up)))
        clipLeft = clip?.left ?? 0
        clipRight = clip?.right ?? Int.max
        self.clip = clip
        guard firstRow < endRow else { return nil }

        // Interior: the source ∩ outline, inset by the ramp on anti-aliased sides, as a cross of two
        // rectangles that avoid the rounded corners. Skipped when any part is behind the eye.
        let margin = largest * 1.1 + 1e-9
        let ix0 = max(source.x, outline.x + margin), ix1 = min(source.x + source.width, outline.x + outline.width - margin)
        let iy0 = max(source.y, outline.y + margin), iy1 = min(source.y + source.height, outline.y + outline.height - margin)
        let inset = radius + margin
        var inner: [DevicePolygon] = []
        if norms.count == 4 {
            let crossX0 = max(ix0, outline.x + inset), crossX1 = min(ix1, outline.x + outline.width - inset)
            let crossY0 = max(iy0, outline.y + inset), crossY1 = min(iy1, outline.y + outline.height - inset)
            if ix0 < ix1, crossY0 < crossY1, let p = forward.polygon(ix0, crossY0, ix1, crossY1) { inner.append(p) }
            if crossX0 < crossX1, iy0 < iy1, let p = forward.polygon(crossX0, iy0, crossX1, iy1) { inner.append(p) }
        }
        self.inner = inner

        if case .texture(_, _, let scale, _) = paint {
            minified = Self.minifies(largest: largest, texelsPerUnit: max(abs(scale.x), abs(scale.y)))
        } else {
            minified = false
        }
        // A sample of level l reads 2×2 of its texels, each the mean of 2^l × 2^l of level 0's, so
        // it stays within 2^(l+1) texels of its point; the chunks' linear stepping strays well
        // under a texel from the exact point. The deepest level sampled is one past the largest
        // level of detail (its Jacobian norm bounds the one the sampler uses).
        var opaqueInner: [DevicePolygon] = []
        if case .texture(let texture, let origin, let scale, nil) = paint, !texture.isOpaque,
           opacity >= 1, norms.count == 4, scale.x > 0, scale.y > 0 {
            let lod = log2(largest * max(scale.x, scale.y)) + TextureSampler.lodBias
            let deepest = minified ? min(Int(max(lod, 0).rounded(.down)) + 1, texture.levels.count - 1) : 0
            let edge = (1 << (deepest + 1)) + 1
            for r in texture.opaqueRects {
                let ox0 = max(ix0, origin.x + Double(r.x0 + edge) / scale.x)
                let ox1 = min(ix1, origin.x + Double(r.x1 - edge) / scale.x)
                let oy0 = max(iy0, origin.y + Double(r.y0 + edge) / scale.y)
                let oy1 = min(iy1, origin.y + Double(r.y1 - edge) / scale.y)
                // Inside the outline's corners too: the cross of the interior, as above.
                let crossX0 = max(ox0, outline.x + inset), crossX1 = min(ox1, outline.x + outline.width - inset)
                let crossY0 = max(oy0, outline.y + inset), crossY1 = min(oy1, outline.y + outline.height - inset)
                if ox0 < ox1, crossY0 < crossY1, let p = forward.polygon(ox0, crossY0, ox1, crossY1) { opaqueInner.append(p) }
                if crossX0 < crossX1, oy0 < oy1, let p = forward.polygon(crossX0, oy0, crossX1, oy1) { opaqueInner.append(p) }
            }
        }
        self.opaqueInner = opaqueInner
    }

    /// Whether `source` drawn through `transform` makes a texture of `texelsPerUnit` smaller
    /// anywhere (so that it needs its mip chain).
    static func minifies(_ transform: Matrix4, source: Rect, texelsPerUnit: Double) -> Bool {
        let forward = Homography(transform)
        guard let inverse = forward.inverse else { return false }
        let norms = cornerNorms(source, forward: forward, inverse: inverse)
        return minifies(largest: norms.max() ?? 1, texelsPerUnit: texelsPerUnit)
    }

    /// Local units per device pixel at each of `source`'s corners in front of the eye.
    private static func cornerNorms(_ source: Rect, forward: Homography, inverse: Homography) -> [Double] {
        let corners = [(source.x, source.y), (source.x + source.width, source.y),
                       (source.x + source.width, source.y + source.height), (source.x, source.y + source.height)]
        return corners.compactMap { forward.project($0.0, $0.1) }.map { inverse.jacobianNorm($0.x, $0.y) }
    }

    /// Level 0 alone serves up to 2^−lodBias texels per pixel.
    private static func minifies(largest: Double, texelsPerUnit: Double) -> Bool {
        largest * texelsPerUnit > pow(2, -TextureSampler.lodBias)
    }

    /// Whether the quad overwrites every pixel it fully covers with an opaque texel, whatever was
    /// beneath: an opaque texture, unshaded, or an opaque colour, at full opacity. What is drawn under such a pixel
    /// before it is wasted work (`opaqueColumns`).
    var isOpaqueCover: Bool {
        guard Int(opacity * 256 + 0.5) >= 256 else { return false }
        switch paint {
        case .texture(let texture, _, _, let shading):
            return (texture.isOpaque || !opaqueInner.isEmpty) && shading == nil
        case .solid(let color):
            return color >> 24 == 255
        case .shadow:
            return false
        }
    }

    /// Columns [start, end) that the quad overwrites with opaque pixels whatever was beneath (its
    /// fully covered interior; its opaque texels' there for a layer) in every row of `rows` that it
    /// reaches (the rows returned), or nil; only for an `isOpaqueCover` quad.
    /// The outline, the clip and each interior rectangle are convex, so a column inside one of them
    /// in the first and the last row is inside it in every row between: two rows' spans stand for
    /// all of them (a group's run may be narrower than a row's own, never wider).
    func opaqueColumns(rows: Range<Int>, width: Int) -> (rows: Range<Int>, start: Int, end: Int)? {
        let top = max(rows.lowerBound, firstRow), bottom = min(rows.upperBound, endRow) - 1
        guard top <= bottom else { return nil }
        func both(_ span: (Int) -> (Int, Int)?) -> (Int, Int)? {
            guard let a = span(top), let b = span(bottom) else { return nil }
            let start = max(a.0, b.0), end = min(a.1, b.1)
            return start < end ? (start, end) : nil
        }
        guard let (x0, x1) = both({ span(row: $0, width: width) }) else { return nil }
        var runs = (opaqueInner.isEmpty ? inner : opaqueInner).compactMap { p in both { p.span(row: $0, width: x1) } }
            .map { (max($0.0, x0), min($0.1, x1)) }.filter { $0.0 < $0.1 }
        if opaqueInner.isEmpty {
            // The interior's two rectangles lie in the outline inset by the ramp, which is convex:
            // whatever lies between two of their columns in a row is covered too (as `interior`).
            guard let start = runs.map(\.0).min(), let end = runs.map(\.1).max() else { return nil }
            return (top..<(bottom + 1), start, end)
        }
        // The opaque texels' rectangles (not convex together): their common runs, joined where
        // they meet; the longest of what is left.
        runs.sort { $0.0 < $1.0 }
        var best: (Int, Int)? = nil, current: (Int, Int)? = nil
        for run in runs {
            if var last = current, run.0 <= last.1 {
                last.1 = max(last.1, run.1)
                current = last
            } else {
                current = run
            }
            if let c = current, best.map({ c.1 - c.0 > $0.1 - $0.0 }) ?? true { best = c }
        }
        return best.map { (top..<(bottom + 1), $0.0, $0.1) }
    }

    /// Draws rows [rows.lowerBound, rows.upperBound) of the quad into `dst` (premultiplied RGBA words).
    /// `hidden` gives, for each of those rows, columns that quads drawn later will overwrite with
    /// opaque texels: texture chunks lying wholly inside them are skipped.
    func render(rows: Range<Int>, into dst: UnsafeMutablePointer<UInt32>, width: Int,
                hidden: [(start: Int, end: Int)]? = nil) {
        let lo = max(rows.lowerBound, firstRow), hi = min(rows.upperBound, endRow)
        guard lo < hi else { return }
        switch paint {
        case .texture(let texture, let origin, let scale, let shading):
            texture.texels.withUnsafeBufferPointer { texels in
                texture.levels.withUnsafeBufferPointer { levels in
                    let sampler = TextureSampler(texels: texels, levels: levels)
                    var projection = pr_projection(a: a, b: b, c: c, d: d, e: e, f: f, g: g, h: h, i: i,
                                                   origin_x: origin.x, origin_y: origin.y,
                                                   scale_x: scale.x, scale_y: scale.y)
                    // A row's chunk ends, computed for the whole row at once (`ChunkEnds`).
                    let capacity = (width + Self.chunk - 1) / Self.chunk + 2
                    withUnsafeTemporaryAllocation(of: Int64.self, capacity: 2 * capacity) { fixed in
                        withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { lods in
                            let ends = ChunkEnds(tx: fixed.baseAddress!, ty: fixed.baseAddress! + capacity,
                                                 lod: minified ? lods.baseAddress : nil)
                            for y in lo..<hi {
                                guard let (x0, x1) = span(row: y, width: width) else { continue }
                                pr_chunk_ends(&projection, Double(y) + 0.5, Int64(x0), Int64(x1), Int32(Self.chunk),
                                              TextureSampler.lodBias, ends.tx, ends.ty, ends.lod)
                                drawTextureSpan(y: y, x0: x0, x1: x1, row: dst + y * width, sampler: sampler,
                                                ends: ends, shading: shading,
                                                hidden: hidden?[y - rows.lowerBound] ?? (0, 0))
                            }
                        }
                    }
                }
            }
        case .solid(let color):
            for y in lo..<hi {
                guard let (x0, x1) = span(row: y, width: width) else { continue }
                let skip = hidden?[y - rows.lowerBound] ?? (0, 0)
                Self.forVisible(x0, x1, hidden: skip) { s, e in
                    drawSolidSpan(y: y, x0: s, x1: e, row: dst + y * width, color: color)
                }
            }
        case .shadow(let color, let sigma):
            for y in lo..<hi {
                guard let (x0, x1) = span(row: y, width: width) else { continue }
                let skip = hidden?[y - rows.lowerBound] ?? (0, 0)
                Self.forVisible(x0, x1, hidden: skip) { s, e in
                    drawShadowSpan(y: y, x0: s, x1: e, row: dst + y * width, color: color, sigma: sigma)
                }
            }
        }
    }

    /// Columns [start, end) of row `y` inside the quad and the clip box.
    @inline(__always)
    private func span(row y: Int, width: Int) -> (Int, Int)? {
        guard let (x0, x1) = outer.span(row: y, width: width) else { return nil }
        var start = max(x0, clipLeft), end = min(x1, clipRight)
        if let clip, clip.radius > 0 || clip.topRadius > 0 {
            let (left, right) = clip.columns(row: y)
            start = max(start, left)
            end = min(end, right)
        }
        return start < end ? (start, end) : nil
    }

    /// [x0, x1) without the hidden run: up to two runs, in order (empty ones left out). A solid or
    /// shadow pixel is its own, whatever its neighbours: leaving out hidden ones changes no other.
    @inline(__always)
    static func forVisible(_ x0: Int, _ x1: Int, hidden: (start: Int, end: Int), _ body: (Int, Int) -> Void) {
        guard hidden.start < hidden.end, hidden.start < x1, hidden.end > x0 else { return body(x0, x1) }
        if x0 < hidden.start { body(x0, hidden.start) }
        if hidden.end < x1 { body(hidden.end, x1) }
    }

    /// Columns [start, end) of row `y` where coverage is certainly full, clamped into [x0, x1).
    @inline(__always)
    private func interior(row y: Int, width: Int, x0: Int, x1: Int) -> (Int, Int) {
        var start = Int.max, end = Int.min
        for p in inner {
            if let (s, e) = p.span(row: y, width: width) {
                start = min(start, s)
                end = max(end, e)
            }
        }
        guard start < end else { return (x1, x1) }
        return (min(max(start, x0), x1), min(max(end, x0), x1))
    }

    // MARK: - Coverage

    /// Signed distance (local units, negative inside) to the outline and the anti-aliased sides, and
    /// the unit gradient direction of the nearest boundary.
    @inline(__always)
    private func distance(_ u: Double, _ v: Double) -> (d: Double, nx: Double, ny: Double) {
        let px = u - cx, py = v - cy
        let qx = abs(px) - (hw - radius), qy = abs(py) - (hh - radius)
        var d: Double, nx: Double, ny: Double
        if qx > 0 && qy > 0 {
            let len = (qx * qx + qy * qy).squareRoot()
            d = len - radius
            nx = px < 0 ? -qx / len : qx / len
            ny = py < 0 ? -qy / len : qy / len
        } else if qx > qy {
            d = qx - radius
            nx = px < 0 ? -1 : 1
            ny = 0
        } else {
            d = qy - radius
            nx = 0
            ny = py < 0 ? -1 : 1
        }
        if aaLeft - u > d { d = aaLeft - u; nx = -1; ny = 0 }
        if u - aaRight > d { d = u - aaRight; nx = 1; ny = 0 }
        if aaTop - v > d { d = aaTop - v; nx = 0; ny = -1 }
        if v - aaBottom > d { d = v - aaBottom; nx = 0; ny = 1 }
        return (d, nx, ny)
    }

    /// Coverage 0…256 of the pixel whose centre maps to (u, v), with 1/w = `rw`.
    @inline(__always)
    private func coverage(_ u: Double, _ v: Double, rw: Double) -> Int {
        let (dist, nx, ny) = distance(u, v)
        if dist <= -halfGradient { return 256 }
        let dudx = (a - u * g) * rw, dudy = (b - u * h) * rw
        let dvdx = (d - v * g) * rw, dvdy = (e - v * h) * rw
        let gx = nx * dudx + ny * dvdx, gy = nx * dudy + ny * dvdy
        let grad = (gx * gx + gy * gy).squareRoot()
        let pixels = grad > 1e-12 ? dist / grad : (dist > 0 ? 1 : -1)
        let cov = 0.5 - pixels
        if cov <= 0 { return 0 }
        if cov >= 1 { return 256 }
        return Int(cov * 256 + 0.5)
    }

    // MARK: - Spans

    private func drawSolidSpan(y: Int, x0: Int, x1: Int, row: UnsafeMutablePointer<UInt32>, color: UInt32) {
        let yc = Double(y) + 0.5
        let alpha = Int(opacity * 256 + 0.5)
        let (in0, in1) = interior(row: y, width: x1, x0: x0, x1: x1)
        let full = Blend.scale(color, by: alpha)
        // Fully covered: the colour laid over (a plain fill when it is opaque).
        if full >> 24 == 255 {
            (row + in0).update(repeating: full, count: in1 - in0)
        } else {
            for x in in0..<in1 { row[x] = Blend.over(full, row[x]) }
        }
        // The edges, by coverage.
        for x in x0..<x1 where x < in0 || x >= in1 {
            let xc = Double(x) + 0.5
            let rw = 1 / (g * xc + h * yc + i)
            let u = (a * xc + b * yc + c) * rw, v = (d * xc + e * yc + f) * rw
            let cov = coverage(u, v, rw: rw)
            if cov == 0 { continue }
            row[x] = Blend.over(Blend.scale(color, by: (cov * alpha + 128) >> 8), row[x])
        }
    }

    private func drawShadowSpan(y: Int, x0: Int, x1: Int, row: UnsafeMutablePointer<UInt32>, color: Color,
                                sigma: Double) {
        let yc = Double(y) + 0.5
        let baseAlpha = Double(color.a) * opacity
        let (r, gg, bb) = (UInt32(color.r), UInt32(color.g), UInt32(color.b))
        let invSigma = 1 / max(sigma, 1e-6)
        for x in x0..<x1 {
            let xc = Double(x) + 0.5
            let rw = 1 / (g * xc + h * yc + i)
            let u = (a * xc + b * yc + c) * rw, v = (d * xc + e * yc + f) * rw
            let alpha = UInt32(baseAlpha * GaussianRamp.value(distance(u, v).d * invSigma) + 0.5)
            if alpha == 0 { continue }
            let src = (r * alpha + 127) / 255 | ((gg * alpha + 127) / 255) << 8 | ((bb * alpha + 127) / 255) << 16
                | alpha << 24
            row[x] = Blend.over(src, row[x])
        }
    }

    /// A row's chunk ends as `pr_chunk_ends` leaves them: chunk k runs from end k to end k + 1.
    private struct ChunkEnds {
        let tx, ty: UnsafeMutablePointer<Int64>
        /// Levels of detail with the bias added; nil unless the quad is minified.
        let lod: UnsafeMutablePointer<Double>?
    }

    /// Texture chunks are this many pixels wide.
    private static let chunk = 16

    private func drawTextureSpan(y: Int, x0: Int, x1: Int, row: UnsafeMutablePointer<UInt32>,
                                 sampler: TextureSampler, ends: ChunkEnds, shading: Shading?,
                                 hidden: (start: Int, end: Int)) {
        let yc = Double(y) + 0.5
        let alpha = Int(opacity * 256 + 0.5)
        let (in0, in1) = interior(row: y, width: x1, x0: x0, x1: x1)
        let shadeFrom = shading?.from ?? 0, shadeStep = (shading?.to ?? 0) - shadeFrom
        let shadeScale = shadeWidth > 0 ? 1 / shadeWidth : 0
        // Texel coordinates are exact at both ends of each 16-pixel chunk (`ends`, on the grid from
        // x0, and x1) and stepped linearly in 16.16 fixed point between them (affine within the
        // chunk; exact for affine transforms). Chunks hidden by later opaque quads are skipped whole;
        // the others keep their place on the grid, so their samples do not change.
        let chunk = Self.chunk
        var x = x0, k = 0
        while x < x1 {
            if shading == nil {
                // Whole chunks drawn in C, up to one it leaves to the loop below.
                k = sampler.drawChunks(row, x0: x0, x1: x1, from: k, interior: (in0, in1), hidden: hidden,
                                       tx: ends.tx, ty: ends.ty, lod: ends.lod, opacity: alpha)
                x = x0 + k * chunk
                if x >= x1 { break }
            }
            defer { k += 1 }
            let n = min(chunk, x1 - x)
            if x >= hidden.start && x + n <= hidden.end {
                x += n
                continue
            }
            var tx = Int(ends.tx[k]), ty = Int(ends.ty[k])
            let dx = Self.divide(Int(ends.tx[k + 1]) - tx, by: n), dy = Self.divide(Int(ends.ty[k + 1]) - ty, by: n)
            // Mip levels only where this chunk is minified past the bias; level 0 alone elsewhere.
            var lod = 0.0, lodStep = 0.0, useMips = false
            if let lods = ends.lod {
                lod = lods[k]
                let lodEnd = lods[k + 1]
                useMips = max(lod, lodEnd) > 0
                lodStep = (lodEnd - lod) / Double(n)
            }
            let end = x + n
            var px = x
            // Fast path: a whole chunk fully covered, unshaded and opaque, texels stored (or blended)
            // as they come.
            if shading == nil && alpha >= 256 && px >= in0 && end <= in1 {
                if useMips {
                    sampler.trilinearSpan(row + px, count: n, tx: tx, ty: ty, dx: dx, dy: dy, lod: lod, lodStep: lodStep)
                } else {
                    sampler.copySpan(row + px, count: n, tx: tx, ty: ty, dx: dx, dy: dy)
                }
                px = end
            }
            while px < end {
                // A run of fully covered, unshaded pixels (a chunk across the interior's edge, or a
                // translucent page), sampled as a whole chunk is; a translucent page's samples taken
                // over clear pixels (where each stays itself), then scaled and laid over.
                if shading == nil && px >= in0 && px < in1 {
                    let count = min(end, in1) - px
                    if alpha >= 256 {
                        if useMips {
                            sampler.trilinearSpan(row + px, count: count, tx: tx, ty: ty, dx: dx, dy: dy, lod: lod,
                                                  lodStep: lodStep)
                        } else {
                            sampler.copySpan(row + px, count: count, tx: tx, ty: ty, dx: dx, dy: dy)
                        }
                        for _ in 0..<count { lod += lodStep }
                    } else if useMips {
                        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { samples in
                            samples.initialize(repeating: 0)
                            sampler.trilinearSpan(samples.baseAddress!, count: count, tx: tx, ty: ty, dx: dx, dy: dy,
                                                  lod: lod, lodStep: lodStep)
                            pr_scale_over_span(row + px, samples.baseAddress!, Int32(count), Int32(alpha))
                        }
                        for _ in 0..<count { lod += lodStep }
                    } else {
                        lod = sampler.pixelSpan(row + px, count: count, tx: tx, ty: ty, dx: dx, dy: dy, lod: lod,
                                                lodStep: lodStep, useMips: useMips, k: alpha)
                    }
                    px += count
                    tx &+= count &* dx
                    ty &+= count &* dy
                    continue
                }
                defer { px += 1; tx &+= dx; ty &+= dy; lod += lodStep }
                var cov = 256
                var u = 0.0
                if px < in0 || px >= in1 || shading != nil {
                    let xc = Double(px) + 0.5
                    let rw = 1 / (g * xc + h * yc + i)
                    u = (a * xc + b * yc + c) * rw
                    if px < in0 || px >= in1 {
                        cov = coverage(u, (d * xc + e * yc + f) * rw, rw: rw)
                        if cov == 0 { continue }
                    }
                }
                var texel = useMips ? sampler.trilinear(tx, ty, biasedLOD: lod) : sampler.bilinear(tx, ty)
                if shading != nil {
                    let t = min(max((u - shadeX0) * shadeScale, 0), 1)
                    texel = Blend.darken(texel, keep: Int((1 - (shadeFrom + shadeStep * t)) * 256 + 0.5))
                }
                let k = (cov &* alpha &+ 128) >> 8
                row[px] = k >= 256 && texel >= 0xFF00_0000 ? texel : Blend.over(Blend.scale(texel, by: k), row[px])
            }
            x += n
        }
    }

    /// `v / n` rounded toward zero, as `/` does, without a hardware divide for whole chunks of 16
    /// (two per chunk were a tenth of the kernel's time).
    @inline(__always)
    static func divide(_ v: Int, by n: Int) -> Int {
        n == 16 ? (v &+ ((v &>> 63) & 15)) &>> 4 : v / n
    }
}

/// A box of whole pixels [left, right) × [top, bottom): pixels whose centres lie in a rectangle,
/// with its corners rounded to `radius` (a device's screen). The rounding is a hard edge: what is
/// drawn on top (the bezel) anti-aliases it.
struct PixelBox: Sendable, Equatable {
    let left, top, right, bottom: Int
    let rect: Rect
    /// The radius of the bottom corners, and of the top ones unless `topRadius` says otherwise.
    let radius: Double
    let topRadius: Double

    init(_ rect: Rect, radius: Double = 0, topRadius: Double? = nil) {
        self.rect = rect
        self.radius = min(max(radius, 0), rect.width / 2, rect.height / 2)
        self.topRadius = min(max(topRadius ?? radius, 0), rect.width / 2, rect.height / 2)
        left = Int((rect.x - 0.5).rounded(.up))
        right = Int((rect.x + rect.width - 0.5).rounded(.up))
        top = Int((rect.y - 0.5).rounded(.up))
        bottom = Int((rect.y + rect.height - 0.5).rounded(.up))
    }

    /// Columns [left, right) of row `y` whose pixel centres lie inside the rounded rectangle.
    @inline(__always)
    func columns(row y: Int) -> (Int, Int) {
        let yc = Double(y) + 0.5
        let top = rect.y + topRadius - yc, bottom = yc - (rect.y + rect.height - radius)
        let r = top > 0 ? topRadius : radius
        let dy = max(top, bottom, 0)
        guard dy > 0 else { return (left, right) }
        guard dy < r else { return (0, 0) }
        let inset = r - (r * r - dy * dy).squareRoot()
        return (Int((rect.x + inset - 0.5).rounded(.up)), Int((rect.x + rect.width - inset - 0.5).rounded(.up)))
    }
}
