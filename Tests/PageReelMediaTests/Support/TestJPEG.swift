import CJPEGTestWriter
import Foundation

/// Writes JPEG files for the decoder's tests with libjpeg (through CJPEGTestWriter), and splices
/// metadata segments — EXIF, ICC profiles — into them as cameras and editors place them.
enum TestJPEG {
    struct Failure: Error {}

    /// `samples` (1, 3 or 4 per pixel, as `color` says) encoded at `quality` with full-resolution
    /// chroma; `adobeMarker: false` leaves CMYK without Adobe's APP14 marker (values not inverted).
    static func encode(_ samples: [UInt8], width: Int, height: Int, color: tjw_color, quality: Int = 95,
                       adobeMarker: Bool = true) throws -> [UInt8] {
        var size: UInt = 0
        guard let out = tjw_encode(samples, Int32(width), Int32(height), color, Int32(quality),
                                   adobeMarker ? 1 : 0, &size) else { throw Failure() }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// `jpeg` with `segments` (APPn marker byte and payload) inserted right after SOI, in order.
    static func inserting(_ segments: [(marker: UInt8, data: [UInt8])], into jpeg: [UInt8]) -> [UInt8] {
        let encoded = segments.flatMap { s -> [UInt8] in
            let length = s.data.count + 2
            return [0xFF, s.marker, UInt8(length >> 8), UInt8(length & 0xFF)] + s.data
        }
        return Array(jpeg.prefix(2)) + encoded + Array(jpeg.dropFirst(2))
    }

    /// An APP1 EXIF segment holding `tiff`.
    static func exifSegment(_ tiff: [UInt8]) -> (marker: UInt8, data: [UInt8]) {
        (0xE1, Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// A TIFF structure whose first IFD holds Make (ASCII, out of line), the orientation (`type` 3 =
    /// SHORT, count 1) and XResolution (RATIONAL, out of line), in `bigEndian` or little-endian order.
    static func exifTIFF(orientation: Int, bigEndian: Bool, type: Int = 3) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        let entries = 3, dataStart = 8 + 2 + 12 * entries + 4
        let make = Array("pagereel\0".utf8)
        var tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8) + u16(entries)
        tiff += u16(0x010F) + u16(2) + u32(make.count) + u32(dataStart)
        // A SHORT sits in the first two bytes of the value field, padded.
        tiff += u16(0x0112) + u16(type) + u32(1) + (type == 3 ? u16(orientation) + u16(0) : u32(orientation))
        tiff += u16(0x011A) + u16(5) + u32(1) + u32(dataStart + make.count)
        tiff += u32(0) + make + u32(72) + u32(1)
        return tiff
    }

    /// APP2 ICC_PROFILE segments carrying `profile` split into `parts` (sequence numbers from 1).
    static func iccSegments(_ profile: [UInt8], parts: Int) -> [(marker: UInt8, data: [UInt8])] {
        let size = (profile.count + parts - 1) / parts
        return (0..<parts).map { k in
            let piece = profile[min(k * size, profile.count)..<min((k + 1) * size, profile.count)]
            return (0xE2, Array("ICC_PROFILE".utf8) + [0, UInt8(k + 1), UInt8(parts)] + piece)
        }
    }

    /// A `width` × `height` image of solid 8×8 blocks, block (bx, by) filled with `color(bx, by)`
    /// (`components` samples): blocks survive JPEG compression almost unchanged.
    static func blocks(width: Int, height: Int, components: Int, color: (Int, Int) -> [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x / 8, y / 8)
                precondition(c.count == components)
                out += c
            }
        }
        return out
    }
}
