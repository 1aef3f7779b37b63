import CFFmpeg
import CShims

/// One audio track decoded and resampled to 48 kHz stereo float, read in order from its start.
///
/// Design note. Sound is mixed on the video's clock, sample n at n / 48000 s, and a shard must
/// carry exactly its slice of the whole mix. A sample of the track is therefore defined as what
/// decoding the file from its start and resampling it with libswresample gives: a reader that
/// starts later (a shard, a recording that starts over) decodes from the start and discards up to
/// where it is needed (`skip`), never seeks, because a seek lands decoders and the resampler's
/// filter phase elsewhere and the samples after it would differ. Decoding is cheap next to
/// rendering (minutes of MP3 a second), and memory holds one packet, one decoded frame and the
/// samples of one frame converted: nothing grows with the track's length.
///
/// The file is opened as recordings are (`VideoDemuxer` with `audio`): through `InputRoots`, one
/// of the real containers and audio formats, no nested files. `speed` plays the track faster
/// (2: twice as fast, an octave higher, as tape does): the resampler takes the track's rate to be
/// `speed` times what it is. A recording's audio is timed against its pictures: its first sample
/// sits where its timestamp says relative to the video's first frame (silence before it, or the
/// samples before frame 0 dropped).
public final class AudioStream {
    /// The mix's rate: samples per second per channel.
    public static let sampleRate = 48_000
    /// Left and right, interleaved.
    public static let channels = 2
    /// The message of `.badAudio` for a file without an audio stream (a silent recording).
    public static let noAudioStream = "no audio stream"

    /// The file's name as the deck gave it.
    public var path: String { check.path }
    /// The track's length in seconds as the container states it (not decoded); nil when unknown.
    public let declaredDuration: Double?
    /// The codec's name (`aac`, `mp3`, `opus`, `pcm_s16le`…).
    public let codecName: String

    private let check: MediaCheck
    private let demuxer: VideoDemuxer
    private let codec: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private let speed: Double
    /// Whether the first sample is placed against the file's video stream.
    private let timedAgainstVideo: Bool
    private var resampler: Resampler?
    /// Converted samples not read yet (interleaved), from `pendingStart`.
    private var pending: [Float] = []
    private var pendingStart = 0
    /// Output frames of silence still to give before the track (positive), or of the track still
    /// to drop (negative); nil until the first decoded frame has placed the track.
    private var lead: Int?
    private var sentEnd = false
    private var finished = false

    /// Sample rates and channel counts a track may have (phones record 8–48 kHz, studios up to
    /// 192 kHz); others are refused before anything is resampled.
    static let sampleRates: ClosedRange<Int32> = 4_000...384_000
    static let maxChannels: Int32 = 64

    /// Opens the best audio stream of `file` and its decoder. `.badAudio` (with FFmpeg's reason)
    /// for a file that is not audio pagereel reads, has no audio stream, or whose decoder does not
    /// open; the first packet is not decoded until `read` (use `check` for that).
    public init(file: InputFile, speed: Double = 1, timedAgainstVideo: Bool = false) throws(MediaError) {
        // Failures are thrown with FFmpeg's reason; its own lines stay off stderr (as for recordings).
        let muted = VideoClip.muteFFmpegLog()
        defer { _ = pr_av_log_mute(muted) }
        let demuxer = try VideoDemuxer(file: file, maxPixels: ImageDecoder.maxPixels, audio: true)
        let check = demuxer.check
        let parameters = demuxer.parameters.pointee
        guard let decoder = avcodec_find_decoder(parameters.codec_id) else {
            throw check.error("no decoder for \(String(cString: avcodec_get_name(parameters.codec_id))) audio")
        }
        var codec = avcodec_alloc_context3(decoder)
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        guard let codec, let packet, let frame else {
            avcodec_free_context(&codec)
            av_packet_free(&packet)
            av_frame_free(&frame)
            throw check.error("out of memory")
        }
        (self.codec, self.packet, self.frame) = (codec, packet, frame)
        self.check = check
        self.demuxer = demuxer
        self.speed = speed.isFinite && speed > 0 ? speed : 1
        self.timedAgainstVideo = timedAgainstVideo
        codecName = String(cString: avcodec_get_name(parameters.codec_id))
        let stream = demuxer.stream.pointee
        declaredDuration = stream.duration > 0 ? Double(stream.duration) * av_q2d(stream.time_base)
            : demuxer.context.pointee.duration > 0 ? Double(demuxer.context.pointee.duration) / Double(AV_TIME_BASE) : nil
        // Every stored property is set: deinit frees the codec from here on.
        try check(avcodec_parameters_to_context(codec, demuxer.parameters), "cannot set up the audio decoder")
        codec.pointee.pkt_timebase = demuxer.timeBase
        codec.pointee.thread_count = 1
        try check(avcodec_open2(codec, decoder, nil), "cannot open the \(codecName) decoder")
    }

