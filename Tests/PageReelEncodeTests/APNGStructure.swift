/// The chunk structure of an animated PNG, parsed independently of the writer: every chunk with
/// its CRC checked, `acTL`'s frame count and plays, and per frame its `fcTL` fields.
///
/// Pillow and FFmpeg show the composited frames and (Pillow) the delays in milliseconds, but
/// not the rectangles, blending or exact fractions the APNG tests need to see (APNG
/// specification 1.0).
struct APNGStructure {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    /// One frame's `fcTL`.
    struct Frame: Equatable {
        var sequence: Int
        var width: Int, height: Int, x: Int, y: Int
        var delayNumerator: Int, delayDenominator: Int
        var dispose: Int, blend: Int
    }

    var chunks: [Chunk] = []
    var frameCount = 0
    var plays = 0
    var frames: [Frame] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Malformed(description: "no PNG signature")
        }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Self.uint32(bytes, offset)
            guard offset + 12 + length <= bytes.count else { throw Malformed(description: "chunk past the end at \(offset)") }
            let typed = Array(bytes[offset + 4..<offset + 8 + length])
            guard Self.crc32(typed) == Self.uint32(bytes, offset + 8 + length) else {
                throw Malformed(description: "bad CRC at \(offset)")
            }
            chunks.append(Chunk(type: String(decoding: typed[0..<4], as: UTF8.self), data: Array(typed[4...])))
            offset += 12 + length
        }
        guard offset == bytes.count, chunks.first?.type == "IHDR", chunks.last?.type == "IEND" else {
            throw Malformed(description: "not IHDR … IEND")
        }
        for chunk in chunks {
            let d = chunk.data
            switch chunk.type {
            case "acTL":
                frameCount = Self.uint32(d, 0)
                plays = Self.uint32(d, 4)
            case "fcTL":
                frames.append(Frame(sequence: Self.uint32(d, 0), width: Self.uint32(d, 4), height: Self.uint32(d, 8),
                                    x: Self.uint32(d, 12), y: Self.uint32(d, 16),
                                    delayNumerator: Int(d[20]) << 8 | Int(d[21]), delayDenominator: Int(d[22]) << 8 | Int(d[23]),
                                    dispose: Int(d[24]), blend: Int(d[25])))
            default:
                break
            }
        }
    }

    /// The chunk types in order.
    var types: [String] { chunks.map(\.type) }

    /// Whether the `fcTL` and `fdAT` sequence numbers run 0, 1, 2, … in file order.
    var sequenceIsContiguous: Bool {
        let numbers = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { Self.uint32($0.data, 0) }
        return numbers == Array(0..<numbers.count)
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    /// CRC-32 (ISO 3309, as PNG uses it) from its textbook table: independent of libdeflate's.
    static func crc32(_ bytes: [UInt8]) -> Int {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return Int(crc ^ 0xFFFF_FFFF)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
