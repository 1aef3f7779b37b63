import CFFmpeg
import CShims

/// Owns an `AVCodecContext` and the one `AVPacket` it drains into.
///
/// The send/receive loop lives here once: every frame sent is followed by draining every packet
/// the encoder has ready, so `avcodec_send_frame` never sees EAGAIN; `nil` flushes.
final class PacketEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let codec: UnsafePointer<AVCodec>
    private let check: FFmpegCheck
    /// Duration given to packets the encoder leaves at 0, in encoder time-base units. libx264
    /// returns 0, and the mov muxer then gives the last sample no duration (one frame short).
    private let fallbackDuration: Int64
    /// The muxer's stream this encoder's packets go to (set by `Muxer.addStream(for:)`).
    var streamIndex = 0
    /// Decides, packet by packet, what reaches the muxer (it may also shorten a packet's
    /// duration); nil keeps every packet.
    var filter: ((UnsafeMutablePointer<AVPacket>) -> Bool)?

    /// Looks up the encoder `name` ("libx264", "libvpx-vp9") and allocates its context;
    /// set the context's fields, then call `open`.
    init(name: String, fallbackDuration: Int64, check: FFmpegCheck) throws(EncodeError) {
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw check.null("avcodec_find_encoder_by_name(\(name))", "encoder not available in this FFmpeg build")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw check.null("avcodec_alloc_context3(\(name))") }
        guard let packet = av_packet_alloc() else {
            var context: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&context)
            throw check.null("av_packet_alloc")
        }
        self.codec = codec
        self.context = context
        self.packet = packet
        self.check = check
        self.fallbackDuration = fallbackDuration
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    var name: String { String(cString: codec.pointee.name) }

    /// Opens the encoder with its private options. An option the encoder does not know is an
    /// error naming it (FFmpeg would otherwise ignore it silently); a failure to open quotes
    /// all the options, since the encoder's own log is the only other clue.
    func open(options: [(key: String, value: String)]) throws(EncodeError) {
        let dictionary = try FFmpegDictionary(options, check: check)
        try check(avcodec_open2(context, codec, &dictionary.pointer), "avcodec_open2(\(name) \(dictionary.summary))")
        try dictionary.requireAllConsumed(by: name, path: check.path)
    }

    /// Sends `frame` (or `nil` to flush) and passes every packet that comes out to `muxer`.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?, into muxer: Muxer) throws(EncodeError) {
        let timeBase = context.pointee.time_base, stream = streamIndex
        try encode(frame) { packet throws(EncodeError) in try muxer.write(packet, from: timeBase, stream: stream) }
    }

    /// Sends `frame` (or `nil` to flush) and passes every packet that comes out, and that `filter`
    /// keeps, to `deliver`, which takes over its data (the packet is unreferenced if it throws).
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?,
                deliver: (UnsafeMutablePointer<AVPacket>) throws(EncodeError) -> Void) throws(EncodeError) {
        try check(avcodec_send_frame(context, frame), frame == nil ? "avcodec_send_frame(flush)" : "avcodec_send_frame")
        let again = pr_averror_eagain(), end = pr_averror_eof()
        while true {
            let code = avcodec_receive_packet(context, packet)
            if code == again || code == end { return }
            try check(code, "avcodec_receive_packet")
            if packet.pointee.duration == 0 { packet.pointee.duration = fallbackDuration }
            if let filter, !filter(packet) {
                av_packet_unref(packet)
                continue
            }
            do {
                try deliver(packet)
            } catch {
                av_packet_unref(packet)
                throw error
            }
        }
    }
}
