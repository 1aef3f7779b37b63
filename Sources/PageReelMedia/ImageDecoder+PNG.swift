/// PNG decoding: libpng's full API through `PNGReader`, colour through `ColorTransform`.
///
/// Every colour type and bit depth, interlaced or not, comes out of libpng as straight RGBA8 with
/// no gamma applied; the colour chunks are then honoured as browsers honour them (see
/// `ImageColorSpace.png`), and the eXIf orientation is applied (see `EXIFLocator`).
extension ImageDecoder {
    /// Width and height from the IHDR chunk, which the PNG specification puts first.
    static func pngHeaderSize(_ bytes: [UInt8], name: String) throws(MediaError) -> (width: Int, height: Int) {
        // 8 signature + 4 length + 4 type + 4 width + 4 height.
        guard bytes.count >= 24,
              Array(bytes[12..<16]) == Array("IHDR".utf8),
              bigEndian32(bytes, at: 8) == 13
        else { throw .badImage(path: name, message: "PNG: missing IHDR header") }
        let width = bigEndian32(bytes, at: 16), height = bigEndian32(bytes, at: 20)
        // PNG caps both sides at 2³¹ − 1.
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
            throw .badImage(path: name, message: "PNG: invalid size \(width)×\(height)")
        }
        return (width, height)
    }

    /// A reader of the PNG once its declared and decoded sizes are within the limits.
    static func pngReader(_ bytes: [UInt8], name: String, maxPixels: Int) throws(MediaError) -> PNGReader {
        // The size from IHDR first, so an image over the limits is named as such (libpng's own
        // check of its user limits only says "Invalid IHDR data").
        let declared = try pngHeaderSize(bytes, name: name)
        try checkSize(width: declared.width, height: declared.height, maxPixels: maxPixels, name: name)
        let reader = try PNGReader(bytes: bytes, name: name)
        try checkSize(width: reader.width, height: reader.height, maxPixels: maxPixels, name: name)
        return reader
    }

    static func decodePNG(_ bytes: [UInt8], name: String, maxPixels: Int) throws(MediaError) -> Pixmap {
        let reader = try pngReader(bytes, name: name, maxPixels: maxPixels)
        var rgba = try reader.readRGBA()
        ColorTransform(from: reader.colorSpace, layout: reader.isGray ? .grayRGBA : .rgba)?.apply(to: &rgba)
        Pixmap.premultiply(&rgba)
        let pixmap = Pixmap(width: reader.width, height: reader.height, pixels: rgba)
        return orientation(in: EXIFLocator.png(bytes)).apply(to: pixmap)
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
