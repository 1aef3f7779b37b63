import CFFmpeg
import CShims
import Glibc

/// A video file opened with libavformat, read for one stream: its packets in decode order, seeking,
/// and what the container says about it (time base, frame rate, display matrix).
///
/// Recordings come from strangers' decks, so libavformat reads the one opened file and nothing
/// else: through a custom I/O context over the `InputFile` (no protocol opens anything by name),
/// with every nested open refused (a playlist's segments, a MOV's data references), and only
/// after probing found one of the real containers screen recorders write (`containers`) — HLS,
/// DASH, concat lists, image sequences and every other meta-format are refused by name. The
/// container may declare at most `maxStreams` streams, and no stream's pictures over the pixel
/// limit are decoded, even while probing.
///
/// Only the video stream is read: every other stream (audio, subtitles, cover art) is marked
/// for the demuxer to skip. Still images, which libavformat also opens as one-frame "videos", and
/// a cover picture attached to an audio file are refused: a page's video must be a video.
final class VideoDemuxer {
    let check: MediaCheck
    let context: UnsafeMutablePointer<AVFormatContext>
    private(set) var streamIndex: Int32 = -1
    /// The I/O context the format context reads through; freed after it (the format context does
    /// not own a custom one).
    private let io: InputIO
    /// The file read (a fresh demuxer of the same clip reads it again).
    var file: InputFile { io.file }

    /// The demuxers (libavformat's names, the first of each comma list) of the containers
    /// recordings come in: MP4/MOV/M4V/3GP (iOS, Android, QuickTime, OBS), Matroska/WebM (OBS,
    /// browsers' MediaRecorder), AVI, MPEG-TS (OBS), FLV, and animated GIF and APNG.
    static let containers = ["mov", "matroska", "avi", "mpegts", "flv", "gif", "apng"]
    /// What the refusal of other formats names.
    static let containerNames = "MP4/MOV, Matroska/WebM, AVI, MPEG-TS, FLV, GIF or APNG"
    /// The demuxers of the files audio comes in: the recordings' containers (not GIF or APNG), and
    /// WAV, AIFF, MP3, ADTS AAC, FLAC, Ogg (Opus, Vorbis, FLAC) and Core Audio (CAF).
    static let audioContainers = ["mov", "matroska", "avi", "mpegts", "flv", "wav", "aiff", "mp3", "aac", "flac", "ogg",
                                  "caf"]
    static let audioContainerNames = "WAV, AIFF, MP3, AAC/M4A, FLAC, Ogg, CAF, MP4/MOV, Matroska/WebM, AVI, MPEG-TS or FLV"
    /// The most streams a container may declare (a phone's recording has a handful).
    static let maxStreams = 32

