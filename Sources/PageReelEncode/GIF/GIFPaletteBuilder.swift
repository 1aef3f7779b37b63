import CImageQuant

/// Chooses one frame's palette from the colours it changes, and the nearest palette entry for
/// each of those colours.
///
/// libimagequant picks the starting palette (median cut plus its own k-means, in a perceptual,
/// gamma-weighted space). A few Lloyd rounds then move each colour to the mean of the sRGB values
/// it stands for, which is what minimises the plain RGB error a viewer (and PSNR) sees: +0.07 dB
/// on the bench GIF for a fifth of the encoding time, where the same time spent in libimagequant
/// (a slower speed setting) gains less. With no more distinct colours than palette entries the
/// palette is the colours themselves, exactly.
final class GIFPaletteBuilder {
    private let speed: Int
    private let path: String
    /// After `build`: the palette index for each histogram entry.
    let nearest: UnsafeMutableBufferPointer<UInt8>
    /// After `build`: a search over the palette, for colours not in the histogram.
    private(set) var search = GIFNearestColor(red: [0], green: [0], blue: [0])
    /// Lloyd rounds after libimagequant's palette; they stop early once no colour changes entry.
    static let refinementRounds = 8

    init(pixels: Int, speed: Int, path: String) {
        self.speed = speed
        self.path = path
        nearest = .allocate(capacity: max(pixels, 1))
        nearest.initialize(repeating: 0)
    }

    deinit { nearest.deallocate() }

    /// The palette (opaque pixel words) for the colours in `histogram`, at most `maxColors`
    /// (2…256) of them; fills `nearest` and `search`. Polls `stop` between refinement rounds.
    func build(_ histogram: GIFColorHistogram, maxColors: Int, stop: EncodeStop) throws(EncodeError) -> [UInt32] {
        let count = histogram.count
        if count <= maxColors {
            for e in 0..<count { nearest[e] = UInt8(e) }
            let palette = Array(histogram.colors.prefix(count))
            search = GIFNearestColor(red: palette.map { Float($0 & 0xFF) }, green: palette.map { Float($0 >> 8 & 0xFF) },
                                     blue: palette.map { Float($0 >> 16 & 0xFF) })
            return palette
        }
        ImageQuant.singleThreaded()
        let attributes = try ImageQuant.Attributes(maxColors: maxColors, speed: speed, path: path)
        let liqHistogram = try ImageQuant.Histogram(attributes)
        var entries: [liq_histogram_entry] = []
        entries.reserveCapacity(count)
        for e in 0..<count {
            let c = histogram.colors[e]
            let color = liq_color(r: UInt8(truncatingIfNeeded: c), g: UInt8(truncatingIfNeeded: c >> 8),
                                  b: UInt8(truncatingIfNeeded: c >> 16), a: 255)
            entries.append(liq_histogram_entry(color: color, count: histogram.counts[e]))
        }
        try liqHistogram.add(entries)
        let start = try liqHistogram.quantize().palette
        var red = start.map { Float($0.r) }, green = start.map { Float($0.g) }, blue = start.map { Float($0.b) }
        try refine(histogram, &red, &green, &blue, stop: stop)
        return (0..<red.count).map { j in
            UInt32(red[j]) | UInt32(green[j]) << 8 | UInt32(blue[j]) << 16 | 0xFF00_0000
        }
    }

    /// Lloyd's k-means in sRGB, weighted by pixel counts; leaves the palette rounded to whole
    /// values, `nearest` mapping every entry to its nearest rounded colour, and `search` ready.
    private func refine(_ histogram: GIFColorHistogram, _ red: inout [Float], _ green: inout [Float],
                        _ blue: inout [Float], stop: EncodeStop) throws(EncodeError) {
        let k = red.count, count = histogram.count
        var sums = [Double](repeating: 0, count: 4 * k)
        for round in 0..<Self.refinementRounds {
            try stop.check()
            let search = GIFNearestColor(red: red, green: green, blue: blue)
            var changed = false
            for j in sums.indices { sums[j] = 0 }
            sums.withUnsafeMutableBufferPointer { sums in
                for e in 0..<count {
                    let c = histogram.colors[e]
                    let r = Float(c & 0xFF), g = Float(c >> 8 & 0xFF), b = Float(c >> 16 & 0xFF)
                    let best = search.nearest(r, g, b, hint: round == 0 ? -1 : Int(nearest[e])).index
                    if round == 0 || nearest[e] != UInt8(best) {
                        changed = true
                        nearest[e] = UInt8(best)
                    }
                    let w = Double(histogram.counts[e])
                    sums[4 * best] += w * Double(r)
                    sums[4 * best + 1] += w * Double(g)
                    sums[4 * best + 2] += w * Double(b)
                    sums[4 * best + 3] += w
                }
            }
            if !changed { break }
            for j in 0..<k where sums[4 * j + 3] > 0 {
                let w = sums[4 * j + 3]
                red[j] = Float(sums[4 * j] / w)
                green[j] = Float(sums[4 * j + 1] / w)
                blue[j] = Float(sums[4 * j + 2] / w)
            }
        }
        for j in 0..<k {
            red[j] = red[j].rounded()
            green[j] = green[j].rounded()
            blue[j] = blue[j].rounded()
        }
        search = GIFNearestColor(red: red, green: green, blue: blue)
        for e in 0..<count {
            let c = histogram.colors[e]
            let hint = Int(nearest[e])
            nearest[e] = UInt8(search.nearest(Float(c & 0xFF), Float(c >> 8 & 0xFF), Float(c >> 16 & 0xFF), hint: hint).index)
        }
    }
}
