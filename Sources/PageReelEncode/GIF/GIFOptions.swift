import Glibc

/// How `GIFWriter` encodes: size, the frame rate the frames were sampled at, looping, quality.
///
/// A value type like `VideoOptions`; the GIF usually gets its own size and rate (`--gif-width`,
/// `--gif-fps`) because GIFs are best small.
public struct GIFOptions: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// The rate the frames are sampled at; delays are derived from it exactly (see `GIFTiming`).
    public var fps: Int
    /// 0 = loop forever, -1 = play once, N = play N more times after the first.
    public var loop: Int
    /// Floyd–Steinberg strength, 0…1. 0 suits flat UI best: dithering noise defeats the frame
    /// differencing and the LZW strings that make animated GIFs of UIs small.
    public var dithering: Float
    /// 1…100, how close the GIF stays to the frames: 100 stores every frame's palette mapping
    /// losslessly; lower values let lossy LZW move pixels further and, below 80, give each frame
    /// fewer colours (`compressionTolerance`, `maxColors`).
    ///
    /// The default 80 was chosen by measurement (sample decks at 720p, 30 fps, PSNR of ffmpeg's
    /// decoding): the lowest round quality at which both `onboarding` and `tabs` still beat
    /// ffmpeg's two-pass palettegen/paletteuse on size *and* PSNR, as DESIGN §6 asks (10–25%
    /// smaller, 1.1–1.7 dB sharper; at 78 `tabs` falls below it). From 100 to 80 the files shrink
    /// by 8–31% while staying at 49–60 dB, where the difference is invisible.
    public var quality: Int

    /// The quality GIFs get unless told otherwise.
    public static let defaultQuality = 80
    /// The qualities there are.
    public static let qualities = 1...100

    public init(width: Int, height: Int, fps: Int, loop: Int = 0, dithering: Float = 0,
                quality: Int = GIFOptions.defaultQuality) {
        self.width = width
        self.height = height
        self.fps = fps
        self.loop = loop
        self.dithering = dithering
        self.quality = quality
    }

    /// How much further from its true colour (Euclidean distance in 8-bit RGB) lossy LZW may draw
    /// a pixel so that a string continues: 0.4 per quality step below 100, so 0 at 100 (lossless),
    /// 8 at the default 80, 39.6 at 1. Not applied to dithered frames, whose pattern it would undo.
    var compressionTolerance: Double { 0.4 * Double(100 - quality) }

    /// The most colours a frame's palette may have: 256 down to the default 80, then halving every
    /// 20 steps (128 at 60, 64 at 40, 32 at 20, 16 at 1). Below 80, fewer colours buy more size
    /// for the PSNR they cost than a larger tolerance alone (measured on the sample decks).
    var maxColors: Int {
        guard quality < 80 else { return 256 }
        return max(16, Int(256 * exp2(Double(quality - 80) / 20)))
    }
}
