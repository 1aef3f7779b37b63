import CFFmpeg
import Glibc

/// Owns an output `AVFormatContext` and the file it writes: stream set-up, header, packets,
/// trailer.
///
/// Shared by the video writer and the shard joiner (a video stream, and an audio one when there
/// is sound); it is where packet timestamps are rescaled,
/// because the muxer may pick its own stream time base in `avformat_write_header` (mp4: 1/15360).
final class Muxer {
    let context: UnsafeMutablePointer<AVFormatContext>
    let check: FFmpegCheck
    /// The streams, in the order they were added (video first).
    private(set) var streams: [UnsafeMutablePointer<AVStream>] = []
    /// The first stream.
    var stream: UnsafeMutablePointer<AVStream>? { streams.first }
    private var trailerWritten = false

    /// Creates the container `format` ("mp4", "webm") and opens `path` for writing.
    init(format: String, path: String) throws(EncodeError) {
        let check = FFmpegCheck(path: path)
        // "file:" keeps FFmpeg from reading a colon in the name ("demo 12:30.mp4") as a protocol;
        // the mp4 muxer reopens this URL for its faststart pass.
        let url = "file:" + path
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        try check(avformat_alloc_output_context2(&context, nil, format, url),
                  "avformat_alloc_output_context2(\(format))")
        guard let context else { throw check.null("avformat_alloc_output_context2(\(format))") }
        self.context = context
        self.check = check
        // The same frames give the same bytes: no creation date, a fixed segment UID (Matroska)
        // and no muxer version string in the file.
        context.pointee.flags |= AVFMT_FLAG_BITEXACT
        // Every property is set: from here on `deinit` frees the context on a throw.
        let opened = avio_open(&context.pointee.pb, url, AVIO_FLAG_WRITE)
        if opened < 0 {
            if opened == -ENOSPC || opened == -EDQUOT { throw .diskFull(path: path) }
            throw .cannotCreate(path: path, call: "avio_open", message: FFmpegCheck.message(opened))
        }
    }

    deinit {
        if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// True when the format wants codec headers in extradata (mp4, webm), which the encoder must
    /// know before it is opened.
    var wantsGlobalHeader: Bool { (context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 }

    /// Adds a stream described by an opened encoder, which then writes its packets to it.
    func addStream(for encoder: PacketEncoder) throws(EncodeError) {
        guard let stream = avformat_new_stream(context, nil) else { throw check.null("avformat_new_stream") }
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context),
                  "avcodec_parameters_from_context")
        stream.pointee.time_base = encoder.context.pointee.time_base
        encoder.streamIndex = streams.count
        streams.append(stream)
    }

    /// Adds a stream as a copy of an input stream's parameters (stream copy, no encoder).
    func addStream(copying parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational) throws(EncodeError) {
        guard let stream = avformat_new_stream(context, nil) else { throw check.null("avformat_new_stream") }
        try check(avcodec_parameters_copy(stream.pointee.codecpar, parameters), "avcodec_parameters_copy")
        // Let the muxer pick the tag for its own container.
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = timeBase
        streams.append(stream)
    }

    /// Sets the container's metadata (before `writeHeader`; mp4 writes it with `moov`).
    func setMetadata(_ tags: [(key: String, value: String)]) throws(EncodeError) {
        for tag in tags {
            try check(av_dict_set(&context.pointee.metadata, tag.key, tag.value, 0), "av_dict_set(\(tag.key))")
        }
    }

    /// Writes the container header with the muxer's private options (e.g. `movflags`, `loop`).
    func writeHeader(options: [(key: String, value: String)]) throws(EncodeError) {
        let dictionary = try FFmpegDictionary(options, check: check)
        try check.write(avformat_write_header(context, &dictionary.pointer), "avformat_write_header")
        try dictionary.requireAllConsumed(by: "the \(formatName) muxer", path: check.path)
    }

    /// Rescales `packet` from the encoder's time base to that of stream `index` (the first by
    /// default) and hands it to the muxer, which takes ownership of its data and interleaves the
    /// streams by time.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, from timeBase: AVRational, stream index: Int = 0) throws(EncodeError) {
        guard streams.indices.contains(index) else { throw check.null("av_interleaved_write_frame", "no stream \(index)") }
        let stream = streams[index]
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try check.write(av_interleaved_write_frame(context, packet), "av_interleaved_write_frame")
    }

    /// Writes the trailer (for mp4 with faststart this moves `moov` before `mdat`) and closes
    /// the file, reporting errors the close itself finds (a final flush can hit a full disk).
    func finish() throws(EncodeError) {
        guard !trailerWritten else { return }
        trailerWritten = true
        try check.write(av_write_trailer(context), "av_write_trailer")
        try check.write(avio_closep(&context.pointee.pb), "avio_close")
    }

    private var formatName: String { String(cString: context.pointee.oformat.pointee.name) }
}
