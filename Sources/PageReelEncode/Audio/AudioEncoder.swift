import CFFmpeg
import CShims
import Foundation

/// Where a video's sound comes from: the mix, pulled in order as the pictures are written.
///
/// Samples are 48 kHz stereo float, interleaved (L R L R …), on the video's clock: the first
/// sample a writer pulls sits at its first frame's time, and the frame k frames later starts
/// `AudioClock.sample(ofFrame:)` samples later.
public protocol AudioSource: AnyObject {
    /// Writes the next `frames` stereo frames into `buffer[0 ..< 2 · frames]`.
    func read(_ frames: Int, into buffer: inout [Float]) throws(EncodeError)
}

/// The one clock sound and pictures share: sample n is at n / 48000 s, frame k at k / fps.
public enum AudioClock {
    /// Samples per second (per channel).
    public static let sampleRate = 48_000

    /// The first sample at or after frame `frame`'s start at `fps`: ⌈frame · 48000 / fps⌉, so the
    /// frames of any rate split the samples without gaps or overlaps.
    public static func sample(ofFrame frame: Int, fps: Int) -> Int {
        let fps = max(fps, 1)
        let scaled = frame * sampleRate
        return scaled >= 0 ? (scaled + fps - 1) / fps : -((-scaled) / fps)
    }
}

/// How a video's audio is encoded: AAC-LC in MP4, Opus in WebM, 48 kHz stereo, at `bitrate`.
public struct AudioOptions: Sendable, Equatable {
    /// Bits per second.
    public var bitrate: Int
    /// Where an MP4's AAC frames lie, relative to the file's first sample: the sample the encoder
    /// is first given (≤ 0), and the first packet written (its decoded samples precede the file's
    /// first, which the edit list skips; what the first kept samples overlap). 0 and nil (the
    /// encoder's own priming packet) for a video that starts at the deck's start; for a shard,
    /// `AudioOptions.shard(startingAt:)`.
    public var start = 0
    public var firstKept: Int?

    /// The default: AAC-LC at 192 kbit/s is transparent for music and clicks; Opus is at least as good there.
    public static let defaultBitrate = 192_000
    /// What `--audio-bitrate` accepts.
    public static let bitrates = 32_000...512_000
    /// Samples of an AAC frame (the native encoder's, and the AAC-LC standard's).
    public static let aacFrame = 1024
    /// Samples a shard's AAC encoder is given before the frames it keeps: enough (eight frames) for
    /// its rate control and psychoacoustic state to settle, so that its first kept frames match
    /// those of an encoder that started at the video's start.
    public static let aacPreroll = 8 * aacFrame

    public init(bitrate: Int = AudioOptions.defaultBitrate) { self.bitrate = bitrate }

    /// The AAC layout of a shard whose first sample is `first` in the whole video: its frames on
    /// the whole video's 1024-sample grid (so `concat` can join shards by copying packets), the
    /// packet before the grid point at or before `first` kept for the samples after it to overlap,
    /// and `aacPreroll` samples encoded before that and dropped.
    public static func shard(startingAt first: Int, bitrate: Int) -> AudioOptions {
        var options = AudioOptions(bitrate: bitrate)
        guard first > 0 else { return options }
        let grid = first / aacFrame * aacFrame
        options.firstKept = grid - aacFrame - first
        options.start = grid - aacFrame - aacPreroll - first
        return options
    }
}

/// Encodes a pull source into one stream of a muxer, in whole codec frames, as far as asked.
///
/// The native AAC encoder takes planar float, libopus interleaved float; both get 48 kHz stereo.
/// Frame timestamps count samples from the file's first, so the encoder's priming (AAC's 1024
/// samples, Opus's pre-skip) becomes the container's edit list or codec delay and a player starts
/// with the first sample of the mix.
///
/// AAC is encoded as if the sound went on at both ends of the file, so that its first and last
/// milliseconds decode as close to the whole video's as the middle (an encoder starting cold, or
/// ending on a cut to silence, is least accurate there, and `concat` joins there): a shard's
/// frames start `AudioOptions.start` samples early and the packets before `firstKept` are dropped;
/// after the last sample two more frames of the source are encoded and the packets past the end
/// dropped, the last one kept cut to end exactly there. Opus ends the usual way: a short last
/// frame and the encoder's padding marked for discarding.
final class AudioEncoder {
    enum Codec: String {
        case aac, opus

        /// The FFmpeg encoder's name.
        var encoderName: String { self == .aac ? "aac" : "libopus" }
    }

