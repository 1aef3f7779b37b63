/// The block structure of a GIF file, parsed independently of FFmpeg: the logical screen, the
/// NETSCAPE loop count, and per image its delay, rectangle and whether it has its own palette.
///
/// ffprobe reports neither the loop count nor the image rectangles, and those are exactly what
/// the GIF tests need to see (GIF89a specification, sections 18–26).
struct GIFStructure {
    struct Image {
        var delay: Int
        var disposal: Int
        var transparentIndex: Int?
        var x: Int, y: Int, width: Int, height: Int
        var hasLocalPalette: Bool
        /// The local colour table as 0xRRGGBB, empty without one.
        var localPalette: [UInt32]
        /// The LZW code stream's size in bytes, without sub-block length bytes.
        var dataBytes: Int
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    var width = 0, height = 0
    var globalPaletteSize = 0
    /// The NETSCAPE2.0 repeat count, or nil when the block is absent (play once).
    var loopCount: Int?
    var images: [Image] = []

    var totalDelay: Int { images.reduce(0) { $0 + $1.delay } }

    init(_ bytes: [UInt8]) throws {
        var p = 0
        func byte() throws -> Int {
            guard p < bytes.count else { throw Malformed(description: "truncated at \(p)") }
            defer { p += 1 }
            return Int(bytes[p])
        }
        func word() throws -> Int {
            let low = try byte()
            return try low | byte() << 8
        }
        @discardableResult
        func skipSubBlocks() throws -> Int {
            var total = 0
            while true {
                let size = try byte()
                if size == 0 { return total }
                p += size
                total += size
            }
        }
        func palette(_ count: Int) -> [UInt32] {
            defer { p += 3 * count }
            return (0..<count).map { i in
                let j = p + 3 * i
                return UInt32(bytes[j]) << 16 | UInt32(bytes[j + 1]) << 8 | UInt32(bytes[j + 2])
            }
        }
        guard bytes.count >= 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else {
            throw Malformed(description: "not a GIF89a file")
        }
        p = 6
        width = try word()
        height = try word()
        let flags = try byte()
        p += 2
        if flags & 0x80 != 0 {
            globalPaletteSize = 1 << ((flags & 7) + 1)
            p += 3 * globalPaletteSize
        }
        var pendingDelay = 0, pendingDisposal = 0
        var pendingTransparent: Int?
        while true {
            switch try byte() {
            case 0x21:
                let label = try byte()
                if label == 0xF9 {
                    _ = try byte()                      // block size 4
                    let packed = try byte()
                    pendingDelay = try word()
                    let index = try byte()
                    pendingDisposal = (packed >> 2) & 7
                    pendingTransparent = packed & 1 != 0 ? index : nil
                    try skipSubBlocks()
                } else if label == 0xFF {
                    let size = try byte()
                    let name = String(decoding: bytes[p..<min(bytes.count, p + size)], as: UTF8.self)
                    p += size
                    if name == "NETSCAPE2.0" {
                        _ = try byte()                  // sub-block size 3
                        _ = try byte()                  // sub-block id 1
                        loopCount = try word()
                    }
                    try skipSubBlocks()
                } else {
                    try skipSubBlocks()
                }
            case 0x2C:
                let x = try word(), y = try word(), w = try word(), h = try word()
                let packed = try byte()
                let local = packed & 0x80 != 0 ? palette(1 << ((packed & 7) + 1)) : []
                _ = try byte()                          // LZW minimum code size
                let dataBytes = try skipSubBlocks()
                images.append(Image(delay: pendingDelay, disposal: pendingDisposal,
                                    transparentIndex: pendingTransparent, x: x, y: y, width: w, height: h,
                                    hasLocalPalette: packed & 0x80 != 0, localPalette: local, dataBytes: dataBytes))
                pendingDelay = 0
                pendingDisposal = 0
                pendingTransparent = nil
            case 0x3B:
                return
            case let other:
                throw Malformed(description: "unexpected block 0x\(String(other, radix: 16)) at \(p - 1)")
            }
        }
    }
}
