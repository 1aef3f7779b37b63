import CJPEGTestWriter
import Foundation
@testable import PageReelMedia
import PageReelTestSupport
import Testing

/// EXIF orientations 1–8: reading the tag, turning pixels, and JPEG files shown turned.
@Suite struct ImageOrientationTests {
    /// What EXIF says each value means, composed from the two operations its table names: an
    /// optional horizontal mirror, then clockwise quarter turns. An independent formulation of
    /// `ImageOrientation.apply`, with plain loops.
    static func expected(_ value: Int, _ pixmap: Pixmap) -> Pixmap {
        let (mirror, turns): (Bool, Int) = [1: (false, 0), 2: (true, 0), 3: (false, 2), 4: (true, 2),
                                            5: (true, 3), 6: (false, 1), 7: (true, 1), 8: (false, 3)][value]!
        var image = pixmap
        if mirror {
            var out = Pixmap(width: image.width, height: image.height)
            for y in 0..<image.height {
                for x in 0..<image.width { put(image.pixel(x: image.width - 1 - x, y: y), &out, x, y) }
            }
            image = out
        }
        for _ in 0..<turns {   // clockwise: the left column becomes the top row
            var out = Pixmap(width: image.height, height: image.width)
            for y in 0..<image.height {
                for x in 0..<image.width { put(image.pixel(x: x, y: y), &out, image.height - 1 - y, x) }
            }
            image = out
        }
        return image
    }

    static func put(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ out: inout Pixmap, _ x: Int, _ y: Int) {
        let i = (y * out.width + x) * 4
        out.pixels.replaceSubrange(i..<i + 4, with: [p.r, p.g, p.b, p.a])
    }

    /// A 3×2 image with six different pixels, so every orientation is distinguishable.
    static let small = Pixmap(width: 3, height: 2, pixels: (0..<6).flatMap { (k: Int) -> [UInt8] in
        [UInt8(k * 40), UInt8(255 - k * 40), 7, 255]
    })

    @Test func applyTurnsAsEXIFDefines() {
        var results: [Pixmap] = []
        for orientation in ImageOrientation.allCases {
            let turned = orientation.apply(to: Self.small)
            #expect(turned == Self.expected(orientation.rawValue, Self.small), "\(orientation)")
            #expect((turned.width, turned.height) == orientation.displayed(width: 3, height: 2))
            results.append(turned)
        }
        #expect(Set(results.map(\.pixels)).count == 8)
    }

    @Test func tagIsReadInBothByteOrders() {
        for value in 1...8 {
            for bigEndian in [false, true] {
                let tiff = TestJPEG.exifTIFF(orientation: value, bigEndian: bigEndian)
                #expect(ImageOrientation(exif: tiff[...])?.rawValue == value)
            }
        }
    }

    /// Browsers read the tag only as one SHORT holding 1…8; anything else is no orientation.
    @Test func malformedTagsAreNoOrientation() {
        #expect(ImageOrientation(exif: TestJPEG.exifTIFF(orientation: 6, bigEndian: true, type: 4)[...]) == nil)
        for value in [0, 9, 0xFFFF] {
            #expect(ImageOrientation(exif: TestJPEG.exifTIFF(orientation: value, bigEndian: false)[...]) == nil)
        }
        var noCount = TestJPEG.exifTIFF(orientation: 6, bigEndian: true)
        noCount[8 + 2 + 12 + 7] = 2   // count 2 instead of 1
        #expect(ImageOrientation(exif: noCount[...]) == nil)
        var farIFD = TestJPEG.exifTIFF(orientation: 6, bigEndian: true)
        farIFD.replaceSubrange(4..<8, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(ImageOrientation(exif: farIFD[...]) == nil)
        var badMark = TestJPEG.exifTIFF(orientation: 6, bigEndian: true)
        badMark[0] = 0x4A
        #expect(ImageOrientation(exif: badMark[...]) == nil)
    }

    /// Every truncation and random corruption of a tag block: never a crash, and a truncated
    /// block yields either nothing or the right value.
    @Test func damagedBlocksNeverCrash() {
        let tiff = TestJPEG.exifTIFF(orientation: 8, bigEndian: false)
        for n in 0...tiff.count {
            let value = ImageOrientation(exif: tiff.prefix(n))
            #expect(value == nil || value == .rotate270)
        }
        var state: UInt32 = 99
        for _ in 0..<2000 {
            var bytes = tiff
            for _ in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                bytes[Int(state >> 8) % bytes.count] = UInt8(truncatingIfNeeded: state >> 24)
            }
            _ = ImageOrientation(exif: bytes[...])
        }
    }

    /// A 24 × 16 JPEG of six coloured blocks, stored with each orientation (in both byte orders,
    /// behind an XMP APP1 segment): decoded turned, and its size reported turned before decoding.
    @Test func jpegFilesAreShownTurned() throws {
        let samples = TestJPEG.blocks(width: 24, height: 16, components: 3) { bx, by in
            [UInt8(bx * 120), UInt8(by * 250), UInt8(60 + bx * by * 60)]
        }
        let plain = try TestJPEG.encode(samples, width: 24, height: 16, color: TJW_RGB)
        let stored = try ImageDecoder.decode(bytes: plain, name: "plain.jpg")
        let xmp: (marker: UInt8, data: [UInt8]) = (0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x/>".utf8))
        try ScratchFolder.with { folder in
            for value in 1...8 {
                for bigEndian in [false, true] {
                    let tiff = TestJPEG.exifTIFF(orientation: value, bigEndian: bigEndian)
                    let jpeg = TestJPEG.inserting([xmp, TestJPEG.exifSegment(tiff)], into: plain)
                    let path = try ScratchFolder.write(jpeg, named: "o\(value)\(bigEndian).jpg", in: folder)
                    let expected = Self.expected(value, stored)
                    #expect(try ImageDecoder.decode(fileAt: path) == expected, "orientation \(value)")
                    #expect(try ImageDecoder.size(ofFileAt: path) == (expected.width, expected.height))
                }
            }
        }
    }

    /// A malformed EXIF block leaves the image as stored.
    @Test func malformedEXIFInAJPEGIsIgnored() throws {
        let samples = TestJPEG.blocks(width: 24, height: 16, components: 3) { bx, _ in [UInt8(bx * 100), 0, 0] }
        let plain = try TestJPEG.encode(samples, width: 24, height: 16, color: TJW_RGB)
        let stored = try ImageDecoder.decode(bytes: plain, name: "plain.jpg")
        let tiff = TestJPEG.exifTIFF(orientation: 6, bigEndian: true)
        for damaged in [Array(tiff.prefix(20)), [0x4D, 0x4D, 0, 42], Array(repeating: 0xFF, count: 40)] {
            let jpeg = TestJPEG.inserting([TestJPEG.exifSegment(damaged)], into: plain)
            #expect(try ImageDecoder.decode(bytes: jpeg, name: "bad.jpg") == stored)
        }
    }
}