    deinit {
        var codec: UnsafeMutablePointer<AVCodecContext>? = codec
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        avcodec_free_context(&codec)
        av_packet_free(&packet)
        av_frame_free(&frame)
    }

    /// Opens `file` and decodes its first samples: the stream, or why it is unusable.
    public static func check(_ file: InputFile, timedAgainstVideo: Bool = false) throws(MediaError) -> AudioStream {
        let stream = try AudioStream(file: file, timedAgainstVideo: timedAgainstVideo)
        let muted = VideoClip.muteFFmpegLog()
        defer { _ = pr_av_log_mute(muted) }
        guard try stream.fill() else { throw stream.check.error("the audio stream holds no samples") }
        return stream
    }

    /// Writes the next `frames` stereo frames (interleaved, 2 · frames floats) into `buffer`
    /// from `offset` on; returns how many it wrote, fewer only at the end of the track.
    public func read(_ frames: Int, into buffer: inout [Float], at offset: Int = 0) throws(MediaError) -> Int {
        precondition(buffer.count >= offset + 2 * frames, "buffer too small")
        let muted = VideoClip.muteFFmpegLog()
        defer { _ = pr_av_log_mute(muted) }
        var done = 0
        while done < frames {
            if let lead, lead > 0 {
                let n = min(lead, frames - done)
                for k in 0..<(2 * n) { buffer[offset + 2 * done + k] = 0 }
                self.lead = lead - n
                done += n
                continue
            }
            let available = (pending.count - pendingStart) / 2
            if available == 0 {
                guard try fill() else { break }
                continue
            }
            let n = min(available, frames - done)
            pending.withUnsafeBufferPointer { source in
                buffer.withUnsafeMutableBufferPointer { target in
                    (target.baseAddress! + offset + 2 * done).update(from: source.baseAddress! + pendingStart, count: 2 * n)
                }
            }
            pendingStart += 2 * n
            done += n
        }
        return done
    }

    /// Reads and drops the next `frames` frames; returns how many there were.
    @discardableResult
    public func skip(_ frames: Int) throws(MediaError) -> Int {
        var scratch = [Float](repeating: 0, count: 2 * 4096)
        var skipped = 0
        while skipped < frames {
            let n = try read(min(4096, frames - skipped), into: &scratch)
            skipped += n
            if n == 0 { break }
        }
        return skipped
    }

    /// Decodes until converted samples are pending; false at the end of the track.
    private func fill() throws(MediaError) -> Bool {
        if pendingStart > 0 {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
        while !finished {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                if try convert(frame) { return true }
                continue
            }
            if received == MediaCheck.endOfFile {
                finished = true
                if let drained = try resampler?.drain(), !drained.isEmpty { append(drained) }
                return pending.count > pendingStart
            }
            guard received == MediaCheck.again else {
                // A damaged frame is skipped, as players skip it; the rest still plays.
                if received == MediaCheck.invalidData { continue }
                throw check.failure(received, "cannot decode the audio")
            }
            try sendPacket()
        }
        return pending.count > pendingStart
    }

    /// Sends the next packet of the stream to the decoder, or the end of the file.
    private func sendPacket() throws(MediaError) {
        guard !sentEnd else { return }
        guard try demuxer.read(into: packet) else {
            sentEnd = true
            try check(avcodec_send_packet(codec, nil), "cannot flush the audio decoder")
            return
        }
        defer { av_packet_unref(packet) }
        let sent = avcodec_send_packet(codec, packet)
        // A damaged packet is dropped; anything else stops.
        if sent < 0, sent != MediaCheck.invalidData { throw check.failure(sent, "cannot decode the audio") }
    }

    /// Resamples a decoded frame into `pending`; false when it gave no samples.
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(MediaError) -> Bool {
        let rate = frame.pointee.sample_rate, channels = frame.pointee.ch_layout.nb_channels
        guard Self.sampleRates.contains(rate) else {
            throw check.error("the audio's sample rate (\(rate) Hz) is outside \(Self.sampleRates.lowerBound)…\(Self.sampleRates.upperBound) Hz")
        }
        guard (1...Self.maxChannels).contains(channels) else {
            throw check.error("the audio has \(channels) channels (at most \(Self.maxChannels))")
        }
        if lead == nil { lead = placement(of: frame) }
        let inputRate = Int32((Double(rate) * speed).rounded())
        if resampler?.matches(frame, inputRate: inputRate) != true {
            resampler = try Resampler(frame, inputRate: inputRate, check: check)
        }
        let samples = try resampler!.convert(frame)
        guard !samples.isEmpty else { return false }
        append(samples)
        return true
    }

