import Foundation
@testable import PageReelMedia
import PageReelTestSupport
import Testing

/// PNG files with colour chunks and EXIF, decoded as a browser shows them. Inputs are written by
/// `TestPNG`; expected colours come from `transicc` or are worked out by hand (tolerance: one
/// level, see `ColorTransformTests`).
@Suite struct ImageDecoderPNGTests {
    /// Every level in each channel, in a different order per channel, plus the 6³ grid.
    static let colors: [[Int]] = (0...255).map { [$0, 255 - $0, $0 * 7 % 256] }
        + (0..<216).map { [$0 % 6 * 51, $0 / 6 % 6 * 51, $0 / 36 * 51] }

    static func rgbPNG(_ colors: [[Int]], _ chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        TestPNG(width: colors.count, height: 1, colorType: 2, samples: colors.flatMap { $0 }, chunks: chunks).encode()
    }

    /// The decoded row's colours (opaque pixels, so premultiplied is straight).
    static func decoded(_ png: [UInt8]) throws -> [[Int]] {
        let pixmap = try ImageDecoder.decode(bytes: png, name: "t.png")
        return (0..<pixmap.width).map { x in
            let p = pixmap.pixel(x: x, y: 0)
            return [Int(p.r), Int(p.g), Int(p.b)]
        }
    }

    static func worst(_ a: [[Int]], _ b: [[Int]]) -> Int {
        zip(a, b).map { zip($0, $1).map { abs($0 - $1) }.max()! }.max()!
    }

    static func reference(_ colors: [[Int]], profile: [UInt8]) throws -> [[Int]] {
        let out = try ScratchFolder.with { folder in
            try TransICC.toSRGB(colors.map { $0.map(Double.init) }, profile: profile, in: folder)
        }
        return out.map { $0.map(TransICC.byte) }
    }

    /// By hand: a sample with pure power decoding exponent `exponent`, re-encoded with sRGB's curve.
    static func powerToSRGB(_ v: Int, exponent: Double) -> Int {
        Int(ColorTransformTests.sRGBEncoded(pow(Double(v) / 255, exponent)).rounded())
    }

    @Test func displayP3ProfileIsConvertedAsTransiccDoes() throws {
        let png = Self.rgbPNG(Self.colors, [TestPNG.iCCP(TestProfiles.displayP3)])
        #expect(Self.worst(try Self.decoded(png), try Self.reference(Self.colors, profile: TestProfiles.displayP3)) <= 1)
    }

    /// Why it matters: an iPhone screenshot of pure sRGB red stores it as P3 (234, 51, 35). Read
    /// as sRGB (ignoring the profile) it shows 21, 51 and 35 levels off; converted, red again.
    @Test func p3ScreenshotOfSRGBRedIsRedAgain() throws {
        let stored = [[234, 51, 35]]
        let converted = try Self.decoded(Self.rgbPNG(stored, [TestPNG.iCCP(TestProfiles.displayP3)]))
        #expect(Self.worst(converted, [[255, 0, 0]]) <= 1)
        let untagged = try Self.decoded(Self.rgbPNG(stored, []))
        #expect(untagged == stored)
        #expect(Self.worst(untagged, [[255, 0, 0]]) == 51)
    }

    /// Conversion happens on straight colours, before premultiplying by alpha.
    @Test func translucentPixelsAreConvertedThenPremultiplied() throws {
        let png = TestPNG(width: 1, height: 1, colorType: 6, samples: [234, 51, 35, 128],
                          chunks: [TestPNG.iCCP(TestProfiles.displayP3)]).encode()
        let p = try ImageDecoder.decode(bytes: png, name: "a.png").pixel(x: 0, y: 0)
        // (255, 0, 0) at alpha 128 premultiplies to (128, 0, 0).
        #expect(abs(Int(p.r) - 128) <= 1 && p.g <= 1 && p.b <= 1 && p.a == 128)
    }

    /// gAMA 1/1.8 with sRGB's chromaticities: each channel v becomes sRGB((v/255)^1.8), by hand.
    @Test func gammaWithChromaticitiesConvertsEachChannel() throws {
        let chrm = TestPNG.cHRM([0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06])
        let decoded = try Self.decoded(Self.rgbPNG(Self.colors, [TestPNG.gAMA(1 / 1.8), chrm]))
        #expect(Self.worst(decoded, Self.colors.map { $0.map { Self.powerToSRGB($0, exponent: 1.8) } }) <= 1)
    }

    /// gAMA + cHRM with P3 primaries: as transicc converts an ICC profile of the same primaries
    /// and a pure 2.2 curve.
    @Test func gammaWithWideChromaticitiesMatchesAnEquivalentProfile() throws {
        let chrm = TestPNG.cHRM([0.3127, 0.3290, 0.68, 0.32, 0.265, 0.69, 0.15, 0.06])
        let decoded = try Self.decoded(Self.rgbPNG(Self.colors, [TestPNG.gAMA(1 / 2.2), chrm]))
        let profile = TestProfiles.rgb(red: [0.68, 0.32], green: [0.265, 0.69], blue: [0.15, 0.06], gamma: 2.2)
        #expect(Self.worst(decoded, try Self.reference(Self.colors, profile: profile)) <= 1)
    }

