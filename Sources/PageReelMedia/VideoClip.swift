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
/// A decoder is state (a position in the stream), and streaming forward is what is fast, so a clip
/// keeps a few decoders (`maximumDecoders`), each in its own `Mutex`: a request goes to the idle
/// decoder nearest behind the frame asked for, so a recording shown twice at different times (a
/// page and a picture-in-picture layer, two pages) or asked for by two render threads streams
/// forward in each place instead of seeking back and forth. A new decoder is opened only when
/// every one there is ahead of the frame or busy; past the maximum, the least recently used one
/// seeks. Memory stays bounded by the number of decoders, whatever the clip's length.
public final class VideoClip: Sendable {
    /// The file, as given.
    public var path: String { file.path }
    /// The file, open: every decoder of the clip reads it.
    private let file: InputFile
    /// Display size after rotation, in pixels.
    public let width: Int
    public let height: Int
    /// Start time (seconds, from 0) of each frame in presentation order; frame k lasts until frame
    /// k+1 starts, the last one for its own duration.
    public let frameTimes: [Double]
    /// Seconds from the first frame's start to the end of the last.
    public let duration: Double
    private let index: VideoFrameIndex
    private let maxPixels: Int
    /// The stored (unturned) size the first decoder converts to, given to every later one.
    private let storedSize: (width: Int, height: Int)?
    private let decoders: Mutex<[Slot]>
    /// How the clip's pictures become RGB.
    public let conversion: Conversion

    /// How YUV pictures become RGB: `exact` (swscale, accurate rounding, chroma bicubic: what a
    /// page shows, the same bytes as ffmpeg gives), or `fast` (8-bit 4:2:0 converted by
    /// `pr_yuv420_rgba`, the same chroma filter in floats, within a level of `exact`: for
    /// comparing videos).
    public enum Conversion: Sendable { case exact, fast }

    /// The most decoders one clip keeps open.
    public static let maximumDecoders = 3

    /// A decoder, and what choosing one needs to know about it without waiting for its lock.
    private final class Slot: Sendable {
        let decoder: Mutex<VideoDecoder>
        struct Use { var position: Int; var busy: Int; var lastUse: Int }
        let use: Mutex<Use>
        init(_ decoder: sending VideoDecoder, position: Int) {
            self.decoder = Mutex(decoder)
            use = Mutex(Use(position: position, busy: 0, lastUse: 0))
        }
    }

    /// Opens `path`: `.notFound` when there is no such file, `.badVideo` (with FFmpeg's reason)
    /// when it is not a video libavformat reads, has no video stream, does not decode, or has
    /// pictures over `maxPixels`.
    public convenience init(path: String, maxPixels: Int = ImageDecoder.maxPixels,
                            conversion: Conversion = .exact) throws(MediaError) {
        try self.init(file: InputRoots.anywhere().open(path), maxPixels: maxPixels, conversion: conversion)
    }

    /// Opens the recording in `file` (see `init(path:maxPixels:)`).
    public init(file: InputFile, maxPixels: Int = ImageDecoder.maxPixels, conversion: Conversion = .exact) throws(MediaError) {
        let path = file.path
        let muted = VideoClip.muteFFmpegLog()
        defer { _ = pr_av_log_mute(muted) }
        let demuxer = try VideoDemuxer(file: file, maxPixels: maxPixels)
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
        let decoder = try VideoDecoder(demuxer: demuxer, index: index, maxPixels: maxPixels, conversion: conversion)
        let first = try decoder.frame(0)
        self.file = file
        width = first.width
        height = first.height
        frameTimes = index.frameTimes
        duration = index.duration
        self.index = index
        self.maxPixels = maxPixels
        self.conversion = conversion
        storedSize = decoder.baseSize
        decoders = Mutex([Slot(decoder, position: 0)])
    }

    /// How many frames the clip has (at least 1).
    public var frameCount: Int { frameTimes.count }

    /// The frame whose time span contains `time` seconds (clamped to the first/last frame). A time
    /// within a nanosecond before a frame's start counts as that frame, so `n / fps` computed in
    /// floating point picks the frame starting at that instant.
    public func frameIndex(at time: Double) -> Int { index.frame(at: time) }

