import Foundation
@testable import PageReelMedia
import PageReelTestSupport
import Testing

/// Conversions to sRGB checked against lcms2's `transicc` (a separate program evaluating the same
/// profiles in floating point, without precalculation) or against values worked out by hand.
///
/// Tolerance: one level. The decoder converts 8-bit pixels through lcms2's optimised 8-bit path
/// (16-bit tables, fixed-point matrix, or for CMYK a resampled CLUT), the reference in doubles;
/// rounding the two differently can move a sample by one level, never more for these smooth
/// profiles (CMYK through a resampled 4-D CLUT is given two).
@Suite struct ColorTransformTests {
    /// 6 × 6 × 6 colours (every multiple of 51) as RGBA with varied alpha.
    static let grid: [UInt8] = (0..<216).flatMap { (k: Int) -> [UInt8] in
        let r = k % 6 * 51, g = k / 6 % 6 * 51, b = k / 36 * 51
        return [UInt8(r), UInt8(g), UInt8(b), UInt8(255 - k)]
    }

    /// Largest channel difference between converted pixels and reference triples (rounded, clipped).
    static func worst(_ pixels: [UInt8], _ reference: [[Double]]) -> Int {
        var worst = 0
        for (k, ref) in reference.enumerated() {
            for c in 0..<3 { worst = max(worst, abs(Int(pixels[k * 4 + c]) - TransICC.byte(ref[c]))) }
        }
        return worst
    }

    /// sRGB's transfer function, encoding linear light (0…1) as a 0…255 sample.
    static func sRGBEncoded(_ linear: Double) -> Double {
        let v = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return 255 * v
    }

    @Test func displayP3MatchesTransicc() throws {
        var pixels = Self.grid
        let transform = try #require(ColorTransform(from: .icc(TestProfiles.displayP3), layout: .rgba))
        transform.apply(to: &pixels)
        let inputs = stride(from: 0, to: Self.grid.count, by: 4).map { i in (0..<3).map { Double(Self.grid[i + $0]) } }
        let reference = try ScratchFolder.with { try TransICC.toSRGB(inputs, profile: TestProfiles.displayP3, in: $0) }
        #expect(Self.worst(pixels, reference) <= 1)
        // Alpha is left as it was.
        #expect(stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == Self.grid[$0] })
        // And the conversion matters: P3 (204, 102, 51) is sRGB (≈219, 94, 32), 15 levels away.
        let k = (4 + 2 * 6 + 1 * 36) * 4
        #expect(Array(Self.grid[k..<k + 3]) == [204, 102, 51])
        #expect(abs(Int(pixels[k]) - 219) <= 1 && abs(Int(pixels[k + 1]) - 94) <= 1 && abs(Int(pixels[k + 2]) - 32) <= 1)
    }

    /// lcms2's own sRGB profile as a tag leaves pixels within a level of where they were.
    @Test func sRGBProfileIsNearlyIdentity() throws {
        var pixels = Self.grid + (0...255).flatMap { [UInt8($0), UInt8($0), UInt8($0), 255] }
        let original = pixels
        try #require(ColorTransform(from: .icc(TestProfiles.sRGB), layout: .rgba)).apply(to: &pixels)
        #expect(zip(pixels, original).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    /// A linear gray profile (gamma 1.0) on gray pixels, by hand: level v is linear light v/255,
    /// which sRGB encodes with its curve (128 → 188); gray stays gray.
    @Test func grayProfileOnGrayPixels() throws {
        var pixels = (0...255).flatMap { [UInt8($0), UInt8($0), UInt8($0), UInt8(255 - $0)] }
        try #require(ColorTransform(from: .icc(TestProfiles.gray(gamma: 1)), layout: .grayRGBA)).apply(to: &pixels)
        for v in 0...255 {
            let expected = Int(Self.sRGBEncoded(Double(v) / 255).rounded())
            let p = Array(pixels[v * 4..<v * 4 + 4])
            #expect(abs(Int(p[0]) - expected) <= 1 && p[0] == p[1] && p[1] == p[2] && p[3] == UInt8(255 - v),
                    "gray \(v): \(p), expected \(expected)")
        }
        #expect(pixels[128 * 4] == 188)
    }

