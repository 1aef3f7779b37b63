import CJPEGTestWriter
import Foundation
@testable import PageReelMedia
import PageReelTestSupport
import Testing

/// JPEG files with CMYK, YCCK and ICC profiles, written by libjpeg (`TestJPEG`) and decoded as a
/// browser shows them. Images are solid 8×8 blocks, which JPEG keeps to within a level at
/// quality 100; each block is checked at its centre.
@Suite struct ImageDecoderJPEGTests {
    /// Ink (C, M, Y, K) of the 4 × 2 blocks of a 32 × 16 image.
    static let inks: [[UInt8]] = [[0, 0, 0, 0], [255, 0, 0, 0], [0, 255, 0, 0], [0, 0, 255, 0],
                                  [0, 0, 0, 255], [40, 80, 120, 30], [200, 10, 90, 60], [128, 128, 128, 128]]

    /// By hand, the naive formula browsers use without a profile: R = (255 − C)(255 − K)/255, …
    static let naive: [[Int]] = inks.map { ink in
        (0..<3).map { c in Int((Double(255 - Int(ink[c])) * Double(255 - Int(ink[3])) / 255).rounded()) }
    }

    static func cmyk(inverted: Bool) -> [UInt8] {
        TestJPEG.blocks(width: 32, height: 16, components: 4) { bx, by in
            inks[by * 4 + bx].map { inverted ? 255 - $0 : $0 }
        }
    }

    /// The colour at the centre of each 8×8 block of a 32 × 16 image, block by block.
    static func blockColors(_ pixmap: Pixmap) -> [[Int]] {
        (0..<8).map { k in
            let p = pixmap.pixel(x: k % 4 * 8 + 4, y: k / 4 * 8 + 4)
            #expect(p.a == 255)
            return [Int(p.r), Int(p.g), Int(p.b)]
        }
    }

    static func worst(_ a: [[Int]], _ b: [[Int]]) -> Int {
        zip(a, b).map { zip($0, $1).map { abs($0 - $1) }.max()! }.max()!
    }

    static func decode(_ jpeg: [UInt8]) throws -> Pixmap { try ImageDecoder.decode(bytes: jpeg, name: "t.jpg") }

    /// Tolerance 1: a flat block's ink comes back within a level at quality 100 (exactly, here).
    @Test func cmykWithoutAdobeMarkerIsStoredPlain() throws {
        let jpeg = try TestJPEG.encode(Self.cmyk(inverted: false), width: 32, height: 16, color: TJW_CMYK,
                                       quality: 100, adobeMarker: false)
        #expect(Self.worst(Self.blockColors(try Self.decode(jpeg)), Self.naive) <= 1)
    }

    @Test func adobeCMYKIsStoredInverted() throws {
        let jpeg = try TestJPEG.encode(Self.cmyk(inverted: true), width: 32, height: 16, color: TJW_CMYK, quality: 100)
        #expect(Self.worst(Self.blockColors(try Self.decode(jpeg)), Self.naive) <= 1)
    }

    /// YCCK (CMYK with its CMY in YCbCr, always with the Adobe marker) goes through one more
    /// colour-space round trip in libjpeg, which can cost a level: tolerance 2.
    @Test func ycckIsConvertedLikeCMYK() throws {
        let jpeg = try TestJPEG.encode(Self.cmyk(inverted: true), width: 32, height: 16, color: TJW_YCCK, quality: 100)
        #expect(Self.worst(Self.blockColors(try Self.decode(jpeg)), Self.naive) <= 2)
    }

