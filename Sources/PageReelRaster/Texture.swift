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
        return mipmapped
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
