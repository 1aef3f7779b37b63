import Foundation
import PageReelTestSupport

/// Test inputs committed in `__Fixtures__` (scratch files go in a `ScratchFolder`).
enum Fixtures {
    /// `__Fixtures__/<name>` beside the tests. Made with FFmpeg 5.1:
    /// - `red.jpg`: `ffmpeg -f lavfi -i color=red:s=64x48 -frames:v 1 red.jpg`
    /// - `gray8.png`: `ffmpeg -f lavfi -i color=0x404040:s=6x4 -frames:v 1 -pix_fmt gray gray8.png`
    /// - `rgb48.png`: `ffmpeg -f lavfi -i "color=0x336699:s=6x4,format=rgb48be" -frames:v 1
    ///   -pix_fmt rgb48be rgb48.png` (16-bit samples 0x3030, 0x6464, 0x9797: the colour went through YUV)
    static func path(_ name: String) -> String {
        // This file is in Support/, beside __Fixtures__.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("__Fixtures__").appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }
}

/// Byte surgery on PNG files: find chunks and rewrite them with a valid CRC.
enum PNGSurgery {
    /// Offset of the first chunk of `type` (its length field).
    static func chunkOffset(_ png: [UInt8], _ type: String) -> Int? {
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(png[offset + 4..<offset + 8]) == Array(type.utf8) { return offset }
            offset += 12 + length
        }
        return nil
    }

    /// The PNG with IHDR's width and height replaced and IHDR's CRC recomputed, so only the size
    /// is wrong.
    static func withSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var out = png
        let ihdr = chunkOffset(png, "IHDR")!
        put(width, into: &out, at: ihdr + 8)
        put(height, into: &out, at: ihdr + 12)
        put(crc32(Array(out[ihdr + 4..<ihdr + 8 + 13])), into: &out, at: ihdr + 8 + 13)
        return out
    }

    static func put(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
    }

    /// CRC-32 as PNG defines it (ISO 3309, reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
