/// Finds the EXIF block in PNG or JPEG bytes by walking the container's chunks or segments,
/// without decoding anything.
///
/// `ImageDecoder.size(ofFileAt:)` needs the orientation from a prefix of the file, and decoding
/// needs the same answer, so both use this one walker rather than libpng's and libjpeg's own
/// readers. It follows what browsers read:
/// - PNG: the first `eXIf` chunk with a good CRC before the first `IDAT` (Chromium reads it when
///   the first IDAT arrives; Safari and, since 2025, Firefox apply it; the PNG third edition
///   requires eXIf before IDAT). libpng drops an ancillary chunk with a bad CRC, so does this.
/// - JPEG: the first APP1 segment that starts with `Exif\0\0`, before the start of scan.
enum EXIFLocator {
    enum Lookup: Equatable {
        /// The TIFF structure (byte-order mark first).
        case found(ArraySlice<UInt8>)
        /// The container ends its metadata without EXIF, or is malformed.
        case absent
        /// The bytes end before the metadata does: look again in the whole file.
        case truncated
    }

    static func png(_ bytes: [UInt8]) -> Lookup {
        var offset = 8
        while true {
            guard offset + 8 <= bytes.count else { return .truncated }
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[offset + 4..<offset + 8]
            let end = offset + 12 + length
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { return .absent }
            guard length < 1 << 31 else { return .absent }
            guard end <= bytes.count else { return .truncated }
            if type.elementsEqual("eXIf".utf8) {
                let stored = bytes[end - 4..<end].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                if CRC32.checksum(bytes[offset + 4..<end - 4]) == stored {
                    return .found(bytes[offset + 8..<end - 4])
                }
            }
            offset = end
        }
    }

    static func jpeg(_ bytes: [UInt8]) -> Lookup {
        var offset = 2   // after SOI
        while true {
            guard offset + 2 <= bytes.count else { return .truncated }
            guard bytes[offset] == 0xFF else { return .absent }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:   // fill byte before a marker
                offset += 1
                continue
            case 0x01, 0xD0...0xD7:   // TEM, RSTn: no length
                offset += 2
                continue
            case 0xDA, 0xD9:   // start of scan, end of image: metadata is over
                return .absent
            default:
                break
            }
            guard offset + 4 <= bytes.count else { return .truncated }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return .absent }
            let end = offset + 2 + length
            guard end <= bytes.count else { return .truncated }
            let data = bytes[offset + 4..<end]
            if marker == 0xE1, data.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) {   // "Exif\0\0"
                return .found(data.dropFirst(6))
            }
            offset = end
        }
    }
}

/// CRC-32 as PNG and zlib define it (reflected polynomial 0xEDB88320), table-driven.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
