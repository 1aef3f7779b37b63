import CImageQuant
import Testing
import PageReelTestSupport
@testable import PageReelEncode

/// A frame's palette: exact when the colours fit, otherwise libimagequant's palette improved in
/// plain RGB, with every colour mapped to its nearest entry.
@Suite struct GIFPaletteBuilderTests {
    /// The histogram of a frame: a two-axis gradient with `levels`² × 4 colours.
    func histogram(levels: Int) -> GIFColorHistogram {
        let (w, h) = (2 * levels, 2 * levels)
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let r = UInt32(x * 255 / (w - 1)), g = UInt32(y * 255 / (h - 1)), b = UInt32((x + y) % 4 * 60)
                pixels[y * w + x] = r | g << 8 | b << 16 | 0xFF00_0000
            }
        }
        let histogram = GIFColorHistogram(pixels: w * h)
        pixels.withUnsafeBufferPointer { histogram.collect($0, changedFrom: nil) }
        return histogram
    }

    func squaredError(_ histogram: GIFColorHistogram, _ palette: [UInt32], index: (Int) -> Int) -> Double {
        (0..<histogram.count).reduce(0.0) { sum, e in
            sum + Double(histogram.counts[e]) * Double(LZWEncoder.distance(histogram.colors[e], palette[index(e)]))
        }
    }

    @Test func fewColoursAreKeptExactly() throws {
        let histogram = histogram(levels: 5)   // 10 × 10 pixels, at most 100 colours
        let builder = GIFPaletteBuilder(pixels: 100, speed: 4, path: "test")
        let palette = try builder.build(histogram, maxColors: 255, stop: EncodeStop(path: "test") { false })
        #expect(palette.count == histogram.count)
        for e in 0..<histogram.count { #expect(palette[Int(builder.nearest[e])] == histogram.colors[e]) }
    }

    @Test func refinedPaletteBeatsLibimagequantsInRGBAndMapsToNearest() throws {
        let histogram = histogram(levels: 40)
        let builder = GIFPaletteBuilder(pixels: 80 * 80, speed: 4, path: "test")
        let palette = try builder.build(histogram, maxColors: 32, stop: EncodeStop(path: "test") { false })
        #expect(palette.count <= 32)
        // Every colour goes to its nearest entry (by distance: equally near entries may tie).
        for e in 0..<histogram.count {
            let best = palette.map { LZWEncoder.distance($0, histogram.colors[e]) }.min()!
            #expect(LZWEncoder.distance(palette[Int(builder.nearest[e])], histogram.colors[e]) == best)
        }
        // The same histogram through libimagequant alone, each colour at its nearest entry.
        let attributes = try ImageQuant.Attributes(maxColors: 32, speed: 4, path: "test")
        let liqHistogram = try ImageQuant.Histogram(attributes)
        try liqHistogram.add((0..<histogram.count).map { e in
            let c = histogram.colors[e]
            return liq_histogram_entry(color: liq_color(r: UInt8(c & 0xFF), g: UInt8(c >> 8 & 0xFF), b: UInt8(c >> 16 & 0xFF), a: 255),
                                       count: histogram.counts[e])
        })
        let liqPalette = try liqHistogram.quantize().palette.map { UInt32($0.r) | UInt32($0.g) << 8 | UInt32($0.b) << 16 | 0xFF00_0000 }
        let refined = squaredError(histogram, palette) { Int(builder.nearest[$0]) }
        let unrefined = squaredError(histogram, liqPalette) { e in
            liqPalette.indices.min { LZWEncoder.distance(liqPalette[$0], histogram.colors[e]) < LZWEncoder.distance(liqPalette[$1], histogram.colors[e]) }!
        }
        #expect(refined < unrefined, "refined \(refined), libimagequant \(unrefined)")
    }
}
