/// How `WebPWriter` encodes: size, the frame rate the frames were sampled at, looping, quality.
public struct WebPOptions: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// The rate the frames are sampled at; each frame starts at its exact time in whole
    /// milliseconds, round(1000·k/fps), so the durations add up exactly.
    public var fps: Int
    /// pagereel's loop count: 0 = forever, -1 = play once, N = play N more times after the first.
    public var loop: Int
    /// 1…100: 100 is lossless (every frame exact); below it, each changed rectangle is lossy VP8
    /// at this quality, or lossless VP8L (exact) where a rectangle of few colours comes out
    /// smaller that way.
    public var quality: Int

    /// The quality animated WebPs get unless told otherwise.
    ///
    /// Chosen by measurement against libwebp's own `img2webp -lossy -q 90 -m 4` on the same
    /// frames (1280×720, 30 fps, PSNR over all frames placed by their timestamps): at 80, with
    /// sharp RGB→YUV, the `onboarding` sample is 2.37 vs 3.32 MB at 42.2 vs 40.0 dB and the
    /// `device-showcase` sample 1.17 vs 1.31 MB at 44.3 vs 44.2 dB — smaller and no less sharp on
    /// both. At 85 the showcase is larger than img2webp's; without sharp YUV it is 0.6 dB softer.
    public static let defaultQuality = 80
    /// The qualities there are.
    public static let qualities = 1...100
    /// libwebp's largest width or height.
    public static let maximumDimension = 16383

    public init(width: Int, height: Int, fps: Int, loop: Int = 0, quality: Int = WebPOptions.defaultQuality) {
        self.width = width
        self.height = height
        self.fps = fps
        self.loop = loop
        self.quality = quality
    }

    /// The WebP loop count (ANIM chunk): the number of plays, 0 for forever.
    var loopCount: Int { loop == 0 ? 0 : loop < 0 ? 1 : loop + 1 }
}
