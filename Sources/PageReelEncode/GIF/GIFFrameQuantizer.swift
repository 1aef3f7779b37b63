/// Gives one frame its own palette, built from the pixels that changed since the previous frame,
/// and maps those pixels onto it. One per worker thread; frames are quantized in parallel.
///
/// Only the changed pixels count: the rest of the screen already shows earlier frames and will be
/// transparent, so the palette spends all its entries where the frame is new. What is actually on
/// screen depends on every earlier frame's palette and is only known in order, so comparing with
/// it (and choosing transparency) is left to `GIFFrameComposer`.
final class GIFFrameQuantizer {
    /// A quantized frame, handed from a worker to the composer and back. A `Sendable` value
    /// (arrays, not shared buffers), so it can move between threads; each move hands over the
    /// only reference to `indices`, so refilling it never copies.
    struct Output: Sendable {
        /// The frame's pixels, opaque RGBA words: the frame as the writer handed it over, shared
        /// (never copied) with the next frame's job, which diffs against it.
        var source: [UInt32] = []
        /// Per pixel: its palette index, or `unchanged`.
        var indices: [UInt8]
        var palette: [UInt32] = []
        /// False for the first frame, whose every pixel is drawn.
        var hasPrevious = false
        /// Whether the indices are dithered: then they must be drawn as they are.
        var isDithered = false

        init(pixels: Int) {
            indices = [UInt8](repeating: 0, count: pixels)
        }
    }

    /// The index of a pixel the frame leaves as it was; palettes after the first frame have at
    /// most 255 colours, so it never names a colour.
    static let unchanged: UInt8 = 255

    private let width: Int, height: Int
    private let dithering: Float
    private let histogram: GIFColorHistogram
    private let builder: GIFPaletteBuilder

    init(width: Int, height: Int, speed: Int, dithering: Float, path: String) {
        self.width = width
        self.height = height
        self.dithering = dithering
        histogram = GIFColorHistogram(pixels: width * height)
        builder = GIFPaletteBuilder(pixels: width * height, speed: speed, path: path)
    }

    /// Quantizes `current` (opaque RGBA words), diffed against `previous`, the frame shown before
    /// it (nil for the first frame), into `output`, with at most `maxColors` (2…256) colours.
    /// `stop` is polled between steps and inside each pixel loop; once it is set, the work is
    /// abandoned with `EncodeError.stopped`.
    func quantize(_ current: [UInt32], previous: [UInt32]?, maxColors: Int, into output: inout Output,
                  stop: EncodeStop) throws(EncodeError) {
        output.source = current
        current.withUnsafeBufferPointer { current in
            guard let previous else { return histogram.collect(current, changedFrom: nil, stop: stop) }
            previous.withUnsafeBufferPointer { histogram.collect(current, changedFrom: $0, stop: stop) }
        }
        try stop.check()
        output.hasPrevious = previous != nil
        // Later frames keep an entry for transparency.
        output.palette = try builder.build(histogram, maxColors: previous == nil ? maxColors : maxColors - 1, stop: stop)
        try stop.check()
        output.isDithered = dithering > 0 && histogram.count > output.palette.count
        let palette = output.palette, isDithered = output.isDithered
        try current.withUnsafeBufferPointer { current throws(EncodeError) in
            try output.indices.withUnsafeMutableBufferPointer { indices throws(EncodeError) in
                if isDithered { return try dither(current, palette: palette, into: indices, stop: stop) }
                let entries = histogram.pixelEntries, nearest = builder.nearest
                for p in 0..<width * height {
                    let e = Int(entries[p])
                    indices[p] = e < 0 ? Self.unchanged : nearest[e]
                }
            }
        }
    }

    /// Floyd–Steinberg error diffusion at strength `dithering` over the changed pixels; unchanged
    /// pixels neither take nor pass on error.
    private func dither(_ pixels: UnsafeBufferPointer<UInt32>, palette: [UInt32],
                        into indices: UnsafeMutableBufferPointer<UInt8>, stop: EncodeStop) throws(EncodeError) {
        let entries = histogram.pixelEntries, nearest = builder.nearest, search = builder.search
        let colors = palette.map { SIMD3(Float($0 & 0xFF), Float($0 >> 8 & 0xFF), Float($0 >> 16 & 0xFF)) }
        // Error carried into this row and the next, with a one-pixel margin on each side.
        var carried = [SIMD3<Float>](repeating: .zero, count: width + 2)
        var below = carried
        let white = SIMD3<Float>(repeating: 255)
        for y in 0..<height {
            if y % EncodeStop.rows == 0 { try stop.check() }
            for x in below.indices { below[x] = .zero }
            for x in 0..<width {
                let p = y * width + x
                let e = Int(entries[p])
                guard e >= 0 else {
                    indices[p] = Self.unchanged
                    continue
                }
                let c = pixels[p]
                let source = SIMD3(Float(c & 0xFF), Float(c >> 8 & 0xFF), Float(c >> 16 & 0xFF))
                let wanted = (source + carried[x + 1]).clamped(lowerBound: .zero, upperBound: white)
                let index = search.nearest(wanted.x, wanted.y, wanted.z, hint: Int(nearest[e])).index
                indices[p] = UInt8(index)
                let error = (wanted - colors[index]) * dithering
                carried[x + 2] += error * (7.0 / 16)
                below[x] += error * (3.0 / 16)
                below[x + 1] += error * (5.0 / 16)
                below[x + 2] += error * (1.0 / 16)
            }
            swap(&carried, &below)
        }
    }
}