    /// gAMA alone: linear light (1.0) is converted with sRGB's primaries; 1/2.2 is left alone.
    @Test func gammaAloneAppliesUnlessNeutral() throws {
        let linear = try Self.decoded(Self.rgbPNG(Self.colors, [TestPNG.gAMA(1)]))
        #expect(Self.worst(linear, Self.colors.map { $0.map { Self.powerToSRGB($0, exponent: 1) } }) <= 1)
        // Stored (128, 127, 128) is linear light 0.502, 0.498: sRGB 1.055·0.502^(1/2.4) − 0.055 = 187.8/255.
        #expect(linear[128] == [188, 187, 188])
        #expect(try Self.decoded(Self.rgbPNG(Self.colors, [TestPNG.gAMA(0.45455)])) == Self.colors)
    }

    @Test func sRGBChunkAndChromaticitiesAloneLeavePixels() throws {
        #expect(try Self.decoded(Self.rgbPNG(Self.colors, [TestPNG.sRGB, TestPNG.gAMA(0.45455)])) == Self.colors)
        let chrm = TestPNG.cHRM([0.3127, 0.3290, 0.68, 0.32, 0.265, 0.69, 0.15, 0.06])
        #expect(try Self.decoded(Self.rgbPNG(Self.colors, [chrm])) == Self.colors)
    }

    @Test func sRGBProfileLeavesPixelsWithinALevel() throws {
        let decoded = try Self.decoded(Self.rgbPNG(Self.colors, [TestPNG.iCCP(TestProfiles.sRGB)]))
        #expect(Self.worst(decoded, Self.colors) <= 1)
    }

    /// A profile that cannot be used is ignored as browsers ignore it: no error, pixels as stored.
    @Test func unusableProfilesAreIgnored() throws {
        var noTags = Array(TestProfiles.displayP3.prefix(132))
        noTags.replaceSubrange(0..<4, with: [0, 0, 0, 132])
        noTags.replaceSubrange(128..<132, with: [0, 0, 0, 0])
        for profile in [Array("garbage, not an ICC profile".utf8), TestProfiles.cmyk, TestProfiles.gray(gamma: 1), noTags,
                        Array(TestProfiles.displayP3.prefix(400))] {
            #expect(try Self.decoded(Self.rgbPNG(Self.colors, [TestPNG.iCCP(profile)])) == Self.colors)
        }
    }

    /// Gray files: a gray profile (linear) converts by hand; so does gAMA 1.0 alone; 16-bit
    /// samples v·257 give the same as 8-bit v.
    @Test func grayImagesWithGrayProfileOrGamma() throws {
        let levels = Array(0...255)
        let expected = levels.map { v in [Self.powerToSRGB(v, exponent: 1), Self.powerToSRGB(v, exponent: 1),
                                          Self.powerToSRGB(v, exponent: 1)] }
        for (depth, samples) in [(8, levels), (16, levels.map { $0 * 257 })] {
            for chunk in [TestPNG.iCCP(TestProfiles.gray(gamma: 1)), TestPNG.gAMA(1)] {
                let png = TestPNG(width: 256, height: 1, colorType: 0, bitDepth: depth, samples: samples,
                                  chunks: [chunk]).encode()
                #expect(Self.worst(try Self.decoded(png), expected) <= 1, "\(depth)-bit, \(chunk.type)")
            }
        }
    }

    /// eXIf before IDAT turns the image (and the size reported before decoding); after IDAT it is
    /// ignored, as in browsers.
    @Test func exifOrientationBeforeImageData() throws {
        // 3×2: red green blue / white black gray.
        let samples = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 128, 128, 128]
        let exif = ("eXIf", TestJPEG.exifTIFF(orientation: 6, bigEndian: true))
        let before = TestPNG(width: 3, height: 2, colorType: 2, samples: samples, chunks: [exif]).encode()
        let after = TestPNG(width: 3, height: 2, colorType: 2, samples: samples, trailingChunks: [exif]).encode()
        try ScratchFolder.with { folder in
            let turned = try ScratchFolder.write(before, named: "turned.png", in: folder)
            let plain = try ScratchFolder.write(after, named: "plain.png", in: folder)
            #expect(try ImageDecoder.size(ofFileAt: turned) == (2, 3))
            #expect(try ImageDecoder.size(ofFileAt: plain) == (3, 2))
            let pixmap = try ImageDecoder.decode(fileAt: turned)
            // Turned 90° clockwise: the stored bottom-left (white) is now top-left.
            #expect(pixmap.width == 2 && pixmap.height == 3)
            #expect(pixmap.pixel(x: 0, y: 0) == (255, 255, 255, 255) && pixmap.pixel(x: 1, y: 0) == (255, 0, 0, 255))
            #expect(pixmap.pixel(x: 0, y: 2) == (128, 128, 128, 255) && pixmap.pixel(x: 1, y: 2) == (0, 0, 255, 255))
            #expect(try ImageDecoder.decode(fileAt: plain).width == 3)
        }
    }
}
