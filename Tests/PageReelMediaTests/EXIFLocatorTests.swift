import CJPEGTestWriter
import Foundation
@testable import PageReelMedia
import PageReelTestSupport
import Testing

/// Finding the EXIF block in PNG chunks and JPEG segments, including in a prefix of the file.
@Suite struct EXIFLocatorTests {
    static let tiff = TestJPEG.exifTIFF(orientation: 6, bigEndian: false)

    static func png(before: [(type: String, data: [UInt8])] = [], after: [(type: String, data: [UInt8])] = []) -> [UInt8] {
        TestPNG(width: 2, height: 2, colorType: 0, samples: [0, 85, 170, 255], chunks: before,
                trailingChunks: after).encode()
    }

    @Test func pngChunkBeforeImageDataIsFound() {
        let found = EXIFLocator.png(Self.png(before: [("tEXt", Array("a\0b".utf8)), ("eXIf", Self.tiff)]))
        #expect(found == .found(Self.tiff[...]))
        #expect(EXIFLocator.png(Self.png(after: [("eXIf", Self.tiff)])) == .absent)
        #expect(EXIFLocator.png(Self.png()) == .absent)
    }

    /// libpng drops an ancillary chunk whose CRC is wrong, so a later good one counts.
    @Test func pngChunkWithBadCRCIsSkipped() throws {
        let other = TestJPEG.exifTIFF(orientation: 3, bigEndian: true)
        var png = Self.png(before: [("eXIf", Self.tiff), ("eXIf", other)])
        let first = try #require(PNGSurgery.chunkOffset(png, "eXIf"))
        png[first + 8 + Self.tiff.count] ^= 0x55
        #expect(EXIFLocator.png(png) == .found(other[...]))
    }

    @Test func pngPrefixEndingInMetadataIsTruncated() {
        let png = Self.png(before: [("eXIf", Self.tiff)])
        #expect(EXIFLocator.png(Array(png.prefix(40))) == .truncated)
        #expect(EXIFLocator.png(Array(png.prefix(8))) == .truncated)
    }

    @Test func jpegSegmentsAreWalked() throws {
        let plain = try TestJPEG.encode([UInt8](repeating: 128, count: 64 * 3), width: 8, height: 8, color: TJW_RGB)
        let xmp: (marker: UInt8, data: [UInt8]) = (0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8))
        let jpeg = TestJPEG.inserting([xmp, TestJPEG.exifSegment(Self.tiff)], into: plain)
        #expect(EXIFLocator.jpeg(jpeg) == .found(Self.tiff[...]))
        #expect(EXIFLocator.jpeg(plain) == .absent)
        #expect(EXIFLocator.jpeg(Array(jpeg.prefix(30))) == .truncated)
        // After the start of scan nothing counts.
        let sos = try #require((2..<plain.count - 1).first { plain[$0] == 0xFF && plain[$0 + 1] == 0xDA })
        let late = Array(plain[..<sos]) + [0xFF, 0xDA, 0, 2] + [0xFF, 0xE1, 0, 8] + Array("Exif\0\0".utf8)
        #expect(EXIFLocator.jpeg(late) == .absent)
        // Fill bytes before a marker are allowed.
        let filled = Array(jpeg.prefix(2)) + [0xFF, 0xFF] + Array(jpeg.dropFirst(2))
        #expect(EXIFLocator.jpeg(filled) == .found(Self.tiff[...]))
    }

    /// When the EXIF block lies beyond the 64 KiB prefix `size(ofFileAt:)` reads first, it reads
    /// the whole file rather than report the stored size.
    @Test func sizeFindsEXIFBeyondThePrefix() throws {
        let big = [UInt8](repeating: 0x41, count: 70_000)
        let png = TestPNG(width: 3, height: 2, colorType: 0, samples: [0, 1, 2, 3, 4, 5],
                          chunks: [("tEXt", Array("Comment\0".utf8) + big), ("eXIf", Self.tiff)]).encode()
        let plain = try TestJPEG.encode([UInt8](repeating: 200, count: 6 * 4 * 3), width: 6, height: 4, color: TJW_RGB)
        let padding: (marker: UInt8, data: [UInt8]) = (0xEF, [UInt8](repeating: 0x55, count: 0xFFFF - 2))
        let jpeg = TestJPEG.inserting([padding, padding, TestJPEG.exifSegment(Self.tiff)], into: plain)
        try ScratchFolder.with { folder in
            let pngPath = try ScratchFolder.write(png, named: "far.png", in: folder)
            let jpegPath = try ScratchFolder.write(jpeg, named: "far.jpg", in: folder)
            #expect(try ImageDecoder.size(ofFileAt: pngPath) == (2, 3))
            #expect(try ImageDecoder.size(ofFileAt: jpegPath) == (4, 6))
        }
    }
}