    /// Opens `file` for its video stream, or with `audio` for its audio stream.
    init(file: InputFile, maxPixels: Int, audio: Bool = false) throws(MediaError) {
        check = MediaCheck(path: file.path, isAudio: audio)
        io = try InputIO(file: file, check: check)
        let format = try Self.probe(io, file: file, check: check, containers: audio ? Self.audioContainers : Self.containers)
        let what = audio ? "audio" : "a video"
        guard var opened = avformat_alloc_context() else { throw check.error("avformat_alloc_context returned NULL") }
        opened.pointee.pb = io.context
        pr_avformat_refuse_nested_files(opened)
        var options: OpaquePointer? = nil
        defer { av_dict_free(&options) }
        let allowed = (audio ? Self.audioContainers : Self.containers).joined(separator: ",")
        for (key, value) in [("format_whitelist", allowed), ("protocol_whitelist", "file"),
                             ("max_streams", "\(Self.maxStreams)"), ("enable_drefs", "0"), ("use_absolute_path", "0")] {
            try check(av_dict_set(&options, key, value, 0), "cannot set \(key)")
        }
        // On failure avformat_open_input frees the context (not the custom I/O, which `io` owns).
        var given: UnsafeMutablePointer<AVFormatContext>? = opened
        let code = avformat_open_input(&given, file.resolved, format, &options)
        // A demuxer refused a stream past max_streams reports it as ENOMEM.
        if code == -ENOMEM { throw check.error("it declares more than \(Self.maxStreams) streams (or memory ran out)") }
        try check(code, "not \(what) libavformat can open")
        guard let given else { throw check.error("avformat_open_input returned no context") }
        opened = given
        context = opened   // Every stored property is set from here on, so deinit closes it.
        try checkDeclaredSizes(maxPixels: maxPixels)
        try findStreamInfo(maxPixels: maxPixels)
        streamIndex = audio ? try Self.audioStream(in: context, check: check) : try Self.videoStream(in: context, check: check)
        for i in 0..<Int(context.pointee.nb_streams) where i != Int(streamIndex) {
            context.pointee.streams[i]!.pointee.discard = AVDISCARD_ALL
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = self.context
        avformat_close_input(&context)
    }

    /// The container libavformat's probe takes the file for, if it is one pagereel reads.
    private static func probe(_ io: InputIO, file: InputFile, check: MediaCheck,
                              containers: [String]) throws(MediaError) -> UnsafePointer<AVInputFormat> {
        let what = check.isAudio ? "audio" : "a video"
        var format: UnsafePointer<AVInputFormat>? = nil
        try check(av_probe_input_buffer2(io.context, &format, file.resolved, nil, 0, 0), "not \(what) libavformat can open")
        guard let format else { throw check.error("not \(what) libavformat can open") }
        let names = String(cString: format.pointee.name)
        let name = String(names.prefix { $0 != "," })
        if containers.contains(name) { return format }
        if ["hls", "applehttp", "dash", "concat"].contains(name) {
            throw check.error("a playlist (\(name)), not \(what): pagereel reads one file, never the files a list names")
        }
        if name == "image2" || name.hasSuffix("_pipe") { throw check.error("a still image (\(name)), not \(what)") }
        let kind = format.pointee.long_name.map { String(cString: $0) } ?? name
        if check.isAudio { throw check.error("\(kind), not audio in a format pagereel reads (\(audioContainerNames))") }
        throw check.error("\(kind), not a video in a container pagereel reads (\(containerNames))")
    }

    /// Refuses a stream that declares pictures over the limit before anything is decoded.
    private func checkDeclaredSizes(maxPixels: Int) throws(MediaError) {
        for i in 0..<Int(context.pointee.nb_streams) {
            let parameters = context.pointee.streams[i]!.pointee.codecpar.pointee
            guard parameters.codec_type == AVMEDIA_TYPE_VIDEO, parameters.width > 0, parameters.height > 0,
                  let problem = ImageDecoder.sizeProblem(width: Int(parameters.width), height: Int(parameters.height),
                                                         maxPixels: maxPixels, what: "the video")
            else { continue }
            throw check.error(problem)
        }
    }

    /// Reads the streams' parameters, the decoders libavformat opens for it held to the pixel limit.
    private func findStreamInfo(maxPixels: Int) throws(MediaError) {
        var perStream = [OpaquePointer?](repeating: nil, count: Int(context.pointee.nb_streams))
        defer { for k in perStream.indices { av_dict_free(&perStream[k]) } }
        for k in perStream.indices {
            try check(av_dict_set(&perStream[k], "max_pixels", "\(maxPixels)", 0), "cannot set max_pixels")
        }
        let code = perStream.withUnsafeMutableBufferPointer { avformat_find_stream_info(context, $0.baseAddress) }
        try check(code, "cannot read the streams")
    }

    var stream: UnsafeMutablePointer<AVStream> { context.pointee.streams[Int(streamIndex)]! }
    var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }
    var timeBase: AVRational { stream.pointee.time_base }

    /// The stream libavformat thinks best, unless it is a cover picture; then the first real video.
    private static func videoStream(in context: UnsafeMutablePointer<AVFormatContext>,
                                    check: MediaCheck) throws(MediaError) -> Int32 {
        let streams = (0..<Int(context.pointee.nb_streams)).map { context.pointee.streams[$0]! }
        let isVideo = { (i: Int) in
            streams[i].pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                && streams[i].pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
        }
        let best = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        if best >= 0, isVideo(Int(best)) { return best }
        if let first = streams.indices.first(where: isVideo) { return Int32(first) }
        throw best < 0 ? check.error("no video stream: \(MediaCheck.message(best))")
            : check.error("no video stream, only a cover picture")
    }

