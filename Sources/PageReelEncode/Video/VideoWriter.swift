import CFFmpeg
import CShims
import PageReelMedia

/// Encodes frames into an H.264 MP4 or a VP9 WebM as they arrive.
///
/// The settings are the ones that make UI video look right everywhere: 4:2:0 for players,
/// BT.709 primaries, transfer and matrix with limited range both in the conversion and in the
/// stream's tags (mismatches shift colours), a keyframe every 2 s, and for MP4 `faststart` so
/// browsers can play while downloading. Timestamps count frames from the first one written, so a
/// shard (`--frames A-B`) is a self-contained file that plays on its own and that `concat` can
/// join by stream copy; which frames of the whole it holds is recorded in its metadata
/// (`VideoOptions.shard`), and `concat` places it by that.
public final class VideoWriter: FrameSink {
    public let path: String
    public let options: VideoOptions
    private let check: FFmpegCheck
    private let muxer: Muxer
    private let encoder: PacketEncoder
    private let converter: YUVConverter
    private let picture: FrameBuffer
    /// The sound, encoding ahead on its own thread, when the video has sound.
    private let audio: AudioPump?
    /// The samples the sound holds.
    private let audioSamples: Int
    private var firstIndex: Int?
    private var lastIndex: Int?
    private var written = 0
    private var isFinished = false

    /// Creates `path` and writes the container header. Throws `.cannotCreate` if the file cannot
    /// be opened and `.invalidOption` for a size, rate, CRF, preset or tune the encoder rejects.
    ///
    /// With `audio`, the file gets a sound track of `audio.samples` samples (AAC-LC in MP4, Opus
    /// in WebM, at `options.audio`'s bitrate): it is encoded from the source on a thread of its
    /// own from the start, and as each frame is written the sound up to that frame's end is muxed
    /// after it, so the streams interleave. The frames written must last exactly as long.
    public init(path: String, options: VideoOptions,
                audio sound: (source: AudioSource, samples: Int)? = nil) throws(EncodeError) {
        try Self.validate(options, path: path)
        self.path = path
        self.options = options
        check = FFmpegCheck(path: path)
        let h264 = options.codec == .h264
        muxer = try Muxer(format: h264 ? "mp4" : "webm", path: path)
        encoder = try PacketEncoder(name: h264 ? "libx264" : "libvpx-vp9", fallbackDuration: 1, check: check)
        converter = try YUVConverter(width: options.width, height: options.height,
                                     destination: AV_PIX_FMT_YUV420P, check: check)
        Self.configure(encoder.context, options: options, width: converter.paddedWidth,
                       height: converter.paddedHeight, globalHeader: muxer.wantsGlobalHeader)
        try encoder.open(options: Self.codecOptions(options))
        try muxer.addStream(for: encoder)
        if let sound {
            let encoder = try AudioEncoder(codec: h264 ? .aac : .opus, options: options.audio, source: sound.source,
                                           length: sound.samples, globalHeader: muxer.wantsGlobalHeader, check: check)
            try muxer.addStream(for: encoder.packetEncoder)
            audioSamples = sound.samples
            self.audio = AudioPump(encoder, check: check)
        } else {
            audioSamples = 0
            audio = nil
        }
        var movflags = "+faststart"
        if h264, let shard = options.shard {
            try muxer.setMetadata(shard.tags)
            // Custom keys (`pagereel.frames`) need the mdta form; without it only iTunes keys are kept.
            movflags += "+use_metadata_tags"
        }
        try muxer.writeHeader(options: h264 ? [("movflags", movflags)] : [])
        picture = try FrameBuffer(format: AV_PIX_FMT_YUV420P, width: converter.paddedWidth,
                                  height: converter.paddedHeight, check: check)
    }

    public func write(_ frame: Pixmap, index: Int) throws(EncodeError) {
        try write(frame, index: index, repeatsPrevious: false)
    }

