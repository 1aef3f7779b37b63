/// The block structure of a GIF file, parsed independently of FFmpeg: the logical screen, the
/// NETSCAPE loop count, and per image its delay, rectangle, palette and stored indices.
///
/// ffprobe reports neither the loop count nor the image rectangles, and FFmpeg's decoder shows
/// only the composited screen, not which pixels an image left transparent; those are exactly what
/// the GIF tests need to see (GIF89a specification, sections 18–26 and appendix F).
struct GIFStructure {
    struct Image {
        var delay: Int
        var disposal: Int
        var transparentIndex: Int?
        var x: Int, y: Int, width: Int, height: Int
        var hasLocalPalette: Bool
        /// The local colour table as 0xRRGGBB, empty without one.
        var localPalette: [UInt32]
        var minimumCodeSize: Int
        /// The LZW code stream, without sub-block length bytes.
        var data: [UInt8]

        /// The palette indices the image stores, row by row, decoded here from `data`.
        func indices() throws -> [Int] {
            var output: [Int] = []
            var prefixes = [Int](repeating: -1, count: 4096), suffixes = [Int](repeating: 0, count: 4096)
            let clear = 1 << minimumCodeSize
            for i in 0..<clear { suffixes[i] = i }
            var width = minimumCodeSize + 1, next = clear + 2, previous = -1
            var bitPosition = 0
            func string(_ code: Int) -> [Int] {
                var result: [Int] = [], c = code
                while c >= 0 {
                    result.append(suffixes[c])
                    c = prefixes[c]
                }
                return result.reversed()
            }
            while bitPosition + width <= data.count * 8 {
                var code = 0
                for b in 0..<width where data[(bitPosition + b) / 8] >> ((bitPosition + b) % 8) & 1 == 1 {
                    code |= 1 << b
                }
                bitPosition += width
                if code == clear {
                    width = minimumCodeSize + 1
                    next = clear + 2
                    previous = -1
                    continue
                }
                if code == clear + 1 { return output }
                guard code <= next, previous >= 0 || code < clear else {
                    throw Malformed(description: "LZW code \(code) with \(next) assigned")
                }
                let entry = code < next ? string(code) : string(previous) + [string(previous)[0]]
                output += entry
                if previous >= 0 && next < 4096 {
                    prefixes[next] = previous
                    suffixes[next] = entry[0]
                    next += 1
                    if next == 1 << width && width < 12 { width += 1 }
                }
                previous = code
            }
            throw Malformed(description: "LZW data without an end code")
        }
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
        func skipSubBlocks() throws -> [UInt8] {
            var data: [UInt8] = []
            while true {
                let size = try byte()
                if size == 0 { return data }
                guard p + size <= bytes.count else { throw Malformed(description: "truncated sub-block at \(p)") }
                data += bytes[p..<p + size]
                p += size
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
                let minimumCodeSize = try byte()
                let data = try skipSubBlocks()
                images.append(Image(delay: pendingDelay, disposal: pendingDisposal,
                                    transparentIndex: pendingTransparent, x: x, y: y, width: w, height: h,
                                    hasLocalPalette: packed & 0x80 != 0, localPalette: local,
                                    minimumCodeSize: minimumCodeSize, data: data))
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
