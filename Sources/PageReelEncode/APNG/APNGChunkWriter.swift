import CDeflate
import Glibc

/// Writes the chunks of an animated PNG: signature, `IHDR`, `acTL`, then per frame `fcTL` and
/// its image data (`IDAT` for the first frame, which is also the default image; `fdAT` after),
/// and `IEND` (APNG specification 1.0, PNG specification §5).
///
/// Pixels are 8-bit RGBA although the frames are opaque: blend-over frames need fully
/// transparent pixels for "unchanged". RGB would be 6–8% smaller on the sample swipes, where
/// blend-over never wins, but a screen with a blinking caret and a moving badge is 72% smaller
/// with it.
///
/// The frame count goes into `acTL`, before any frame, but is known only at the end: `acTL` is
/// written with 0 frames and `finish` overwrites the count and the chunk's CRC in place, so the
/// file streams out and nothing is kept for later. Output is buffered and goes out with
/// `write(2)`; the file is created by `init`, so an unwritable output fails before any frame is
/// rendered.
final class APNGChunkWriter {
    /// How a frame's pixels are combined with what is on screen (`fcTL` `blend_op`).
    enum Blend: UInt8, Sendable {
        /// The frame's pixels replace the rectangle's.
        case source = 0
        /// The frame is composited over the rectangle: fully transparent pixels leave it as it is.
        case over = 1
    }

    /// One frame's rectangle, its blending and its compressed, filtered pixels.
    struct Frame: Sendable {
        var x: Int, y: Int, width: Int, height: Int
        var blend: Blend
        /// A zlib stream of the filtered rows.
        var data: [UInt8]
    }

    /// A frame's duration in seconds, `numerator / denominator`, as `fcTL` stores it.
    struct Delay: Equatable, Sendable {
        var numerator: UInt16
        var denominator: UInt16

        /// The delays that show a run for `milliseconds` ms: n/1000, which a browser keeps as it
        /// is (Chromium holds a frame for ⌊1000·n/d⌋ ms, so 1/30 s would be 33 ms); a run longer
        /// than 65.535 s continues in delays of at most that.
        static func split(milliseconds: Int) -> [Delay] {
            var delays: [Delay] = [], left = milliseconds
            while left > 0 {
                let part = min(left, Int(UInt16.max))
                delays.append(Delay(numerator: UInt16(part), denominator: 1000))
                left -= part
            }
            return delays
        }
    }

    /// The largest image-data chunk written; a frame's data is split into chunks of this size.
    /// PNG allows 2³¹ − 1 bytes; 1 MiB costs 16 bytes a MiB and spares decoders large reads.
    static let maximumChunkData = 1 << 20
    /// Where `acTL`'s data begins: after the signature (8 bytes), `IHDR` (12 + 13) and `acTL`'s
    /// length and type.
    private static let animationControlOffset: off_t = 8 + 25 + 8

    private let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 16
    /// `acTL`'s play count (its frame count is `frameCount`).
    private var plays: UInt32 = 0
    /// The next `fcTL`/`fdAT` sequence number.
    private var sequence: UInt32 = 0
    /// A 1×1 fully transparent pixel, filtered and compressed: the image of a frame that only
    /// continues the one before (`writeHold`).
    private let transparentPixel: [UInt8]
    /// Frames written (the `fcTL` chunks) and bytes written to the file so far.
    private(set) var frameCount = 0
    private(set) var byteCount = 0

    init(path: String) throws(EncodeError) {
        self.path = path
        // The None filter's type byte, then the pixel (0, 0, 0, 0).
        let pixel: [UInt8] = [0, 0, 0, 0, 0], compressor = try ZlibCompressor(level: 1, path: path)
        transparentPixel = pixel.withUnsafeBytes { compressor.compress($0) }
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .posix(errno, path: path, call: "open", creating: true) }
        buffer.reserveCapacity(Self.flushSize * 2)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The signature, `IHDR` (8-bit RGBA, not interlaced) and `acTL` with a frame count of 0
    /// until `finish`.
    func writeHeader(width: Int, height: Int, plays: UInt32) throws(EncodeError) {
        buffer += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        Self.append(UInt32(width), to: &header)
        Self.append(UInt32(height), to: &header)
        // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        header += [8, 6, 0, 0, 0]
        try chunk("IHDR", header)
        self.plays = plays
        try chunk("acTL", animationControl())
    }

