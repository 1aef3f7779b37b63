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
    /// differencing that makes animated GIFs of UIs small.
    public var dithering: Float

    public init(width: Int, height: Int, fps: Int, loop: Int = 0, dithering: Float = 0) {
        self.width = width
        self.height = height
        self.fps = fps
        self.loop = loop
        self.dithering = dithering
    }
}
