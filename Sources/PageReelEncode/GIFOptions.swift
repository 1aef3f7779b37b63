/// How `GIFWriter` encodes: size, the frame rate the frames were sampled at, and looping.
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
    /// How much further from its true colour (Euclidean distance in 8-bit RGB, 0…64) a pixel may
    /// be drawn so that LZW can continue a longer string. 0 stores the quantized frames losslessly;
    /// the default 8 makes UI GIFs about a fifth smaller for about 2 dB of PSNR. Not applied to
    /// dithered frames, whose pattern it would undo.
    public var compressionTolerance: Double

    public init(width: Int, height: Int, fps: Int, loop: Int = 0, dithering: Float = 0,
                compressionTolerance: Double = 8) {
        self.width = width
        self.height = height
        self.fps = fps
        self.loop = loop
        self.dithering = dithering
        self.compressionTolerance = compressionTolerance
    }
}