    /// The stream libavformat thinks the best audio.
    private static func audioStream(in context: UnsafeMutablePointer<AVFormatContext>,
                                    check: MediaCheck) throws(MediaError) -> Int32 {
        let best = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard best >= 0 else { throw check.error(AudioStream.noAudioStream) }
        return best
    }

    /// The first presentation time of the file's video stream in seconds, nil without one: the
    /// instant a recording's frame 0 shows, which its audio is timed against.
    var videoStartTime: Double? {
        for i in 0..<Int(context.pointee.nb_streams) {
            let stream = context.pointee.streams[i]!
            guard stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO,
                  stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0,
                  stream.pointee.start_time != MediaCheck.noTimestamp else { continue }
            return Double(stream.pointee.start_time) * av_q2d(stream.pointee.time_base)
        }
        return nil
    }

    /// The next packet of the video stream into `packet` (which the caller unreferences); false at
    /// the end of the file.
    func read(into packet: UnsafeMutablePointer<AVPacket>) throws(MediaError) -> Bool {
        while true {
            let code = av_read_frame(context, packet)
            if code == MediaCheck.endOfFile { return false }
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
            let time = p.pts != MediaCheck.noTimestamp ? p.pts : p.dts
            guard time != MediaCheck.noTimestamp else {
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
            throw check.error("truncated: the file ends after \(read) (\(MediaCheck.message(MediaCheck.endOfFile)))")
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

/// A custom libavformat I/O context reading an `InputFile` by position.
///
/// It belongs to one demuxer, which one thread at a time uses (under its decoder's lock), so its
/// position needs no lock. The context's `opaque` is this object, unretained: the object outlives
/// the context because it frees it.
private final class InputIO {
    let context: UnsafeMutablePointer<AVIOContext>
    let file: InputFile
    var position = 0

    static let bufferSize = 1 << 16

    init(file: InputFile, check: MediaCheck) throws(MediaError) {
        self.file = file
        guard let buffer = av_malloc(Self.bufferSize) else { throw check.error("av_malloc returned NULL") }
        // The context takes over the buffer (it may replace it); it is freed through the context.
        let made: UnsafeMutablePointer<AVIOContext>? = avio_alloc_context(
            buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.bufferSize), 0, nil, inputRead, nil, inputSeek)
        guard let made else {
            av_free(buffer)
            throw check.error("avio_alloc_context returned NULL")
        }
        context = made
        context.pointee.opaque = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        av_freep(&context.pointee.buffer)
        var context: UnsafeMutablePointer<AVIOContext>? = self.context
        avio_context_free(&context)
    }
}

/// libavformat's read callback: the next bytes of the file, AVERROR_EOF at its end.
private func inputRead(_ opaque: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UInt8>?,
                       _ size: Int32) -> Int32 {
    guard let opaque, let buffer, size > 0 else { return MediaCheck.endOfFile }
    let io = Unmanaged<InputIO>.fromOpaque(opaque).takeUnretainedValue()
    let n = io.file.read(at: io.position, into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(size)))
    if n < 0 { return -EIO }
    if n == 0 { return MediaCheck.endOfFile }
    io.position += n
    return Int32(n)
}

/// libavformat's seek callback: moves the position (or reports the size, for AVSEEK_SIZE).
private func inputSeek(_ opaque: UnsafeMutableRawPointer?, _ offset: Int64, _ whence: Int32) -> Int64 {
    guard let opaque else { return Int64(-EINVAL) }
    let io = Unmanaged<InputIO>.fromOpaque(opaque).takeUnretainedValue()
    if Int64(whence) & pr_avseek_size() != 0 { return Int64(io.file.size) }
    let base: Int64
    switch whence & ~AVSEEK_FORCE {
    case SEEK_SET: base = 0
    case SEEK_CUR: base = Int64(io.position)
    case SEEK_END: base = Int64(io.file.size)
    default: return Int64(-EINVAL)
    }
    let (target, overflow) = base.addingReportingOverflow(offset)
    guard !overflow, target >= 0 else { return Int64(-EINVAL) }
    io.position = Int(target)
    return target
}
