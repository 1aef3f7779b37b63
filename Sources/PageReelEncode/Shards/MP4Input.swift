import CFFmpeg
import Glibc

/// One opened MP4 to join, its H.264 video stream and what pagereel recorded in it.
final class MP4Input {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>
    let streamIndex: Int32
    /// The AAC sound stream, if the file has one.
    let audioIndex: Int32?

    /// Opens `path` and finds its video stream; `.badInput` unless it is an MP4 of H.264 video.
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
            audioIndex = nil
            throw .badInput(path: path, message: "cannot read: \(FFmpegCheck.message(info))")
        }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        streamIndex = index
        let audio = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        audioIndex = audio >= 0 ? audio : nil
        let format = String(cString: context.pointee.iformat.pointee.name)
        guard index >= 0, format.contains("mp4") else { throw .badInput(path: path, message: "not an MP4 video") }
        guard parameters.pointee.codec_id == AV_CODEC_ID_H264 else {
            throw .badInput(path: path, message: "not H.264 video")
        }
        if let audioStream, audioStream.pointee.codecpar.pointee.codec_id != AV_CODEC_ID_AAC {
            throw .badInput(path: path, message: "its sound is not AAC")
        }
    }

    var audioStream: UnsafeMutablePointer<AVStream>? { audioIndex.map { context.pointee.streams[Int($0)]! } }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = self.context
        avformat_close_input(&context)
    }

    var stream: UnsafeMutablePointer<AVStream> { context.pointee.streams[Int(streamIndex)]! }
    var parameters: UnsafeMutablePointer<AVCodecParameters> { stream.pointee.codecpar }
    var timeBase: AVRational { stream.pointee.time_base }

    /// The average frame rate rounded to whole frames per second (at least 1).
    var frameRate: Int {
        let rate = stream.pointee.avg_frame_rate
        guard rate.num > 0, rate.den > 0 else { return 1 }
        return max(1, Int((Double(rate.num) / Double(rate.den)).rounded()))
    }

    /// The frames the container says the stream holds (the MP4 sample count).
    var storedFrames: Int { Int(stream.pointee.nb_frames) }

    /// `frames` frames in the stream's time base, from its average frame rate.
    func duration(ofFrames frames: Int) -> Int64 {
        let rate = stream.pointee.avg_frame_rate
        guard rate.num > 0, rate.den > 0 else { return Int64(frames) }
        return av_rescale_q(Int64(frames), AVRational(num: rate.den, den: rate.num), timeBase)
    }

    /// The presentation time of the stream's first frame, 0 when the container does not say.
    var startTime: Int64 {
        let start = stream.pointee.start_time
        return start == Int64.min ? 0 : start   // Int64.min is AV_NOPTS_VALUE, which Swift cannot import
    }

    /// What pagereel recorded in the file; nil for an MP4 it did not write. `.badInput` when the
    /// record is damaged or the file does not hold the frames it records.
    func metadata() throws(EncodeError) -> ShardMetadata? {
        let metadata = try ShardMetadata.read(path: path) { key in
            av_dict_get(context.pointee.metadata, key, nil, AV_DICT_MATCH_CASE).map { String(cString: $0.pointee.value) }
        }
        if let metadata, storedFrames != metadata.frames.count {
            throw .badInput(path: path, message: "holds \(storedFrames) frames but records frames "
                + "\(metadata.frames.lowerBound)-\(metadata.frames.upperBound) (\(metadata.frames.count)); it is damaged")
        }
        return metadata
    }

    /// What differs from `other` in a way that stops a stream copy, or nil.
    func mismatch(with other: MP4Input) -> String? {
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
        guard sameHeaders else { return "the codec headers (SPS/PPS)" }
        switch (audioStream, other.audioStream) {
        case (nil, nil): return nil
        case (nil, _), (_, nil): return "having sound"
        case (let mine?, let theirs?):
            let a = mine.pointee.codecpar.pointee, b = theirs.pointee.codecpar.pointee
            let same = a.sample_rate == b.sample_rate && a.ch_layout.nb_channels == b.ch_layout.nb_channels
                && a.extradata_size == b.extradata_size
                && (a.extradata_size == 0 || memcmp(a.extradata, b.extradata, Int(a.extradata_size)) == 0)
            return same ? nil : "the sound's format"
        }
    }
}
