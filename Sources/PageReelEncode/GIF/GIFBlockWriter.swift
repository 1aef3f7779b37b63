import Glibc

/// Writes the blocks of a GIF89a file: header, loop extension, one graphic control extension,
/// image descriptor, local colour table and LZW data per frame, trailer.
///
/// pagereel writes GIFs itself rather than through FFmpeg's encoder because that encoder only
/// diffs frames whose palette equals the first frame's: here every frame carries its own local
/// colour table *and* a transparent index and a crop rectangle. There is no global colour table
/// (every image has a local one). Output is buffered and goes out with `write(2)`; the file is
/// created by `init`, so an unwritable output fails before any frame is rendered.
final class GIFBlockWriter {
    /// One image: where it goes on the logical screen, its colours and compressed indices.
    struct Image {
        var x: Int, y: Int, width: Int, height: Int
        /// Pixel words (R in the low byte, as RGBA bytes read little-endian), the transparent
        /// entry included; 1…256 entries, padded to a
        /// power of two when written.
        var palette: [UInt32]
        var transparentIndex: Int?
        /// Centiseconds until the next image.
        var delay: Int
        /// The LZW code stream (`LZWEncoder`), split into sub-blocks here.
        var data: [UInt8]
    }

    private let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 16

    init(path: String) throws(EncodeError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .posix(errno, path: path, call: "open", creating: true) }
        buffer.reserveCapacity(Self.flushSize * 2)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The header, the logical screen and, unless `loop` is -1, the NETSCAPE2.0 loop count.
    func writeHeader(width: Int, height: Int, loop: Int) throws(EncodeError) {
        buffer += Array("GIF89a".utf8)
        word(width)
        word(height)
        // No global colour table; colour resolution 8 bits; background 0; square pixels.
        buffer += [0x70, 0, 0]
        if loop >= 0 {
            buffer += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
            word(loop)
            buffer.append(0)
        }
        try flushIfFull()
    }

    /// One frame: graphic control extension (disposal "do not dispose", so later frames draw
    /// over it), image descriptor, local colour table and the LZW sub-blocks.
    func write(_ image: Image) throws(EncodeError) {
        let transparent = image.transparentIndex == nil ? 0 : 1
        buffer += [0x21, 0xF9, 4, UInt8(1 << 2 | transparent)]
        word(image.delay)
        buffer += [UInt8(image.transparentIndex ?? 0), 0]

        buffer.append(0x2C)
        word(image.x)
        word(image.y)
        word(image.width)
        word(image.height)
        let tableBits = Self.tableBits(image.palette.count)
        buffer.append(UInt8(0x80 | (tableBits - 1)))
        for entry in 0..<(1 << tableBits) {
            let color = entry < image.palette.count ? image.palette[entry] : 0
            buffer += [UInt8(truncatingIfNeeded: color), UInt8(truncatingIfNeeded: color >> 8),
                       UInt8(truncatingIfNeeded: color >> 16)]
        }
        buffer.append(UInt8(Self.minimumCodeSize(colors: image.palette.count)))
        var offset = 0
        while offset < image.data.count {
            let size = min(255, image.data.count - offset)
            buffer.append(UInt8(size))
            buffer += image.data[offset..<offset + size]
            offset += size
            try flushIfFull()
        }
        buffer.append(0)
        try flushIfFull()
    }

    /// The trailer; then everything is written and the file closed.
    func finish() throws(EncodeError) {
        buffer.append(0x3B)
        try flush()
        let fd = descriptor
        descriptor = -1
        if close(fd) != 0 { throw .posix(errno, path: path, call: "close", creating: false) }
    }

    /// The bits of the smallest power-of-two table holding `count` entries (1…8).
    static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }

    /// The LZW minimum code size for a table of `colors` entries: its bits, but at least 2.
    static func minimumCodeSize(colors: Int) -> Int { max(2, tableBits(colors)) }

    private func word(_ value: Int) {
        buffer += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    private func flushIfFull() throws(EncodeError) {
        if buffer.count >= Self.flushSize { try flush() }
    }

    private func flush() throws(EncodeError) {
        try buffer.withUnsafeBytes { raw in Result { () throws(EncodeError) in try writeAll(raw, to: descriptor, path: path) } }.get()
        buffer.removeAll(keepingCapacity: true)
    }
}