    private let encoder: PacketEncoder
    private let frame: UnsafeMutablePointer<AVFrame>
    private let source: AudioSource
    private let check: FFmpegCheck
    private let planar: Bool
    /// Samples per codec frame.
    let frameSize: Int
    private var buffer: [Float]
    /// Samples sent to the encoder so far, counted from the file's first (negative before it).
    private(set) var sent: Int
    /// Whether the end is encoded with what follows it and cut (AAC), or padded by the encoder (Opus).
    private let trimsEnd: Bool
    /// The sample the stream ends at (exclusive), counted from the file's first.
    private let end: Int

    /// An encoder of `length` samples of `source`, the file's first to its last.
    init(codec: Codec, options: AudioOptions, source: AudioSource, length: Int, globalHeader: Bool,
         check: FFmpegCheck) throws(EncodeError) {
        guard AudioOptions.bitrates.contains(options.bitrate) else {
            throw .invalidOption(path: check.path, name: "audio-bitrate", value: String(options.bitrate),
                                 message: "must be \(AudioOptions.bitrates.lowerBound / 1000)k…\(AudioOptions.bitrates.upperBound / 1000)k")
        }
        encoder = try PacketEncoder(name: codec.encoderName, fallbackDuration: 0, check: check)
        self.source = source
        self.check = check
        planar = codec == .aac
        let context = encoder.context
        context.pointee.sample_fmt = planar ? AV_SAMPLE_FMT_FLTP : AV_SAMPLE_FMT_FLT
        context.pointee.sample_rate = Int32(AudioClock.sampleRate)
        av_channel_layout_default(&context.pointee.ch_layout, 2)
        context.pointee.bit_rate = Int64(options.bitrate)
        context.pointee.time_base = AVRational(num: 1, den: Int32(AudioClock.sampleRate))
        context.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        // No perceptual noise substitution or intensity stereo: tools for low bitrates that replace
        // noise and stereo detail by parameters, which a decoder fills in with its own noise; at
        // these rates the waveform is coded itself, so what decodes is the mix within the coder's
        // noise, and a shard's sound decodes like the whole video's.
        try encoder.open(options: codec == .aac ? [("aac_coder", "twoloop"), ("aac_pns", "0"), ("aac_is", "0")]
                                                : [("application", "audio")])
        frameSize = Int(context.pointee.frame_size > 0 ? context.pointee.frame_size : 1024)
        guard let frame = av_frame_alloc() else { throw check.null("av_frame_alloc") }
        self.frame = frame
        frame.pointee.format = context.pointee.sample_fmt.rawValue
        frame.pointee.sample_rate = context.pointee.sample_rate
        frame.pointee.nb_samples = Int32(frameSize)
        try check(av_channel_layout_copy(&frame.pointee.ch_layout, &context.pointee.ch_layout), "av_channel_layout_copy")
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer(audio)")
        buffer = [Float](repeating: 0, count: 2 * frameSize)
        trimsEnd = codec == .aac
        end = length
        sent = codec == .aac ? options.start : 0
        // Keep the packet whose decoded samples precede the first (the edit list skips them; its
        // second half is what the first kept samples overlap), and none before it.
        let firstKept = Int64(codec == .aac ? options.firstKept ?? -Int(context.pointee.initial_padding)
                                            : -Int(context.pointee.initial_padding))
        let trims = trimsEnd, last = Int64(length)
        encoder.filter = { packet in
            let pts = packet.pointee.pts
            guard pts >= firstKept else { return false }
            guard trims else { return true }
            guard pts < last else { return false }
            packet.pointee.duration = min(packet.pointee.duration, last - pts)
            return true
        }
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }

    /// The opened encoder, for the muxer's stream.
    var packetEncoder: PacketEncoder { encoder }

    /// Encodes the whole track, passing each packet to `deliver` (which takes over its data, and
    /// stops the encoding by returning false): whole frames to the end (AAC: two past it, the
    /// packets after the end dropped; Opus: a short last frame), then the encoder flushed.
    func run(deliver: (UnsafeMutablePointer<AVPacket>) throws(EncodeError) -> Bool) throws(EncodeError) {
        var stopped = false
        let pass = { (packet: UnsafeMutablePointer<AVPacket>) throws(EncodeError) in
            if !(try deliver(packet)) { stopped = true }
        }
        let stop = trimsEnd ? end + 2 * frameSize : end
        while sent < stop, !stopped {
            try encodeFrame(trimsEnd ? frameSize : min(frameSize, stop - sent), deliver: pass)
        }
        if !stopped { try encoder.encode(nil, deliver: pass) }
    }

