import PageReelMedia

/// A page (or image) ready for sampling: premultiplied RGBA texels packed in `UInt32`s, with a mip
/// chain of 2×2 box-filtered levels for minification, all in one array so a sampler needs one
/// buffer pointer.
public struct Texture: Sendable {
    /// Texel `x, y` of level `l` is `texels[levels[l].offset + y * levels[l].width + x]`.
    public let texels: [UInt32]
    public let levels: [Level]
    /// True when every texel is fully opaque (lets shadows under it be skipped).
    public private(set) var isOpaque: Bool
    /// Rectangles of level 0 (texel units, [x0, x1) × [y0, y1)) whose texels are all opaque
    /// (`findingOpaqueCross()`): what is drawn under them is hidden when nothing minifies them.
    public private(set) var opaqueRects: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []

    public struct Level: Sendable {
        public let offset: Int
        public let width: Int
        public let height: Int
    }

    public var width: Int { levels[0].width }
    public var height: Int { levels[0].height }

    /// Builds the texture and its mip chain (down to 1×1) from a pixmap; level 0 alone when not
    /// `mipmapped` (`withMipmaps()` adds the chain later, the same).
    public init(_ pixmap: Pixmap, mipmapped: Bool = true) {
        var opaque = true
        self.init(width: pixmap.width, height: pixmap.height, mipmapped: mipmapped) { dst in
            pixmap.pixels.withUnsafeBytes { src in
                let words = src.bindMemory(to: UInt32.self)
                for i in 0..<(pixmap.width * pixmap.height) {
                    let p = UInt32(littleEndian: words[i])
                    dst[i] = p
                    if p < 0xFF00_0000 { opaque = false }
                }
            }
        }
        isOpaque = opaque && pixmap.width > 0
    }

    /// This texture with its mip chain, as `init(_:mipmapped: true)` makes it from the same pixels
    /// (itself when it has one, or is a single texel).
    public func withMipmaps() -> Texture {
        guard levels.count == 1, width > 1 || height > 1 else { return self }
        var mipmapped = Texture(width: width, height: height, mipmapped: true) { dst in
            texels.withUnsafeBufferPointer { src in
                _ = dst.update(fromContentsOf: src[0..<(width * height)])
            }
        }
        mipmapped.isOpaque = isOpaque
        mipmapped.opaqueRects = opaqueRects
        return mipmapped
    }

    /// This texture with `opaqueRects` found: a cross of two rectangles of opaque texels through
    /// its centre, one wide and one tall (a device's body without its rounded corners). Each is
    /// the intersection of the opaque runs through the centre of the rows (or columns) it spans,
    /// so every texel in it is opaque; rows whose run is under nine tenths of the widest are left
    /// out (the corners).
    public func findingOpaqueCross() -> Texture {
        let w = width, h = height
        guard w > 2, h > 2, !isOpaque else { return self }
        var found = self
        texels.withUnsafeBufferPointer { t in
            func opaque(_ x: Int, _ y: Int) -> Bool { t[y * w + x] >= 0xFF00_0000 }
            // The opaque run through the centre column of each row, and through the centre row of each column.
            let cx = w / 2, cy = h / 2
            let rows: [(Int, Int)?] = (0..<h).map { y in
                guard opaque(cx, y) else { return nil }
                var l = cx, r = cx + 1
                while l > 0 && opaque(l - 1, y) { l -= 1 }
                while r < w && opaque(r, y) { r += 1 }
                return (l, r)
            }
            let columns: [(Int, Int)?] = (0..<w).map { x in
                guard opaque(x, cy) else { return nil }
                var top = cy, bottom = cy + 1
                while top > 0 && opaque(x, top - 1) { top -= 1 }
                while bottom < h && opaque(x, bottom) { bottom += 1 }
                return (top, bottom)
            }
            found.opaqueRects = [Self.band(rows, around: cy), Self.band(columns, around: cx)]
                .compactMap { $0 }
                .enumerated().map { k, band in
                    k == 0 ? (band.lo, band.from, band.hi, band.to) : (band.from, band.lo, band.to, band.hi)
                }
        }
        return found
    }

    /// Of runs `runs[i]` = [lo, hi) along lines i, the lines around `centre` whose runs are at least
    /// nine tenths of the longest, and the intersection of their runs: lines [from, to), run [lo, hi).
    private static func band(_ runs: [(Int, Int)?], around centre: Int) -> (from: Int, to: Int, lo: Int, hi: Int)? {
        let longest = runs.map { $0.map { $0.1 - $0.0 } ?? 0 }.max() ?? 0
        func long(_ i: Int) -> Bool { runs[i].map { 10 * ($0.1 - $0.0) >= 9 * longest } ?? false }
        guard longest > 0, long(centre) else { return nil }
        var from = centre, to = centre + 1
        while from > 0 && long(from - 1) { from -= 1 }
        while to < runs.count && long(to) { to += 1 }
        var lo = Int.min, hi = Int.max
        for i in from..<to {
            lo = max(lo, runs[i]!.0)
            hi = min(hi, runs[i]!.1)
        }
        return lo < hi ? (from, to, lo, hi) : nil
    }

    /// Lays out the levels, lets `fill` write level 0, and box-filters the others from it.
    private init(width: Int, height: Int, mipmapped: Bool, fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
        var levels = [Level(offset: 0, width: width, height: height)]
        var total = width * height
        var (w, h) = (width, height)
        while mipmapped && (w > 1 || h > 1) {
            w = max(1, w / 2)
            h = max(1, h / 2)
            levels.append(Level(offset: total, width: w, height: h))
            total += w * h
        }
        var texels = [UInt32](repeating: 0, count: max(total, 1))
        texels.withUnsafeMutableBufferPointer { dst in
            fill(dst)
            for l in levels.indices.dropFirst() {
                Texture.downsample(dst, from: levels[l - 1], to: levels[l])
            }
        }
        self.texels = texels
        self.levels = levels
        self.isOpaque = false
    }

    /// Averages 2×2 blocks (the last row or column of an odd level folds into its neighbour block).
    private static func downsample(_ t: UnsafeMutableBufferPointer<UInt32>, from a: Level, to b: Level) {
        for y in 0..<b.height {
            let y0 = min(2 * y, a.height - 1), y1 = min(2 * y + 1, a.height - 1)
            for x in 0..<b.width {
                let x0 = min(2 * x, a.width - 1), x1 = min(2 * x + 1, a.width - 1)
                let p0 = t[a.offset + y0 * a.width + x0], p1 = t[a.offset + y0 * a.width + x1]
                let p2 = t[a.offset + y1 * a.width + x0], p3 = t[a.offset + y1 * a.width + x1]
                let lo = (p0 & 0x00FF_00FF) &+ (p1 & 0x00FF_00FF) &+ (p2 & 0x00FF_00FF) &+ (p3 & 0x00FF_00FF)
                    &+ 0x0002_0002
                let hi = ((p0 >> 8) & 0x00FF_00FF) &+ ((p1 >> 8) & 0x00FF_00FF) &+ ((p2 >> 8) & 0x00FF_00FF)
                    &+ ((p3 >> 8) & 0x00FF_00FF) &+ 0x0002_0002
                t[b.offset + y * b.width + x] = ((lo >> 2) & 0x00FF_00FF) | (((hi >> 2) & 0x00FF_00FF) << 8)
            }
        }
    }
}
