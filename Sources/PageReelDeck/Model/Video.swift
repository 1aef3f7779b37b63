/// A screen recording shown on a page or in a layer, placed on the deck's timeline as a video
/// editor places a clip: it starts at `start` seconds into the file, plays at `rate`, and past
/// `end` (or the file's last frame) holds its last frame, or starts over at `start` when `loop`.
public struct Video: Sendable, Equatable {
    /// When the clip's time runs.
    public enum Play: String, Sendable, Equatable, CaseIterable {
        /// From the start of the deck: at deck time t the clip is at `start + rate · t`.
        case always
        /// From the instant its page becomes the current page (the page nearest the viewport),
        /// again each time it does; before the first time it shows the frame at `start`.
        case onAppear
    }

    /// Path relative to the deck file: a real container (MP4/MOV, Matroska/WebM, AVI, MPEG-TS, FLV,
    /// GIF, APNG; never a playlist) with any codec FFmpeg decodes (H.264, HEVC, VP9, AV1, ProRes…).
    /// Its audio track, if any, plays with the clip (`Audio.recordings`).
    public var file: String
    /// Seconds into the file where the clip begins.
    public var start: Double = 0
    /// Seconds into the file where it ends (exclusive); nil = the file's end.
    public var end: Double?
    /// Whether the clip starts over at `start` after `end`, rather than holding its last frame.
    public var loop: Bool = false
    /// Playback speed: 2 plays twice as fast.
    public var rate: Double = 1
    public var play: Play = .always
    /// How the clip fills its box; nil = the page's or layer's `fit`.
    public var fit: Fit?
    /// Linear gain of the clip's own audio track, 0…1 (0 mutes it), before its page's visibility.
    public var volume: Double = 1

    public init(file: String, start: Double = 0, end: Double? = nil, loop: Bool = false, rate: Double = 1,
                play: Play = .always, fit: Fit? = nil) {
        self.file = file
        self.start = start
        self.end = end
        self.loop = loop
        self.rate = rate
        self.play = play
        self.fit = fit
    }

    /// The part of a file `duration` seconds long the clip plays: from `start`, for `length`
    /// seconds (to `end` or the file's end, whichever comes first; 0 when `start` is past it).
    public func span(duration: Double) -> (first: Double, length: Double) {
        let stop = min(end ?? duration, duration)
        let first = min(max(start, 0), stop)
        return (first, stop - first)
    }

    /// Seconds of the clip that have played at deck time `time`, for a page that last became the
    /// current page at `appeared` (nil: not yet).
    public func elapsed(at time: Double, appeared: Double?) -> Double {
        switch play {
        case .always: max(0, time) * rate
        case .onAppear: appeared.map { max(0, time - $0) * rate } ?? 0
        }
    }

    /// The instant of the file shown after `elapsed` seconds of the clip, for a file whose frames
    /// run from 0 to `duration` seconds: past the end an instant `tolerance` before it is held (in
    /// the last frame that starts before the end), or the clip starts over at `start` when `loop`.
    /// Always within `start ..< end` (or the file's end).
    ///
    /// A frame counts as begun within `tolerance` of its start, so an output frame at 1/3 s shows
    /// the source frame that starts at 1/3 s whatever the rounding of `start + rate · t`.
    public func fileTime(elapsed: Double, duration: Double) -> Double {
        let (first, length) = span(duration: duration)
        let last = max(0, first + length - Video.tolerance)
        guard length > 0, elapsed.isFinite else { return min(first, last) }
        let played = max(elapsed, 0) + Video.tolerance
        return min(first + (loop ? played.truncatingRemainder(dividingBy: length) : played), last)
    }

    /// How close to a frame's start an instant counts as inside it, in seconds.
    public static let tolerance = 1e-6
}
