/// How `VideoWriter` encodes: codec, size, frame rate and the quality knobs of the CLI.
///
/// A value type so the facade can derive per-output options (`--crf`, `--preset`, `--tune`)
/// from one deck without sharing state between outputs.
public struct VideoOptions: Sendable, Equatable {
    /// H.264 in MP4 or VP9 in WebM.
    public enum Codec: String, Sendable {
        case h264, vp9

        /// The constant-quality value used when `crf` is nil: visually lossless for flat UI in
        /// H.264; VP9's scale differs, 32 is its usual "good" setting.
        public var defaultCRF: Int {
            switch self {
            case .h264: 18
            case .vp9: 32
            }
        }

        /// The largest CRF the encoder accepts (x264: 51, libvpx: 63).
        public var maximumCRF: Int {
            switch self {
            case .h264: 51
            case .vp9: 63
            }
        }
    }

    public var codec: Codec
    /// The canvas size; odd sizes are padded to even ones by repeating the edge pixels.
    public var width: Int
    public var height: Int
    public var fps: Int
    /// Constant rate factor; nil = `codec.defaultCRF`.
    public var crf: Int?
    /// x264 preset (ultrafast … placebo). H.264 only: VP9 always runs libvpx's "good" deadline
    /// at cpu-used 4.
    public var preset: String
    /// x264 tune (film, animation, grain, stillimage, …) or nil for none. H.264 only.
    public var tune: String?
    /// The frames of which video this file holds, recorded in the container (MP4 only) so that
    /// `concat` can check and order shards; nil = record nothing. The writer checks that the
    /// frames it is given are exactly these.
    public var shard: ShardMetadata?
    /// How the sound is encoded when the writer is given some.
    public var audio = AudioOptions()
    /// H.264 at this constant bitrate in bit/s instead of a constant quality: x264's VBV holds
    /// it with a one-second buffer and pads with filler data (`nal-hrd=cbr`), so the whole file
    /// stays at it however little the pictures need (a store's specification). nil = `crf`.
    public var bitrate: Int?
    /// The H.264 level the stream must stay within, as 10 × the level (40 = 4.0); x264 limits
    /// its reference frames to the level's picture buffer. nil = whatever x264 infers.
    public var level: Int?
    /// A ceiling in bit/s on the constant quality (`--max-size`): H.264 keeps its CRF, but x264's
    /// VBV (this rate, a one-second buffer) holds every second of video below it ("capped CRF"),
    /// so the file is at most this rate times its length plus one buffer; VP9 encodes in
    /// libvpx's constrained-quality mode with this as its target. nil = no ceiling.
    public var maxBitrate: Int?

    public init(codec: Codec = .h264, width: Int, height: Int, fps: Int, crf: Int? = nil,
                preset: String = "medium", tune: String? = "animation") {
        self.codec = codec
        self.width = width
        self.height = height
        self.fps = fps
        self.crf = crf
        self.preset = preset
        self.tune = tune
    }

    /// Whether x264 holds the rate with its VBV: a constant bitrate or a ceiling (H.264 only).
    public var hasVBV: Bool { codec == .h264 && (bitrate != nil || maxBitrate != nil) }

    /// The CRF actually used.
    public var effectiveCRF: Int { crf ?? codec.defaultCRF }

    /// How the rate is controlled, for people: `crf 18`, `crf 18, max 2400k` or `cbr 11000k, level 4.0`.
    public var rateDescription: String {
        guard let bitrate, codec == .h264 else {
            return "crf \(effectiveCRF)" + (maxBitrate.map { ", max \($0 / 1000)k" } ?? "")
        }
        return "cbr \(bitrate / 1000)k" + (level.map { ", level \($0 / 10).\($0 % 10)" } ?? "")
    }
}
