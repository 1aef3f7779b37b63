import Testing
import PageReelTestSupport
@testable import PageReelEncode

/// Each worker's remapper must reproduce the shared palette exactly, whatever order
/// libimagequant puts the pinned colours in.
@Suite struct PaletteRemapperTests {
    let scratch = ScratchDirectory()

    /// `count` distinct opaque colours from a fixed linear congruential sequence.
    func colours(_ count: Int) -> [UInt32] {
        var state: UInt32 = 12345, seen = Set<UInt32>(), result: [UInt32] = []
        while result.count < count {
            state = state &* 1_664_525 &+ 1_013_904_223
            let word = 0xFF00_0000 | (state >> 8)
            if seen.insert(word).inserted { result.append(word) }
        }
        return result
    }

    /// Speed 10 is what `GIFFrameStage` uses without dithering; at speed ≥ 8 libimagequant
    /// posterizes its histogram, so the seed image's colours no longer cancel the pinned ones.
    @Test(arguments: [1, 2, 17, 200, 255], [(Float(0), 10), (Float(0), 4), (Float(1), 4)])
    func pixelsOfPaletteColoursMapToThemselves(count: Int, settings: (dithering: Float, speed: Int)) throws {
        let palette = SharedPalette(colors: colours(count))
        // Each colour 3 times, in a different order than the palette.
        let pixels = (0..<3).flatMap { _ in palette.colors.reversed() }
        let spill = try FrameSpill(directory: scratch.directory(), slotSize: pixels.count * 4, outputPath: "test")
        let rgba: [UInt8] = pixels.flatMap { word -> [UInt8] in
            [UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word), 255]
        }
        let slot = try rgba.withUnsafeBytes { try spill.append($0) }
        let remapper = try PaletteRemapper(palette: palette, width: pixels.count, height: 1, speed: settings.speed,
                                           dithering: settings.dithering, path: "test")
        let indices = PixelBuffer(count: pixels.count)
        try remapper.remap(slot: slot, from: spill, into: indices)
        for (i, word) in pixels.enumerated() {
            let index = Int(indices.bytes[i])
            #expect(index < palette.colors.count && palette.colors[index] == word, "pixel \(i)")
        }
    }

    @Test func ffmpegPaletteFillsUnusedEntriesWithOpaqueBlack() {
        let words = SharedPalette(colors: [0xFF12_3456, 0xFFAB_CDEF]).ffmpegWords
        #expect(words.count == 256)
        #expect(words[0] == 0xFF12_3456 && words[1] == 0xFFAB_CDEF)
        #expect(words[2...].allSatisfy { $0 == 0xFF00_0000 })
    }
}
