import CFFmpeg
import CShims
import Glibc

/// Joins MP4 shards of one video by stream copy (`pagereel concat`): no re-encode, every frame
/// exactly once, timestamps continuing from one shard to the next.
///
/// Shards rendered with `--frames A-B` each start at time 0 with a keyframe, so shard k's packets
/// are shifted by the end time of the shards before it. x264's B-frame delay makes every shard's
/// decode timestamps start a few frames before its first presentation time; after the shift they
/// still follow the previous shard's last one, so the joined stream is monotonic. Shards must share
/// codec, size, frame rate and codec headers (the same export settings), else joining them would
/// produce a file players cannot decode.
public enum MP4Concatenator {
    /// Writes `inputs`, in order, into one MP4 at `output`; returns the number of frames.
    @discardableResult
    public static func concat(_ inputs: [String], into output: String) throws(EncodeError) -> Int {
        guard let firstPath = inputs.first else { throw .noFrames(path: output) }
        let shards = try inputs.map { path throws(EncodeError) in try InputFile(path) }
        let first = shards[0]
        for shard in shards.dropFirst() {
            if let mismatch = shard.mismatch(with: first) {
                throw .badInput(path: shard.path, message: "\(mismatch) differs from \(firstPath); join shards of one export")
            }
        }
        let muxer = try Muxer(format: "mp4", path: output)
        try muxer.addStream(copying: first.parameters, timeBase: first.timeBase)
        try muxer.writeHeader(options: [("movflags", "+faststart")])
        guard let packet = av_packet_alloc() else { throw muxer.check.null("av_packet_alloc") }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&owned) }
        var offset: Int64 = 0   // in the first shard's time base
        var frames = 0
        for shard in shards {
            var end = offset
            while true {
                let read = av_read_frame(shard.context, packet)
                if read == pr_averror_eof() { break }
                guard read >= 0 else {
                    throw .badInput(path: shard.path, message: "cannot read: \(FFmpegCheck.message(read))")
                }
                defer { av_packet_unref(packet) }
                guard packet.pointee.stream_index == shard.streamIndex else { continue }
                av_packet_rescale_ts(packet, shard.timeBase, first.timeBase)
                if packet.pointee.duration <= 0 { packet.pointee.duration = first.frameDuration }
                packet.pointee.pts += offset
                packet.pointee.dts += offset
                end = max(end, packet.pointee.pts + packet.pointee.duration)
                frames += 1
                try muxer.write(packet, from: first.timeBase)
            }
            offset = end
        }
        try muxer.finish()
        return frames
    }
}

/// One opened MP4 shard and its video stream.
private final class InputFile {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>
    let streamIndex: Int32

    init(_ path: String) throws(EncodeError) {
        self.path = path
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let opened = avformat_open_input(&context, "file:" + path, nil, nil)
        guard opened >= 0, let context else {
            throw .badInput(path: path, message: opened == -ENOENT ? "file not found"
                : "cannot open: \(FFmpegCheck.message(opened))")
        }
        self.context = context
        let info = avformat_find_stream_info(context, nil)
        guard info >= 0 else {
            streamIndex = -1
            throw .badInput(path: path, message: "cannot read: \(FFmpegCheck.message(info))")
        }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        streamIndex = index
        let format = String(cString: context.pointee.iformat.pointee.name)
        guard index >= 0, format.contains("mp4") else { throw .badInput(path: path, message: "not an MP4 video") }
        guard parameters.pointee.codec_id == AV_CODEC_ID_H264 else {
            throw .badInput(path: path, message: "not H.264 video")
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = self.context
        avformat_close_input(&context)
    }

    var stream: UnsafeMutablePointer<AVStream> { context.pointee.streams[Int(streamIndex)]! }
    var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }
    var timeBase: AVRational { stream.pointee.time_base }

    /// One frame in the stream's time base, from its average frame rate.
    var frameDuration: Int64 {
        let rate = stream.pointee.avg_frame_rate
        guard rate.num > 0, rate.den > 0 else { return 1 }
        return av_rescale_q(1, AVRational(num: rate.den, den: rate.num), timeBase)
    }

    /// What differs from `other` in a way that stops a stream copy, or nil.
    func mismatch(with other: InputFile) -> String? {
        let a = parameters.pointee, b = other.parameters.pointee
        if a.width != b.width || a.height != b.height { return "the size (\(a.width)x\(a.height))" }
        let ra = stream.pointee.avg_frame_rate, rb = other.stream.pointee.avg_frame_rate
        if Int64(ra.num) * Int64(rb.den) != Int64(rb.num) * Int64(ra.den) { return "the frame rate" }
        if a.format != b.format || a.color_primaries != b.color_primaries || a.color_trc != b.color_trc
            || a.color_space != b.color_space || a.color_range != b.color_range {
            return "the pixel format or colour tags"
        }
        let sameHeaders = a.extradata_size == b.extradata_size
            && (a.extradata_size == 0 || memcmp(a.extradata, b.extradata, Int(a.extradata_size)) == 0)
        return sameHeaders ? nil : "the codec headers (SPS/PPS)"
    }
}