    /// One frame, shown for `delay`, drawn over what is on screen and left there (`dispose_op`
    /// NONE). The first frame must cover the whole image: it is also the default image.
    func write(_ frame: Frame, delay: Delay) throws(EncodeError) {
        var control: [UInt8] = []
        Self.append(sequence, to: &control)
        for value in [frame.width, frame.height, frame.x, frame.y] { Self.append(UInt32(value), to: &control) }
        Self.append(delay.numerator, to: &control)
        Self.append(delay.denominator, to: &control)
        control += [0, frame.blend.rawValue]
        sequence += 1
        try chunk("fcTL", control)
        let isDefaultImage = frameCount == 0
        frameCount += 1
        var start = 0
        repeat {
            let piece = frame.data[start..<min(frame.data.count, start + Self.maximumChunkData)]
            if isDefaultImage {
                try chunk("IDAT", piece)
            } else {
                var number: [UInt8] = []
                Self.append(sequence, to: &number)
                sequence += 1
                try chunk("fdAT", piece, after: number)
            }
            start += piece.count
        } while start < frame.data.count
    }

    /// A frame that draws nothing (one transparent pixel blended over the corner), so that what
    /// is on screen stays for `delay` longer: how a hold too long for one delay is continued.
    func writeHold(delay: Delay) throws(EncodeError) {
        try write(Frame(x: 0, y: 0, width: 1, height: 1, blend: .over, data: transparentPixel), delay: delay)
    }

    /// `IEND`; then the frame count is put into `acTL` and the file closed.
    func finish() throws(EncodeError) {
        try chunk("IEND", [])
        try flush()
        var patch = animationControl()
        patch += Self.checksum("acTL", patch[...])
        var done = 0
        while done < patch.count {
            let n = patch.withUnsafeBytes { raw in
                pwrite(descriptor, raw.baseAddress! + done, raw.count - done, Self.animationControlOffset + off_t(done))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .posix(errno, path: path, call: "pwrite", creating: false)
            }
            done += n
        }
        let fd = descriptor
        descriptor = -1
        if close(fd) != 0 { throw .posix(errno, path: path, call: "close", creating: false) }
    }

    /// `acTL`'s data: the frames written so far and the plays.
    private func animationControl() -> [UInt8] {
        var data: [UInt8] = []
        Self.append(UInt32(frameCount), to: &data)
        Self.append(plays, to: &data)
        return data
    }

    /// Writes one chunk: length, type, `prefix` and `data`, CRC of all but the length. Large data
    /// goes to the file without passing through the buffer.
    private func chunk(_ type: String, _ data: ArraySlice<UInt8>, after prefix: [UInt8] = []) throws(EncodeError) {
        Self.append(UInt32(prefix.count + data.count), to: &buffer)
        buffer += Array(type.utf8)
        buffer += prefix
        let crc = Self.checksum(type, prefix[...], data)
        if data.count >= Self.flushSize {
            try flush()
            try writeAll(data)
        } else {
            buffer += data
        }
        buffer += crc
        if buffer.count >= Self.flushSize { try flush() }
    }

    private func chunk(_ type: String, _ data: [UInt8]) throws(EncodeError) { try chunk(type, data[...]) }

    /// The CRC-32 of a chunk's type and data, as the chunk ends with it (big-endian).
    private static func checksum(_ type: String, _ parts: ArraySlice<UInt8>...) -> [UInt8] {
        var crc = Array(type.utf8).withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        for part in parts { crc = part.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) } }
        var bytes: [UInt8] = []
        append(crc, to: &bytes)
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        for shift in stride(from: T.bitWidth - 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    private func flush() throws(EncodeError) {
        try writeAll(buffer[...])
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: ArraySlice<UInt8>) throws(EncodeError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(EncodeError) in try PageReelEncode.writeAll(raw, to: descriptor, path: path) } }.get()
        byteCount += bytes.count
    }
}
