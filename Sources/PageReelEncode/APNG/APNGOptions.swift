/// How `APNGWriter` encodes: size, the frame rate the frames were sampled at, looping.
///
/// A value type like `GIFOptions`. There is no quality: an APNG is lossless, and its size is
/// decided by what changes between frames, not by a setting.
public struct APNGOptions: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// The rate the frames are sampled at, 1…1000; every delay is an exact fraction of it.
    public var fps: Int
    /// 0 = loop forever, -1 = play once, N = play N more times after the first (pagereel's
    /// meaning, as for GIFs); the file stores it as APNG's `num_plays` (`plays`).
    public var loop: Int

    public init(width: Int, height: Int, fps: Int, loop: Int = 0) {
        self.width = width
        self.height = height
        self.fps = fps
        self.loop = loop
    }

    /// APNG's `num_plays`: 0 plays forever, otherwise the number of times the animation is shown.
    var plays: UInt32 {
        switch loop {
        case 0: 0
        case -1: 1
        default: UInt32(clamping: loop + 1)
        }
    }
}
