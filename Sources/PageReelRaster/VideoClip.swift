import CShims
import Synchronization

/// A video file opened for its frames: screen recordings (`.mov`, `.mp4`; H.264, HEVC, 8- or
/// 10-bit; constant or variable frame rate; possibly turned) shown on pages.
///
/// Design note. Opening checks what can be checked without decoding the whole clip: the file is
/// a container libavformat reads, it has a video stream, every packet of that stream is there
/// (demuxed, not decoded, into `VideoFrameIndex`: when each frame starts, where the keyframes
/// are), and the first frame decodes within the pixel limit. Damage further in shows when that
/// frame is asked for. After that, `frame(_:)` gives any
/// frame as pixels — the frame decoding from the start of the file would show, whether it is
/// reached by streaming forward, by a seek, or from a fresh clip (`VideoDecoder` says how) —
/// converted to RGB by the stream's colour tags (`VideoColor`) and turned upright by its display
/// matrix (`ImageOrientation(displayMatrix:)`).
///
/// The decoder is state (a position in the stream), so it lives inside a `Mutex`: calls from
/// several threads are served one at a time, and the pixmaps they get are values. A renderer that
/// wants frames in parallel opens the file once per thread; streaming forward is what is fast.
public final class VideoClip: Sendable {
    /// The file, as given.
    public let path: String
    /// Display size after rotation, in pixels.
    public let width: Int
    public let height: Int
    /// Start time (seconds, from 0) of each frame in presentation order; frame k lasts until frame
    /// k+1 starts, the last one for its own duration.
    public let frameTimes: [Double]
    /// Seconds from the first frame's start to the end of the last.
    public let duration: Double
    private let index: VideoFrameIndex
    private let decoder: Mutex<VideoDecoder>

    /// Opens `path`: `.notFound` when there is no such file, `.badVideo` (with FFmpeg's reason)
    /// when it is not a video libavformat reads, has no video stream, does not decode, or has
    /// pictures over `maxPixels`.
    public init(path: String, maxPixels: Int = ImageDecoder.maxPixels) throws(RasterError) {
        let muted = VideoClip.muteFFmpegLog()
        defer { _ = pr_av_log_mute(muted) }
        let demuxer = try VideoDemuxer(path: path)
        let parameters = demuxer.parameters.pointee
        // Checked before anything is decoded, so a huge stream costs no memory; the decoded
        // picture's own size is checked again before it is converted.
        if let problem = ImageDecoder.sizeProblem(width: Int(parameters.width), height: Int(parameters.height),
                                                  maxPixels: maxPixels, what: "the video") {
            throw .badVideo(path: path, message: problem)
        }
        let scan = try demuxer.scanPackets()
        let timeBase = demuxer.timeBase
        guard timeBase.num > 0, timeBase.den > 0 else {
            throw .badVideo(path: path, message: "the video stream has no time base (\(timeBase.num)/\(timeBase.den))")
        }
        guard let index = VideoFrameIndex(packets: scan.packets, timeBase: (Int64(timeBase.num), Int64(timeBase.den)),
                                          lastDuration: scan.lastDuration) else {
            throw .badVideo(path: path, message: "the video stream has no frames")
        }
        let decoder = try VideoDecoder(demuxer: demuxer, index: index, maxPixels: maxPixels)
        let first = try decoder.frame(0)
        self.path = path
        width = first.width
        height = first.height
        frameTimes = index.frameTimes
        duration = index.duration
        self.index = index
        self.decoder = Mutex(decoder)
    }

    /// How many frames the clip has (at least 1).
    public var frameCount: Int { frameTimes.count }

    /// The frame whose time span contains `time` seconds (clamped to the first/last frame). A time
    /// within a nanosecond before a frame's start counts as that frame, so `n / fps` computed in
    /// floating point picks the frame starting at that instant.
    public func frameIndex(at time: Double) -> Int { index.frame(at: time) }

    /// Frame `index` (0 ..< `frameCount`) upright (display rotation applied), opaque premultiplied
    /// RGBA, `width`×`height`. The same pixels whatever was asked before.
    public func frame(_ index: Int) throws(RasterError) -> Pixmap {
        precondition(frameTimes.indices.contains(index), "frame \(index) of a clip of \(frameCount) frames")
        let muted = VideoClip.muteFFmpegLog()
        defer { _ = pr_av_log_mute(muted) }
        return try decoder.withLock { decoder throws(RasterError) in try decoder.frame(index) }
    }

    /// Mutes FFmpeg's own log on this thread (returning the previous setting): a clip's failures
    /// are thrown with FFmpeg's reason, and a damaged file must not also spill the demuxer's and
    /// decoder's lines onto stderr between pagereel's messages.
    private static func muteFFmpegLog() -> Int32 {
        pr_av_log_install()
        return pr_av_log_mute(1)
    }
}