    private func encodeFrame(_ count: Int, deliver: (UnsafeMutablePointer<AVPacket>) throws(EncodeError) -> Void) throws(EncodeError) {
        try source.read(count, into: &buffer)
        try check(av_frame_make_writable(frame), "av_frame_make_writable(audio)")
        frame.pointee.nb_samples = Int32(count)
        frame.pointee.pts = Int64(sent)
        buffer.withUnsafeBufferPointer { samples in
            let s = samples.baseAddress!
            if planar {
                let left = UnsafeMutableRawPointer(frame.pointee.data.0!).assumingMemoryBound(to: Float.self)
                let right = UnsafeMutableRawPointer(frame.pointee.data.1!).assumingMemoryBound(to: Float.self)
                for k in 0..<count {
                    left[k] = s[2 * k]
                    right[k] = s[2 * k + 1]
                }
            } else {
                UnsafeMutableRawPointer(frame.pointee.data.0!).assumingMemoryBound(to: Float.self).update(from: s, count: 2 * count)
            }
        }
        sent += count
        try encoder.encode(frame, deliver: deliver)
    }
}

/// A video's sound encoded on a thread of its own, ahead of the pictures, which the writer's
/// thread muxes between them.
///
/// The sound depends on nothing the pictures do, so it need not wait for them: mixing and AAC
/// encoding (a few percent of real time) run beside rendering and x264, on a core they leave
/// idle, instead of lengthening the writer's thread. Packets wait in a bounded queue (a few
/// seconds of sound), so memory does not grow with the video's length. The encoder and its source
/// belong to the pump's thread from `init` on; the writer only takes packets out. Dropping the
/// pump (an export that failed or was interrupted) closes the queue, and the thread stops at its
/// next packet.
final class AudioPump {
    /// One encoded packet, owned by whoever holds it.
    ///
    /// Sendable without the compiler's check because it owns a C `AVPacket`. Safe because the
    /// packet is only ever moved, never shared: the pump's thread fills it and gives it up to the
    /// queue, and the writer's thread, which takes it out, is then its only holder.
    final class Packet: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<AVPacket>

        init?(taking packet: UnsafeMutablePointer<AVPacket>) {
            guard let pointer = av_packet_alloc() else { return nil }
            av_packet_move_ref(pointer, packet)
            self.pointer = pointer
        }

        deinit {
            var pointer: UnsafeMutablePointer<AVPacket>? = pointer
            av_packet_free(&pointer)
        }
    }

    enum Item: Sendable {
        case packet(Packet)
        case end
        case failed(EncodeError)
    }

    private let queue = HandOff<Item>(capacity: 128)
    /// The pump thread's nice value (Linux schedules threads by their own): measured on the tabs
    /// sample, at 10 the export with sound takes the silent export's time, at 0 some 10% more.
    /// Starved, the pump still progresses: the writer waiting for its packets leaves it the CPU.
    static let niceness: Int32 = 10
    private let timeBase: AVRational
    private let stream: Int
    /// A packet taken from the queue that starts after what was asked for.
    private var held: Packet?
    private var ended = false

    /// Starts encoding `encoder`'s track (whose stream the muxer already has).
    init(_ encoder: consuming AudioEncoder, check: FFmpegCheck) {
        timeBase = encoder.packetEncoder.context.pointee.time_base
        stream = encoder.packetEncoder.streamIndex
        // Handed over to the pump's thread: the writer's thread never touches the encoder or its
        // source again (it only adds the encoder's stream to the muxer before this), so the
        // thread is its only user. The compiler cannot see that the muxer keeps no reference.
        nonisolated(unsafe) let encoder = encoder
        let queue = self.queue
        let thread = Thread {
            // Behind rendering and x264 for the CPU: the sound takes the time they leave idle,
            // and is still far ahead of the pictures it is muxed with.
            _ = pr_set_thread_niceness(AudioPump.niceness)
            do throws(EncodeError) {
                try encoder.run { packet throws(EncodeError) in
                    guard let owned = Packet(taking: packet) else { throw check.null("av_packet_alloc") }
                    return queue.send(.packet(owned))
                }
                queue.send(.end)
            } catch {
                queue.send(.failed(error))
            }
        }
        thread.name = "pagereel sound"
        thread.start()
    }

    deinit { queue.close() }

    /// Muxes the packets whose samples start before sample `end`.
    func write(until end: Int, into muxer: Muxer) throws(EncodeError) {
        while !ended {
            let packet: Packet
            if let held {
                packet = held
                self.held = nil
            } else {
                switch queue.receive() {
                case .packet(let next): packet = next
                case .end, nil:
                    ended = true
                    return
                case .failed(let error):
                    ended = true
                    throw error
                }
            }
            guard packet.pointer.pointee.pts < Int64(end) else {
                held = packet
                return
            }
            try muxer.write(packet.pointer, from: timeBase, stream: stream)
        }
    }

    /// Muxes every packet still to come.
    func finish(into muxer: Muxer) throws(EncodeError) { try write(until: .max, into: muxer) }
}