    /// With a CMYK profile (split over three APP2 segments) the inks go through it: as transicc
    /// converts the intended inks (tolerance 2: a level of JPEG error per ink, then lcms2's 8-bit
    /// path through a resampled CLUT against transicc's unoptimised doubles), and far from the
    /// naive formula.
    @Test func cmykWithProfileIsConvertedThroughIt() throws {
        let plain = try TestJPEG.encode(Self.cmyk(inverted: true), width: 32, height: 16, color: TJW_CMYK, quality: 100)
        let tagged = TestJPEG.inserting(TestJPEG.iccSegments(TestProfiles.cmyk, parts: 3), into: plain)
        let percent = Self.inks.map { $0.map { Double($0) / 255 * 100 } }
        let reference = try ScratchFolder.with { try TransICC.toSRGB(percent, profile: TestProfiles.cmyk, in: $0) }
            .map { $0.map(TransICC.byte) }
        let colors = Self.blockColors(try Self.decode(tagged))
        #expect(Self.worst(colors, reference) <= 2)
        #expect(Self.worst(colors, Self.naive) >= 20)
    }

    /// An RGB JPEG tagged Display P3 (profile split over two APP2 segments): each pixel is what
    /// transicc makes of the same file's pixels read untagged.
    @Test func rgbWithDisplayP3ProfileMatchesTransicc() throws {
        let samples = TestJPEG.blocks(width: 32, height: 16, components: 3) { bx, by in
            [UInt8(bx * 80), UInt8(255 - by * 200), UInt8((bx + by) * 50)]
        }
        let plain = try TestJPEG.encode(samples, width: 32, height: 16, color: TJW_RGB)
        let tagged = TestJPEG.inserting(TestJPEG.iccSegments(TestProfiles.displayP3, parts: 2), into: plain)
        let raw = try Self.decode(plain), converted = try Self.decode(tagged)
        let rawColors = stride(from: 0, to: raw.pixels.count, by: 4).map { i in (0..<3).map { Int(raw.pixels[i + $0]) } }
        let reference = try ImageDecoderPNGTests.reference(rawColors, profile: TestProfiles.displayP3)
        let colors = stride(from: 0, to: converted.pixels.count, by: 4).map { i in (0..<3).map { Int(converted.pixels[i + $0]) } }
        #expect(Self.worst(colors, reference) <= 1)
        #expect(Self.worst(colors, rawColors) >= 10)
    }

    /// Gray JPEGs decode as before; with a linear gray profile each level is converted by hand.
    @Test func grayJPEGWithAndWithoutProfile() throws {
        let samples = TestJPEG.blocks(width: 32, height: 16, components: 1) { bx, by in [UInt8((by * 4 + bx) * 36)] }
        let plain = try TestJPEG.encode(samples, width: 32, height: 16, color: TJW_GRAY, quality: 100)
        let raw = Self.blockColors(try Self.decode(plain))
        #expect(Self.worst(raw, (0..<8).map { [$0 * 36, $0 * 36, $0 * 36] }) <= 1)
        let tagged = TestJPEG.inserting(TestJPEG.iccSegments(TestProfiles.gray(gamma: 1), parts: 1), into: plain)
        let expected = raw.map { $0.map { ImageDecoderPNGTests.powerToSRGB($0, exponent: 1) } }
        #expect(Self.worst(Self.blockColors(try Self.decode(tagged)), expected) <= 1)
    }

    /// Broken ICC markers (a part missing, a bad count, not a profile) are ignored, not errors.
    @Test func malformedProfilesAreIgnored() throws {
        let samples = TestJPEG.blocks(width: 32, height: 16, components: 3) { bx, by in [UInt8(bx * 60), 90, UInt8(by * 200)] }
        let plain = try TestJPEG.encode(samples, width: 32, height: 16, color: TJW_RGB)
        let expected = try Self.decode(plain)
        let parts = TestJPEG.iccSegments(TestProfiles.displayP3, parts: 3)
        var badCount = parts[0]
        badCount.data[13] = 0
        let cases: [[(marker: UInt8, data: [UInt8])]] = [
            [parts[0], parts[2]],                                            // part 2 of 3 missing
            [badCount],
            TestJPEG.iccSegments(Array("not a profile".utf8), parts: 1),
            TestJPEG.iccSegments(TestProfiles.cmyk, parts: 1),               // CMYK profile, RGB image
        ]
        for segments in cases {
            #expect(try Self.decode(TestJPEG.inserting(segments, into: plain)) == expected)
        }
    }
}
