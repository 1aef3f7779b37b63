import CFFmpeg
import Glibc

/// A video file opened with libavformat, read for one stream: its packets in decode order, seeking,
/// and what the container says about it (time base, frame rate, display matrix).
///
/// Only the video stream is read: every other stream (audio, subtitles, cover art) is marked
/// for the demuxer to skip. Still images, which libavformat also opens as one-frame "videos", and
/// a cover picture attached to an audio file are refused: a page's video must be a video.
final class VideoDemuxer {
    let check: VideoCheck
    let context: UnsafeMutablePointer<AVFormatContext>
    private(set) var streamIndex: Int32 = -1

    init(path: String) throws(MediaError) {
        check = VideoCheck(path: path)
        var opened: UnsafeMutablePointer<AVFormatContext>? = nil
        // "file:" keeps a path with a colon in it from being taken for a protocol, and the
        // whitelist keeps a playlist posing as a video (HLS, concat) from reading anything but files.
        var options: OpaquePointer? = nil
        defer { av_dict_free(&options) }
        try check(av_dict_set(&options, "protocol_whitelist", "file", 0), "cannot set the protocol whitelist")
        let code = avformat_open_input(&opened, "file:" + path, nil, &options)
        try check(code, "not a video libavformat can open")
        guard let opened else { throw check.error("avformat_open_input returned no context") }
        context = opened   // Every stored property is set from here on, so deinit closes it.
        try check(avformat_find_stream_info(context, nil), "cannot read the streams")
        let format = String(cString: context.pointee.iformat.pointee.name)
        if format == "image2" || format.hasSuffix("_pipe") {
            throw check.error("a still image (\(format)), not a video")
        }
        streamIndex = try Self.videoStream(in: context, check: check)
        for i in 0..<Int(context.pointee.nb_streams) where i != Int(streamIndex) {
            context.pointee.streams[i]!.pointee.discard = AVDISCARD_ALL
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = self.context
        avformat_close_input(&context)
    }

    var stream: UnsafeMutablePointer<AVStream> { context.pointee.streams[Int(streamIndex)]! }
    var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }
    var timeBase: AVRational { stream.pointee.time_base }

    /// The stream libavformat thinks best, unless it is a cover picture; then the first real video.
    private static func videoStream(in context: UnsafeMutablePointer<AVFormatContext>,
                                    check: VideoCheck) throws(MediaError) -> Int32 {
        let streams = (0..<Int(context.pointee.nb_streams)).map { context.pointee.streams[$0]! }
        let isVideo = { (i: Int) in
            streams[i].pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                && streams[i].pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
        }
        let best = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        if best >= 0, isVideo(Int(best)) { return best }
        if let first = streams.indices.first(where: isVideo) { return Int32(first) }
        throw best < 0 ? check.error("no video stream: \(VideoCheck.message(best))")
            : check.error("no video stream, only a cover picture")
    }

    /// The next packet of the video stream into `packet` (which the caller unreferences); false at
    /// the end of the file.
    func read(into packet: UnsafeMutablePointer<AVPacket>) throws(MediaError) -> Bool {
        while true {
            let code = av_read_frame(context, packet)
            if code == VideoCheck.endOfFile { return false }
            try check(code, "cannot read a packet")
            if packet.pointee.stream_index == streamIndex { return true }
            av_packet_unref(packet)
        }
    }

    /// Moves to the keyframe at or before `timestamp` (in the stream's time base) by the
    /// demuxer's own reckoning, which callers check.
    func seek(to timestamp: Int64) throws(MediaError) {
        try check(av_seek_frame(context, streamIndex, timestamp, AVSEEK_FLAG_BACKWARD), "cannot seek")
    }

    /// Reads every packet of the video stream (demuxing only: no decoding) for the frame index,
    /// and how long the last frame lasts: its packet's duration, or one frame at the stream's rate.
    ///
    /// A truncated file is refused: libavformat reads such a file to its end without an error,
    /// flagging the packet cut short as corrupt, so fewer packets than the container lists (MP4
    /// and MOV list them all up front), or a cut last packet, is the sign.
    func scanPackets() throws(MediaError) -> (packets: [VideoFrameIndex.Packet], lastDuration: Int64?) {
        var allocated = av_packet_alloc()
        defer { av_packet_free(&allocated) }
        guard let packet = allocated else { throw check.error("av_packet_alloc returned NULL") }
        var packets: [VideoFrameIndex.Packet] = []
        var last: (time: Int64, duration: Int64)? = nil
        var cut = false
        while try read(into: packet) {
            let p = packet.pointee
            defer { av_packet_unref(packet) }
            let time = p.pts != VideoCheck.noTimestamp ? p.pts : p.dts
            guard time != VideoCheck.noTimestamp else {
                throw check.error("packet \(packets.count) of the video stream has no timestamp")
            }
            let shown = p.flags & AV_PKT_FLAG_DISCARD == 0
            packets.append(.init(time: time, decodeTime: p.dts, isKeyframe: p.flags & AV_PKT_FLAG_KEY != 0,
                                 isShown: shown))
            if shown, time >= last?.time ?? .min { last = (time, p.duration) }
            cut = p.flags & AV_PKT_FLAG_CORRUPT != 0
        }
        let listed = Int(stream.pointee.nb_frames)
        if listed > packets.count || cut {
            let read = listed > packets.count ? "\(packets.count) of the \(listed) video packets it lists"
                : "the last video packet only in part"
            throw check.error("truncated: the file ends after \(read) (\(VideoCheck.message(VideoCheck.endOfFile)))")
        }
        if let last, last.duration > 0 { return (packets, last.duration) }
        return (packets, frameDuration)
    }

    /// One frame at the stream's average (else its base) frame rate, in the stream's time base.
    private var frameDuration: Int64? {
        let tb = timeBase
        for rate in [stream.pointee.avg_frame_rate, stream.pointee.r_frame_rate] where rate.num > 0 && rate.den > 0 {
            let ticks = av_rescale_q(1, AVRational(num: rate.den, den: rate.num), tb)
            if ticks > 0 { return ticks }
        }
        return nil
    }

    /// How the stored pictures are turned for display: the stream's display matrix, else the
    /// legacy `rotate` tag (degrees clockwise) older muxers wrote.
    var orientation: ImageOrientation {
        var size: Int = 0
        if let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 {
            let matrix = UnsafeRawPointer(data).withMemoryRebound(to: Int32.self, capacity: 9) {
                Array(UnsafeBufferPointer(start: $0, count: 9))
            }
            return ImageOrientation(displayMatrix: matrix)
        }
        if let tag = av_dict_get(stream.pointee.metadata, "rotate", nil, 0),
           let degrees = Double(String(cString: tag.pointee.value)) {
            return ImageOrientation(clockwiseDegrees: degrees)
        }
        return .identity
    }
}