    /// Frame `index` (0 ..< `frameCount`) upright (display rotation applied), premultiplied RGBA
    /// (opaque unless the stream has alpha), `width`×`height` divided by `reduction` (a power of
    /// two, for a page that shows the clip smaller; rounded up), scaled by libswscale. The same
    /// pixels whatever was asked before.
    public func frame(_ index: Int, reduction: Int = 1) throws(MediaError) -> Pixmap {
        precondition(reduction > 0 && reduction & (reduction - 1) == 0, "reduction \(reduction)")
        precondition(frameTimes.indices.contains(index), "frame \(index) of a clip of \(frameCount) frames")
        return try withDecoder(for: index) { decoder throws(MediaError) in try decoder.frame(index, reduction: reduction) }
    }

    /// Frame `index` at full size as decoded, for comparing videos: with the `.fast` conversion an
    /// upright 8-bit 4:2:0 picture is its planes (`YUV420Picture`, whose `pixmap()` is `frame(index)`),
    /// anything else the RGBA of `frame(index)`.
    public func picture(_ index: Int) throws(MediaError) -> VideoPicture {
        precondition(frameTimes.indices.contains(index), "frame \(index) of a clip of \(frameCount) frames")
        return try withDecoder(for: index) { decoder throws(MediaError) in try decoder.picture(index) }
    }

    /// Runs `body` with the decoder `slot(for:)` picks for frame `index`, FFmpeg's log muted.
    private func withDecoder<T>(for index: Int, _ body: @Sendable (VideoDecoder) throws(MediaError) -> T) throws(MediaError) -> T {
        let muted = VideoClip.muteFFmpegLog()
        defer { _ = pr_av_log_mute(muted) }
        let slot = try slot(for: index)
        defer { slot.use.withLock { $0.busy -= 1 } }
        return try slot.decoder.withLock { decoder throws(MediaError) in try body(decoder) }
    }

    /// The decoder to ask for frame `k`, marked busy: the idle one nearest behind `k`, else a new
    /// one while there are fewer than `maximumDecoders`, else the least recently used.
    private func slot(for k: Int) throws(MediaError) -> Slot {
        let chosen: Slot? = decoders.withLock { slots in
            var behind: (slot: Slot, position: Int)? = nil
            var oldest: (slot: Slot, lastUse: Int)? = nil
            var clock = 0
            for slot in slots {
                let use = slot.use.withLock { $0 }
                clock = max(clock, use.lastUse)
                if use.busy == 0, use.position <= k, use.position > (behind?.position ?? Int.min) {
                    behind = (slot, use.position)
                }
                if use.busy == 0, use.lastUse < (oldest?.lastUse ?? Int.max) { oldest = (slot, use.lastUse) }
            }
            let slot = behind?.slot ?? (slots.count < Self.maximumDecoders ? nil : oldest?.slot ?? slots[0])
            slot?.use.withLock { $0 = .init(position: k, busy: $0.busy + 1, lastUse: clock + 1) }
            return slot
        }
        if let chosen { return chosen }
        let decoder = try VideoDecoder(demuxer: try VideoDemuxer(file: file, maxPixels: maxPixels), index: index, maxPixels: maxPixels,
                                       baseSize: storedSize, conversion: conversion)
        let made = Slot(decoder, position: k)
        made.use.withLock { $0.busy = 1 }
        // Added unless another thread filled the pool meanwhile; used for this frame either way.
        decoders.withLock { slots in
            if slots.count < Self.maximumDecoders { slots.append(made) }
        }
        return made
    }

    /// Mutes FFmpeg's own log on this thread (returning the previous setting): a clip's failures
    /// are thrown with FFmpeg's reason, and a damaged file must not also spill the demuxer's and
    /// decoder's lines onto stderr between pagereel's messages.
    static func muteFFmpegLog() -> Int32 {
        pr_av_log_install()
        return pr_av_log_mute(1)
    }
}
