/// Writes PNG files byte by byte for the decoder's tests: any colour type, bit depth, Adam7
/// interlacing and ancillary chunk, none of which libpng's simplified writer can produce.
///
/// The zlib stream uses stored (uncompressed) deflate blocks: valid for every decoder, and simple
/// enough to be obviously right, so a test failure points at the decoder and not at this writer.
struct TestPNG {
    var width: Int
    var height: Int
    /// 0 gray, 2 RGB, 3 palette, 4 gray + alpha, 6 RGBA.
    var colorType: UInt8
    var bitDepth = 8
    var interlaced = false
    /// `channels` samples per pixel, row after row, each below 2^bitDepth (palette: indices).
    var samples: [Int]
    /// Chunks written between IHDR and IDAT, in order (PLTE, tRNS, iCCP, gAMA, eXIf, …).
    var chunks: [(type: String, data: [UInt8])] = []
    /// Chunks written after IDAT (before IEND).
    var trailingChunks: [(type: String, data: [UInt8])] = []

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }

    func encode() -> [UInt8] {
        var ihdr = Self.be32(width) + Self.be32(height)
        ihdr += [UInt8(bitDepth), colorType, 0, 0, interlaced ? 1 : 0]
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", ihdr)
        for c in chunks { out += Self.chunk(c.type, c.data) }
        out += Self.chunk("IDAT", Self.zlibStored(scanlines()))
        for c in trailingChunks { out += Self.chunk(c.type, c.data) }
        return out + Self.chunk("IEND", [])
    }

    /// The filtered (filter 0) scanlines of the image or of each Adam7 pass.
    func scanlines() -> [UInt8] {
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        for p in passes {
            let xs = Array(stride(from: p.x, to: width, by: p.dx)), ys = Array(stride(from: p.y, to: height, by: p.dy))
            guard !xs.isEmpty, !ys.isEmpty else { continue }   // empty passes have no scanlines
            for y in ys {
                out.append(0)
                out += packRow(xs.flatMap { x in samples[(y * width + x) * channels..<(y * width + x + 1) * channels] })
            }
        }
        return out
    }

    /// Samples packed at `bitDepth`: most significant bits first below 8, big-endian at 16.
    private func packRow(_ row: [Int]) -> [UInt8] {
        switch bitDepth {
        case 16: return row.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return row.map { UInt8($0) }
        default:
            var bytes = [UInt8](repeating: 0, count: (row.count * bitDepth + 7) / 8)
            for (k, v) in row.enumerated() {
                let bit = k * bitDepth
                bytes[bit / 8] |= UInt8(v << (8 - bitDepth - bit % 8))
            }
            return bytes
        }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(PNGSurgery.crc32(body)))
    }

    /// A zlib stream of stored deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let final: UInt8 = offset + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a = 1, b = 0
        for byte in data {
            a = (a + Int(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    static func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }

    // MARK: - Ancillary chunk payloads

    /// gAMA: the encoding gamma times 100000.
    static func gAMA(_ gamma: Double) -> (type: String, data: [UInt8]) { ("gAMA", be32(Int((gamma * 100_000).rounded()))) }

    /// cHRM: white x, y, red x, y, green x, y, blue x, y, each times 100000.
    static func cHRM(_ xy: [Double]) -> (type: String, data: [UInt8]) {
        ("cHRM", xy.flatMap { be32(Int(($0 * 100_000).rounded())) })
    }

    /// iCCP: a profile name, compression method 0 and the zlib-compressed profile.
    static func iCCP(_ profile: [UInt8]) -> (type: String, data: [UInt8]) {
        ("iCCP", Array("ICC profile".utf8) + [0, 0] + zlibStored(profile))
    }

    /// sRGB with the perceptual intent.
    static let sRGB: (type: String, data: [UInt8]) = ("sRGB", [0])
}
