import CImageQuant

/// The one palette every frame of a GIF uses, in libimagequant's and FFmpeg's layouts.
///
/// FFmpeg's GIF encoder only crops frames to their changed rectangle and makes unchanged pixels
/// transparent when a frame's palette is byte-identical to the first frame's; per-frame palettes
/// cost about 4× the size on UI content. At most 255 colours are used so one index stays free for
/// the encoder's transparency.
struct SharedPalette: Equatable {
    /// The colours as 0xAARRGGBB (opaque), in index order.
    let colors: [UInt32]

    /// FFmpeg's PAL8 palette: 256 native-endian 0xAARRGGBB words; unused entries are opaque black
    /// (an entry with alpha < 128 would be taken for the transparent colour).
    var ffmpegWords: [UInt32] { colors + [UInt32](repeating: 0xFF00_0000, count: 256 - colors.count) }

    static let maximumColors = 255

    init(colors: [UInt32]) {
        precondition(colors.count <= Self.maximumColors, "a shared GIF palette has at most 255 colours")
        self.colors = colors
    }

    init(_ entries: [liq_color]) {
        self.init(colors: entries.map { Self.word($0) })
    }

    static func word(_ color: liq_color) -> UInt32 {
        0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    }

    static func color(_ word: UInt32) -> liq_color {
        liq_color(r: UInt8(truncatingIfNeeded: word >> 16), g: UInt8(truncatingIfNeeded: word >> 8),
                  b: UInt8(truncatingIfNeeded: word), a: 255)
    }

    /// Gathers colour statistics frame by frame, so the histogram is built while frames are
    /// still being rendered rather than all at once in `finish()`.
    final class Builder {
        private let attributes: ImageQuant.Attributes
        private let histogram: ImageQuant.Histogram
        private let width: Int, height: Int

        init(width: Int, height: Int, speed: Int, path: String) throws(EncodeError) {
            ImageQuant.singleThreaded()
            attributes = try ImageQuant.Attributes(maxColors: SharedPalette.maximumColors, speed: speed, path: path)
            histogram = try ImageQuant.Histogram(attributes)
            self.width = width
            self.height = height
        }

        /// Adds one opaque RGBA frame (`width`×`height`) to the statistics.
        func add(_ pixels: PixelBuffer) throws(EncodeError) {
            ImageQuant.singleThreaded()
            try histogram.add(ImageQuant.Image(attributes, pixels: pixels, width: width, height: height))
        }

        /// The palette for everything added; a histogram can be quantized only once.
        func quantize() throws(EncodeError) -> SharedPalette {
            ImageQuant.singleThreaded()
            return SharedPalette(try histogram.quantize().palette)
        }
    }
}