    /// A frame that repeats the previous one is not converted again: the picture still holds its
    /// YUV planes (`makeWritable` keeps the contents when it has to copy), so a still stretch costs
    /// the encoder alone.
    public func write(_ frame: Pixmap, index: Int, repeatsPrevious: Bool) throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        guard frame.width == options.width, frame.height == options.height else {
            throw .frameSize(path: path, index: index, width: frame.width, height: frame.height,
                             expectedWidth: options.width, expectedHeight: options.height)
        }
        if let lastIndex, index <= lastIndex { throw .frameOrder(path: path, index: index, previous: lastIndex) }
        let first = firstIndex ?? index
        firstIndex = first
        lastIndex = index
        written += 1
        try picture.makeWritable(pts: Int64(index - first))
        if !repeatsPrevious || written == 1 {
            try converter.convert(frame, into: picture.frame, check: check)
        }
        try encoder.encode(picture.frame, into: muxer)
        try audio?.write(until: audioSamples(through: index), into: muxer)
    }

    /// Samples of sound from the first frame's start to frame `index`'s end.
    private func audioSamples(through index: Int) -> Int {
        AudioClock.sample(ofFrame: index + 1, fps: options.fps) - AudioClock.sample(ofFrame: firstIndex ?? index, fps: options.fps)
    }

    public func finish() throws(EncodeError) {
        guard !isFinished else { throw .finished(path: path) }
        isFinished = true
        guard let firstIndex, let lastIndex else { throw .noFrames(path: path) }
        // A file must hold exactly the frames it says it holds, or `concat` would trust a lie.
        if options.codec == .h264, let recorded = options.shard?.frames,
           recorded.lowerBound != firstIndex || recorded.upperBound != lastIndex || recorded.count != written {
            throw .shardFrames(path: path, recorded: recorded, written: written, first: firstIndex, last: lastIndex)
        }
        if audio != nil, audioSamples(through: lastIndex) != audioSamples {
            throw .invalidOption(path: path, name: "audio", value: "\(audioSamples) samples",
                                 message: "the frames written last \(audioSamples(through: lastIndex)) samples")
        }
        try audio?.finish(into: muxer)
        try encoder.encode(nil, into: muxer)
        try muxer.finish()
    }

    private static func configure(_ context: UnsafeMutablePointer<AVCodecContext>, options: VideoOptions,
                                  width: Int, height: Int, globalHeader: Bool) {
        let fps = Int32(options.fps)
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: 1, den: fps)
        context.pointee.framerate = AVRational(num: fps, den: 1)
        context.pointee.gop_size = 2 * fps
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointee.thread_count = Int32(threads(for: options))
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = AVCOL_RANGE_MPEG
        context.pointee.chroma_sample_location = AVCHROMA_LOC_LEFT
        if options.codec == .vp9 { context.pointee.bit_rate = 0 }   // constant quality, not a bitrate cap
        if options.codec == .h264, let bitrate = options.bitrate {
            context.pointee.bit_rate = Int64(bitrate)
            context.pointee.rc_max_rate = Int64(bitrate)
            context.pointee.rc_buffer_size = Int32(clamping: bitrate)
        }
        if let cap = options.maxBitrate, options.bitrate == nil {
            switch options.codec {
            case .h264:
                context.pointee.rc_max_rate = Int64(cap)
                context.pointee.rc_buffer_size = Int32(clamping: cap)
            case .vp9:
                context.pointee.bit_rate = Int64(cap)
            }
        }
        if options.codec == .h264, let level = options.level { context.pointee.level = Int32(level) }
        if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    }

    private static func codecOptions(_ options: VideoOptions) -> [(key: String, value: String)] {
        let crf = String(options.effectiveCRF)
        switch options.codec {
        case .h264:
            var list = [("preset", options.preset)]
            if options.bitrate == nil { list.append(("crf", crf)) }
            // CRF 0 is lossless, which x264 encodes only in High 4:4:4 Predictive: naming High
            // would make it refuse to open. Left unnamed, x264 picks that profile itself.
            if options.effectiveCRF > 0 { list.append(("profile", "high")) }
            if let tune = options.tune, !tune.isEmpty { list.append(("tune", tune)) }
            // No buffer frames between x264's lookahead thread and its encoder: the same bitstream
            // (checked against the default) with some 40 MB less memory at 1080p.
            // With a bitrate: constant, padded with filler, with the HRD parameters in the stream.
            var params = ["sync-lookahead=0"]
            if options.bitrate != nil { params.append("nal-hrd=cbr") }
            if let cpu = x264CPU { params.append("asm=" + cpu) }
            list.append(("x264-params", params.joined(separator: ":")))
            return list
        case .vp9:
            return [("crf", crf), ("row-mt", "1"), ("deadline", "good"), ("cpu-used", "4")]
        }
    }

    /// The encoder's threads, whatever the machine: x264's default on two cores, and enough to
    /// keep two cores busy while the renderer shares them. A fixed count, not one per core: the
    /// bitstream depends on it (x264's frame threads bound each other's motion search), and the
    /// same deck must give the same bytes on every machine.
    static let encoderThreads = 3

    /// `encoderThreads`, but one for H.264 under a VBV (a bitrate or a ceiling): there x264's
    /// threads plan each frame's or band's size from the sizes the others have reached so far
    /// (`frame_size_estimated`, read while they encode, in frame and in sliced threads alike),
    /// so the stream follows the threads' timing. `ffmpeg -c:v libx264 -threads 3 -maxrate
    /// 101k -bufsize 101k` on the same frames gave three streams in three runs; one thread gives one.
    static func threads(for options: VideoOptions) -> Int {
        options.hasVBV ? 1 : encoderThreads
    }

    /// The instruction sets x264 may use, when not all it finds: on a CPU with AVX-512, those up to
    /// AVX2. x264's AVX-512 code reads memory it has not written, so its bitstream followed what
    /// the heap held before (glibc's `MALLOC_PERTURB_` gave a new MP4 each time, and an export after
    /// others in one process was not a fresh process's); up to AVX2, and in C, it does not. An
    /// AVX-512 machine then runs the code an AVX2 machine runs.
    static let x264CPU: String? = pr_cpu_has_avx512() != 0 ? "AVX2" : nil

    /// x264's preset and tune names (x264.h: x264_preset_names, x264_tune_names); checked here so
    /// a typo is reported by name instead of as libx264's generic "invalid argument".
    static let x264Presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium",
                              "slow", "slower", "veryslow", "placebo"]
    static let x264Tunes = ["film", "animation", "grain", "stillimage", "psnr", "ssim",
                            "fastdecode", "zerolatency"]

    private static func validate(_ options: VideoOptions, path: String) throws(EncodeError) {
        func invalid(_ name: String, _ value: String, _ message: String) -> EncodeError {
            .invalidOption(path: path, name: name, value: value, message: message)
        }
        guard options.width > 0, options.height > 0, options.width <= 16384, options.height <= 16384 else {
            throw invalid("size", "\(options.width)x\(options.height)", "width and height must be 1…16384")
        }
        guard options.fps > 0, options.fps <= 1000 else { throw invalid("fps", "\(options.fps)", "must be 1…1000") }
        let crf = options.effectiveCRF
        guard (0...options.codec.maximumCRF).contains(crf) else {
            throw invalid("crf", "\(crf)", "must be 0…\(options.codec.maximumCRF) for \(options.codec.rawValue)")
        }
        guard options.codec == .h264 else { return }
        guard x264Presets.contains(options.preset) else {
            throw invalid("preset", options.preset, "expected one of \(x264Presets.joined(separator: ", "))")
        }
        if let tune = options.tune, !tune.isEmpty {
            // x264 accepts several tunes joined by commas (e.g. "animation,fastdecode").
            for part in tune.split(separator: ",") where !x264Tunes.contains(String(part)) {
                throw invalid("tune", tune, "expected one of \(x264Tunes.joined(separator: ", "))")
            }
        }
    }
}
