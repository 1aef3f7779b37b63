import Foundation
import Testing
import PageReelTestSupport
@testable import PageReelEncode

/// LZW streams written into a one-image GIF and decoded by ffmpeg: every index must come back.
@Suite struct LZWEncoderTests {
    let scratch = ScratchDirectory()

    /// Encodes `symbols` as a `width`×`height` image with a palette of `colors` greys and returns
    /// what ffmpeg decodes, as palette indices.
    func roundTrip(_ symbols: [UInt8], width: Int, height: Int, colors: Int, name: String = #function) throws -> [Int] {
        let path = try scratch.directory(name) + "/lzw.gif"
        let writer = try GIFBlockWriter(path: path)
        try writer.writeHeader(width: width, height: height, loop: -1)
        // Grey i, in steps that keep up to 256 levels apart.
        let palette = (0..<colors).map { UInt32($0 * 255 / max(colors - 1, 1)) * 0x01_0101 }
        var image = GIFBlockWriter.Image(x: 0, y: 0, width: width, height: height, palette: palette,
                                         transparentIndex: nil, delay: 10, data: [])
        var stored = symbols
        stored.withUnsafeMutableBufferPointer { buffer in
            LZWEncoder().encode(buffer, minimumCodeSize: GIFBlockWriter.minimumCodeSize(colors: colors), into: &image.data)
        }
        #expect(stored == symbols, "lossless encoding must not change symbols")
        try writer.write(image)
        try writer.finish()
        let rgb = try Probe.decodeRGB(path)
        let level = Dictionary(uniqueKeysWithValues: palette.enumerated().map { (Int($1 & 0xFF), $0) })
        return stride(from: 0, to: rgb.count, by: 3).map { level[Int(rgb[$0])] ?? -1 }
    }

    func random(_ count: Int, below limit: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(Int(state >> 16) % limit)
        }
    }

    @Test(arguments: [(256, 300, 200), (16, 97, 61), (3, 64, 64), (2, 33, 17)])
    func randomIndicesSurviveCodeGrowthAndClears(colors: Int, width: Int, height: Int) throws {
        // Random data fills the 4096-entry table every few thousand pixels: code widths grow from
        // minimum + 1 to 12 bits and restart many times.
        let symbols = random(width * height, below: colors, seed: UInt32(colors))
        #expect(try roundTrip(symbols, width: width, height: height, colors: colors, name: "random\(colors)") == symbols.map(Int.init))
    }

    @Test func longRunsBuildLongStrings() throws {
        // A few runs of thousands of pixels: strings grow one symbol per code, including the
        // code that is defined by its own use (KwKwK).
        let symbols = (0..<4).flatMap { [UInt8](repeating: UInt8($0 % 2), count: 2000 + 700 * $0) }
        let width = 100, height = symbols.count / 100
        #expect(try roundTrip(Array(symbols.prefix(width * height)), width: width, height: height, colors: 2)
                == symbols.prefix(width * height).map(Int.init))
    }

    @Test func aSinglePixel() throws {
        #expect(try roundTrip([1], width: 1, height: 1, colors: 2) == [1])
    }

    @Test func everyCodeWidthEndsCleanly() throws {
        // Image sizes around each point where the code width grows (the end code must be read
        // at the width the decoder expects): n constant pixels take n codes in growing runs,
        // so sweep enough lengths to end right before, at and after every growth.
        for count in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 50, 70, 300, 1000] {
            let symbols = random(count, below: 4, seed: UInt32(count))
            #expect(try roundTrip(symbols, width: count, height: 1, colors: 4, name: "length\(count)") == symbols.map(Int.init),
                    "\(count) pixels")
        }
    }

    @Test func lossyEncodingOnlySwapsSymbolsWithinTheTolerance() throws {
        // Random symbols for two greys 2 levels apart, 3 × 2² = 12 apart squared: with a tolerance
        // of 12 either may stand in for the other, and the stream compresses like a constant.
        let count = 4096
        let symbols = random(count, below: 2, seed: 9)
        let palette: [UInt32] = [0x64_6464, 0x66_6666]
        let targets = symbols.map { palette[Int($0)] }
        var lossless: [UInt8] = [], lossy: [UInt8] = []
        var plain = symbols, swapped = symbols
        let encoder = LZWEncoder()
        plain.withUnsafeMutableBufferPointer { encoder.encode($0, minimumCodeSize: 2, into: &lossless) }
        targets.withUnsafeBufferPointer { targets in
            palette.withUnsafeBufferPointer { palette in
                let colors = LZWEncoder.Colors(targets: targets, under: targets, palette: palette, transparent: -1,
                                               tolerance: 12)
                swapped.withUnsafeMutableBufferPointer { encoder.encode($0, colors: colors, minimumCodeSize: 2, into: &lossy) }
            }
        }
        #expect(lossy.count * 4 < lossless.count)
        #expect(swapped != symbols)
        #expect(zip(swapped, targets).allSatisfy { LZWEncoder.distance(palette[Int($0)], $1) <= 12 })
        let decoded = try roundTripLossy(swapped, encoded: lossy, palette: palette)
        #expect(decoded == swapped.map(Int.init))
    }

    /// Writes an already encoded stream and decodes it with ffmpeg, as palette indices.
    func roundTripLossy(_ symbols: [UInt8], encoded: [UInt8], palette: [UInt32]) throws -> [Int] {
        let path = try scratch.directory() + "/lossy.gif"
        let writer = try GIFBlockWriter(path: path)
        try writer.writeHeader(width: 64, height: symbols.count / 64, loop: -1)
        try writer.write(GIFBlockWriter.Image(x: 0, y: 0, width: 64, height: symbols.count / 64, palette: palette,
                                              transparentIndex: nil, delay: 10, data: encoded))
        try writer.finish()
        let rgb = try Probe.decodeRGB(path)
        return stride(from: 0, to: rgb.count, by: 3).map { rgb[$0] == 0x64 ? 0 : rgb[$0] == 0x66 ? 1 : -1 }
    }
}