    /// Adds converted samples, dropping what a negative lead says lies before frame 0.
    private func append(_ samples: [Float]) {
        var samples = samples[...]
        if let lead, lead < 0 {
            let drop = min(-lead, samples.count / 2)
            samples = samples.dropFirst(2 * drop)
            self.lead = lead + drop
        }
        pending.append(contentsOf: samples)
    }

    /// Output frames of silence before the track (negative: to drop), from the first frame's
    /// time against the video's first frame; 0 for a track not timed against a video.
    private func placement(of frame: UnsafeMutablePointer<AVFrame>) -> Int {
        guard timedAgainstVideo, let origin = demuxer.videoStartTime else { return 0 }
        let pts = frame.pointee.best_effort_timestamp
        guard pts != MediaCheck.noTimestamp else { return 0 }
        let seconds = Double(pts) * av_q2d(demuxer.timeBase) - origin
        // Within a millisecond counts as together (containers round their edit lists).
        guard abs(seconds) > 0.001, seconds.isFinite else { return 0 }
        return Int((min(max(seconds, -3600), 3600) * Double(Self.sampleRate) / speed).rounded())
    }
}

/// libswresample from one input format to 48 kHz interleaved stereo float.
private final class Resampler {
    private var context: OpaquePointer?
    private let check: MediaCheck
    private let format: Int32
    private let rate: Int32
    private var layout = AVChannelLayout()

    init(_ frame: UnsafeMutablePointer<AVFrame>, inputRate: Int32, check: MediaCheck) throws(MediaError) {
        self.check = check
        format = frame.pointee.format
        rate = inputRate
        var input = AVChannelLayout()
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&input, frame.pointee.ch_layout.nb_channels)
        } else {
            try check(av_channel_layout_copy(&input, &frame.pointee.ch_layout), "cannot copy the channel layout")
        }
        defer { av_channel_layout_uninit(&input) }
        try check(av_channel_layout_copy(&layout, &frame.pointee.ch_layout), "cannot copy the channel layout")
        var output = AVChannelLayout()
        av_channel_layout_default(&output, Int32(AudioStream.channels))
        defer { av_channel_layout_uninit(&output) }
        try check(swr_alloc_set_opts2(&context, &output, AV_SAMPLE_FMT_FLT, Int32(AudioStream.sampleRate),
                                      &input, AVSampleFormat(rawValue: format), inputRate, 0, nil),
                  "cannot set up the resampler")
        // Mono plays at full level in both channels, as players play it (libswresample's own
        // upmix takes 3 dB off).
        if input.nb_channels == 1 {
            let matrix: [Double] = [1, 1]
            try check(swr_set_matrix(context, matrix, 1), "cannot set the resampler's matrix")
        }
        try check(swr_init(context), "cannot set up the resampler")
    }

    deinit {
        swr_free(&context)
        av_channel_layout_uninit(&layout)
    }

    /// Whether `frame` has the format this resampler converts.
    func matches(_ frame: UnsafeMutablePointer<AVFrame>, inputRate: Int32) -> Bool {
        frame.pointee.format == format && inputRate == rate && av_channel_layout_compare(&layout, &frame.pointee.ch_layout) == 0
    }

    /// The frame's samples at 48 kHz stereo, interleaved (fewer than in proportion at first:
    /// the resampler's filter holds some back until the next frame or `drain`).
    func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(MediaError) -> [Float] {
        let capacity = Int(swr_get_out_samples(context, frame.pointee.nb_samples))
        guard capacity > 0 else { return [] }
        var out = [Float](repeating: 0, count: 2 * capacity)
        let made = out.withUnsafeMutableBytes { bytes in
            var target: UnsafeMutablePointer<UInt8>? = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return frame.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 1) { source in
                swr_convert(context, &target, Int32(capacity), source, frame.pointee.nb_samples)
            }
        }
        try check(made, "cannot resample the audio")
        out.removeLast(2 * (capacity - Int(made)))
        Self.silenceNonFinite(&out)
        return out
    }

    /// A float track may hold NaN or infinity (a damaged or hostile WAV): those samples are silence,
    /// so the mix and the encoder only ever see numbers.
    static func silenceNonFinite(_ samples: inout [Float]) {
        for k in samples.indices where !samples[k].isFinite { samples[k] = 0 }
    }

    /// What the filter still holds at the end of the track.
    func drain() throws(MediaError) -> [Float] {
        let capacity = Int(swr_get_out_samples(context, 0)) + 64
        var out = [Float](repeating: 0, count: 2 * capacity)
        let made = out.withUnsafeMutableBytes { bytes in
            var target: UnsafeMutablePointer<UInt8>? = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return swr_convert(context, &target, Int32(capacity), nil, 0)
        }
        try check(made, "cannot resample the audio")
        out.removeLast(2 * (capacity - Int(made)))
        Self.silenceNonFinite(&out)
        return out
    }
}
