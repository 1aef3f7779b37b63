/// A container that owns premultiplied RGBA8 pixels, row after row with no padding
/// (stride == width · 4).
///
/// Premultiplied because compositing (src-over) and filtering are then plain weighted sums;
/// straight alpha appears only at the edges of the system (PNG files, the encoders' input).
public struct Pixmap: Sendable, Equatable {
    public private(set) var width: Int
    public private(set) var height: Int
    /// `width · height · 4` bytes: r, g, b, a, premultiplied.
    public var pixels: [UInt8]

    /// A transparent pixmap.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative pixmap size")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing premultiplied pixels.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Bytes per row.
    public var stride: Int { width * 4 }

    /// The premultiplied pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Fills every pixel with one premultiplied value.
    public mutating func fill(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let value = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for i in words.indices { words[i] = value }
        }
    }

    /// Resizes in place, keeping the storage when it is large enough; contents are undefined.
    public mutating func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self.width = width
        self.height = height
        let count = width * height * 4
        if pixels.count != count { pixels = [UInt8](repeating: 0, count: count) }
    }

    /// Straight-alpha RGBA bytes (un-premultiplied), as image files and encoders expect.
    public func unpremultipliedRGBA() -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 0 && a != 255 {
                    for c in 0..<3 { p[i + c] = UInt8(min(255, (Int(p[i + c]) * 255 + a / 2) / a)) }
                }
                i += 4
            }
        }
        return out
    }

    /// A pixmap from straight-alpha RGBA bytes.
    public init(width: Int, height: Int, straightRGBA: [UInt8]) {
        precondition(straightRGBA.count == width * height * 4, "pixel count does not match the size")
        var px = straightRGBA
        Pixmap.premultiply(&px)
        self.init(width: width, height: height, pixels: px)
    }

    /// Straight → premultiplied alpha, in place (decoders use it on their own buffers, since a
    /// 50 MP image is 200 MB and not worth copying).
    public static func premultiply(_ rgba: inout [UInt8]) {
        rgba.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    for c in 0..<3 { p[i + c] = UInt8((UInt32(p[i + c]) * a + 127) / 255) }
                }
                i += 4
            }
        }
    }
}

extension Pixmap {
    /// Copies `other` into this pixmap with its top-left corner at (x, y), clipped.
    public mutating func copy(_ other: Pixmap, x: Int, y: Int) {
        let x0 = max(0, x), x1 = min(width, x + other.width)
        guard x0 < x1 else { return }
        for row in max(0, y)..<min(height, y + other.height) {
            let src = ((row - y) * other.width + (x0 - x)) * 4
            let dst = (row * width + x0) * 4
            pixels.replaceSubrange(dst..<(dst + (x1 - x0) * 4), with: other.pixels[src..<(src + (x1 - x0) * 4)])
        }
    }
}

extension Pixmap {
    /// x / 255 rounded to nearest, exact for 0 ≤ x ≤ 255 · 255 (two shifts, no division): how an
    /// 8-bit product is rounded wherever pixels are made, by the decoders and the compositor alike.
    @inlinable @inline(__always)
    public static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
