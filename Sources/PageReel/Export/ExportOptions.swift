import Foundation
import PageReelDeck
import PageReelEncode

/// What an export writes and how: outputs, and the overrides of the command line.
public struct ExportOptions: Sendable {
    /// Where to write, one render feeding them all; empty = `DECK.mp4` beside the deck.
    public var outputs: [Output] = []
    /// Overrides the deck's transition.
    public var transition: TransitionSpec?
    /// Overrides the deck's frame rate (the timeline is resampled, not retimed).
    public var fps: Int?
    /// Output size in pixels; must have the canvas's aspect ratio.
    public var size: (width: Int, height: Int)?
    /// Frames A…B inclusive (a shard); nil = all.
    public var frames: ClosedRange<Int>?
    /// x264/libvpx constant rate factor (0…63); nil = the encoder's default for pagereel (18).
    public var crf: Int?
    /// x264 preset (`ultrafast` … `veryslow`); nil = the target's (`Target.preset`), else
    /// `defaultPreset`.
    public var preset: String?
    /// x264 tune; nil = none.
    public var tune: String? = "animation"
    /// The animated images' frame rate (GIF, WebP, APNG); nil = the video's, but at most
    /// `maximumDefaultGIFFPS`.
    public var gifFPS: Int?
    /// The animated images' width in pixels (GIF, WebP, APNG); they are rendered at that size
    /// (the canvas's aspect ratio kept).
    public var gifWidth: Int?
    /// The animated images' loop count: 0 = forever, -1 = play once, N = N more times.
    public var loop: Int = 0
    /// Whether the summary lists each output's SHA-256 (read back once written).
    public var checksums = false
    /// Whether MP4 and WebM outputs carry the deck's sound (`--no-audio` turns it off). A deck
    /// with nothing to hear gets no audio stream either way.
    public var audio = true
    /// Bits per second of the sound (AAC in MP4, Opus in WebM); nil = `AudioOptions.defaultBitrate`.
    public var audioBitrate: Int?
    /// Where the video is published (`Target`): it sets the size, caps the frame rate, fixes the
    /// encoder's and the sound's settings and checks the store's limits before rendering. Flags it
    /// decides (`size`, a faster `fps`, `crf` where it holds a bitrate, another `audioBitrate`) are
    /// `.usage` when they disagree with it.
    public var target: Target?
    /// GIF quality 1…100 (`gifQualities`): 100 keeps the quantized frames exactly (lossless
    /// LZW); lower values let lossy LZW move pixels further and, below 80, use fewer colours.
    public var gifQuality: Int = GIFOptions.defaultQuality
    /// WebP quality 1…100 (`WebPOptions`): 100 is lossless.
    public var webpQuality: Int = WebPOptions.defaultQuality
    /// The most bytes each output may take (`--max-size`): animated images are fitted into it
    /// with the best quality that fits (`BudgetedImageSink`); MP4 and WebM get a bitrate cap that
    /// keeps them within it. nil = no limit.
    public var maxSize: ByteSize?

    /// The x264 preset a video is encoded with.
    public var x264Preset: String { preset ?? target?.preset ?? Self.defaultPreset }

    /// x264's preset without `preset` or a target's.
    public static let defaultPreset = "medium"
    /// The GIF qualities there are.
    public static let gifQualities = GIFOptions.qualities
    /// The sound's bitrate without `audioBitrate`, in bit/s.
    public static let defaultAudioBitrate = AudioOptions.defaultBitrate
    /// The fastest GIF rate chosen without `gifFPS`: a GIF's delays are whole centiseconds and
    /// browsers play those under 2 cs as 10 cs, so 50 fps (2 cs each) is the fastest that plays
    /// smoothly and keeps its time everywhere.
    public static let maximumDefaultGIFFPS = 50

    /// Options with every default: no outputs (`DECK.mp4`), the deck's transition, rate and size.
    public init() {}
}

/// One output file (or folder) and its format, picked by the extension.
public struct Output: Sendable, Equatable {
    /// What is written: a video, a GIF, a still, or a folder of frames.
    public enum Format: String, Sendable, Equatable {
        case mp4, gif, webm, webp, apng
        /// One PNG: the first frame rendered.
        case png
        /// A folder of `frame-000000.png` files numbered by absolute frame index.
        case pngFrames
    }

    /// The file (or folder, for `.pngFrames`) to write; relative paths are relative to the working
    /// directory.
    public var path: String
    public var format: Format

    /// GIF, WebP and APNG: the README animations, rendered at the images' own rate and width.
    public var isAnimatedImage: Bool { [.gif, .webp, .apng].contains(format) }

    /// An output of an explicit format, whatever the path's extension.
    public init(path: String, format: Format) {
        self.path = path
        self.format = format
    }

    /// The output for a `-o` argument: a path ending in `/` is a PNG frame folder, else the
    /// extension decides; nil for an unknown extension.
    public init?(argument: String) {
        if argument.hasSuffix("/") {
            self.init(path: String(argument.dropLast()).isEmpty ? "/" : String(argument.dropLast()), format: .pngFrames)
            return
        }
        guard let format = Format(rawValue: (argument as NSString).pathExtension.lowercased()), format != .pngFrames else {
            return nil
        }
        self.init(path: argument, format: format)
    }
}