    /// CMYK through a CLUT profile, stored plainly and inverted (Adobe): both match transicc given
    /// the ink percentages, and both differ from the naive formula (so the profile was used).
    @Test func cmykProfileMatchesTransicc() throws {
        let inks: [[UInt8]] = (0..<81).map { (k: Int) -> [UInt8] in
            let c = k % 3 * 120, m = k / 3 % 3 * 120, y = k / 9 % 3 * 120, black = k / 27 * 100
            return [UInt8(c), UInt8(m), UInt8(y), UInt8(black)]
        }
        let percent = inks.map { $0.map { Double($0) / 255 * 100 } }
        let reference = try ScratchFolder.with { try TransICC.toSRGB(percent, profile: TestProfiles.cmyk, in: $0) }
        for inverted in [false, true] {
            let stored = inks.flatMap { ink in ink.map { inverted ? 255 - $0 : $0 } }
            var pixels = stored
            let transform = try #require(ColorTransform(from: .icc(TestProfiles.cmyk), layout: .cmyk(inverted: inverted)))
            transform.apply(to: &pixels)
            #expect(Self.worst(pixels, reference) <= 2, "inverted: \(inverted)")
            #expect(stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 })
            var naive = stored
            ImageDecoder.convertCMYK(&naive, inverted: inverted)
            #expect(Self.worst(naive, reference) >= 20)
        }
    }

    /// Profiles that cannot be used give no transform: the pixels stay as they are (sRGB).
    @Test func unusableColourInformationGivesNoTransform() {
        var headerOnly = [UInt8](repeating: 0, count: 132)   // a valid header, no tags at all
        headerOnly.replaceSubrange(0..<4, with: [0, 0, 0, 132])
        headerOnly.replaceSubrange(8..<20, with: [2, 0x10, 0, 0] + Array("mntrRGB ".utf8))
        headerOnly.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        headerOnly.replaceSubrange(36..<40, with: Array("acsp".utf8))
        let cases: [(ImageColorSpace, ColorTransform.Layout)] = [
            (.sRGB, .rgba),
            (.icc(Array("not a profile at all".utf8)), .rgba),
            (.icc(Array(TestProfiles.displayP3.prefix(300))), .rgba),   // truncated
            (.icc(headerOnly), .rgba),
            (.icc(TestProfiles.cmyk), .rgba),            // CMYK profile, RGB pixels
            (.icc(TestProfiles.gray(gamma: 2.2)), .rgba),
            (.icc(TestProfiles.displayP3), .cmyk(inverted: true)),
            (.gamma(0, .sRGB), .rgba),
        ]
        for (space, layout) in cases {
            #expect(ColorTransform(from: space, layout: layout) == nil, "\(layout)")
        }
        // An RGB profile does apply to gray pixels (as Chromium converts gray JPEGs).
        #expect(ColorTransform(from: .icc(TestProfiles.displayP3), layout: .grayRGBA) != nil)
    }

    /// A large image is converted in chunks on several threads with one transform, in rounds
    /// copied back into the caller's array; the result is the same as converting each piece
    /// alone, and the array keeps its storage (a 50 MP image is not copied whole).
    @Test func largeImagesGiveTheSameResultInParallelChunks() throws {
        var state: UInt32 = 12345
        let count = 1_100_000
        let original = (0..<count * 4).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let transform = try #require(ColorTransform(from: .icc(TestProfiles.displayP3), layout: .rgba))
        var whole: [UInt8] = []   // storage of its own, not shared with `original`
        whole.append(contentsOf: original)
        let storage = whole.withUnsafeBufferPointer { $0.baseAddress }
        transform.apply(to: &whole)
        #expect(whole.withUnsafeBufferPointer { $0.baseAddress } == storage)
        // Chunk (64 Ki pixels) and round (4 chunks per core) boundaries among them.
        for start in [0, 65_530, 131_070, 262_140, 524_280, 1_048_570, count - 10] {
            var piece = Array(original[start * 4..<(start + 10) * 4])
            transform.apply(to: &piece)
            #expect(piece == Array(whole[start * 4..<(start + 10) * 4]), "pixels \(start)…")
        }
    }
}
