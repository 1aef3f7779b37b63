import PageReelDeck
import PageReelEncode

/// A place a video is published, with what it accepts: the size, the fastest frame rate, how the
/// video and sound must be encoded, and the limits it refuses files by (`--target NAME`,
/// `pagereel targets`).
///
/// The App Store's are Apple's app preview specification (App Store Connect Help, "App preview
/// specifications"): H.264 progressive up to High Profile level 4.0 at 10–12 Mbit/s, at most 30
/// frames per second, 15–30 seconds, at most 500 MB, one stereo AAC track at 256 kbit/s (44.1 or
/// 48 kHz), portrait or landscape (Mac and Apple TV landscape only). The bitrate is held by x264's
/// VBV in one pass — constant bitrate with filler (`nal-hrd=cbr`), since flat UI needs a fraction
/// of 10 Mbit/s and an average-bitrate encode of it lands far below the range.
///
/// Under a bitrate x264 runs on one thread, for the same bytes on every run (`VideoWriter.threads`),
/// where a constant-quality export has three on two cores. So the App Store's targets take x264's
/// `veryfast` preset unless `--preset` names another: about half of `medium`'s encoding time,
/// which keeps a preview as quick to make as the deck's default export. At 11 Mbit/s the picture
/// hardly differs: on the app-store sample the median frame is 71 dB PSNR against 75 with
/// `medium`; on a hard deck (grainy photos and a recording, swiped) the median frames are alike
/// (49.8 against 49.9 dB) and the worst twentieth of them 2.5 dB lower (40.6 against 43.1 dB).
public struct Target: Sendable, Equatable {
    /// Who takes the video, which decides the warnings (App Review's guideline 2.3.4).
    public enum Store: String, Sendable {
        case appStore = "App Store"
        case googlePlay = "Google Play"
        case social = "social"
    }

    /// The name `--target` takes.
    public let name: String
    /// What it is for, in a few words.
    public let summary: String
    public let store: Store
    /// The video's size in pixels; the canvas must have its shape.
    public let width: Int
    public let height: Int
    /// The fastest frame rate; a faster deck is resampled to it.
    public let maxFPS: Int
    /// The video's bitrate in bit/s, held constant by x264's VBV (nil = constant quality, CRF).
    public let videoBitrate: Int?
    /// The H.264 level the stream must stay within (x264 then limits its reference frames).
    public let level: Int?
    /// x264's preset when `--preset` names none (nil = `ExportOptions.defaultPreset`).
    public let preset: String?
    /// The sound's bitrate in bit/s (nil = `ExportOptions.defaultAudioBitrate`).
    public let audioBitrate: Int?
    /// Whether the video carries a sound track even when the deck has nothing to hear (silence).
    public let alwaysHasSound: Bool
    /// The shortest and longest video accepted, in seconds.
    public let durations: ClosedRange<Double>?
    /// The largest file accepted, in bytes.
    public let maxBytes: Int?
    /// The video formats it accepts.
    public let formats: [Output.Format]

    /// The targets, in the order `pagereel targets` lists them.
    public static let all: [Target] = appStore + [
        Target(name: "youtube", summary: "YouTube 1080p (the video Google Play links to)", store: .googlePlay,
               width: 1920, height: 1080, maxFPS: 60, audioBitrate: 384_000),
        Target(name: "square", summary: "square feed video (Instagram, LinkedIn, X)", store: .social,
               width: 1080, height: 1080, maxFPS: 30),
        Target(name: "story", summary: "vertical story or short (Instagram, TikTok, YouTube Shorts)", store: .social,
               width: 1080, height: 1920, maxFPS: 30),
    ]

    /// Apple's app previews, one per device class and orientation.
    static let appStore: [Target] = [
        (name: "appstore-iphone", device: "iPhone 6.9\" and 6.5\"", width: 886, height: 1920),
        (name: "appstore-iphone-landscape", device: "iPhone 6.9\" and 6.5\", landscape", width: 1920, height: 886),
        (name: "appstore-iphone-5.5", device: "iPhone 5.5\"", width: 1080, height: 1920),
        (name: "appstore-iphone-5.5-landscape", device: "iPhone 5.5\", landscape", width: 1920, height: 1080),
        (name: "appstore-ipad", device: "iPad", width: 1200, height: 1600),
        (name: "appstore-ipad-landscape", device: "iPad, landscape", width: 1600, height: 1200),
        (name: "appstore-mac", device: "Mac (landscape only)", width: 1920, height: 1080),
        (name: "appstore-tv", device: "Apple TV (landscape only)", width: 1920, height: 1080),
    ].map { preview in
        Target(name: preview.name, summary: "App Store app preview, \(preview.device)", store: .appStore,
               width: preview.width, height: preview.height, maxFPS: 30, videoBitrate: 11_000_000, level: 40,
               preset: "veryfast", audioBitrate: 256_000, alwaysHasSound: true, durations: 15...30, maxBytes: 500_000_000, formats: [.mp4])
    }

    /// The target named `name`.
    public static func named(_ name: String) -> Target? { all.first { $0.name == name } }

    /// The target names.
    public static var names: [String] { all.map(\.name) }

    init(name: String, summary: String, store: Store, width: Int, height: Int, maxFPS: Int, videoBitrate: Int? = nil,
         level: Int? = nil, preset: String? = nil, audioBitrate: Int? = nil, alwaysHasSound: Bool = false, durations: ClosedRange<Double>? = nil,
         maxBytes: Int? = nil, formats: [Output.Format] = [.mp4, .webm]) {
        self.name = name
        self.summary = summary
        self.store = store
        self.width = width
        self.height = height
        self.maxFPS = maxFPS
        self.videoBitrate = videoBitrate
        self.level = level
        self.preset = preset
        self.audioBitrate = audioBitrate
        self.alwaysHasSound = alwaysHasSound
        self.durations = durations
        self.maxBytes = maxBytes
        self.formats = formats
    }

    /// The frame rate a deck of `fps` is exported at: its own, or `maxFPS` when faster.
    public func fps(for fps: Int) -> Int { min(fps, maxFPS) }

    /// The most bytes a video of `seconds` can take: the constant video bitrate and the sound's,
    /// with 2% for the container (a constant-quality target has no bound).
    public func maxFileBytes(seconds: Double) -> Double? {
        guard let videoBitrate else { return nil }
        let bits = Double(videoBitrate + (audioBitrate ?? ExportOptions.defaultAudioBitrate)) * seconds
        return bits / 8 * 1.02
    }

    /// The H.264 level as Apple writes it: 40 → "4.0".
    public var levelName: String? { level.map { "\($0 / 10).\($0 % 10)" } }
}
