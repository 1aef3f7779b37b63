import CFFmpeg
import CShims

/// Joins MP4 shards of one video by stream copy (`pagereel concat`): no re-encode, every frame
/// exactly once, each at its own time in the whole video.
///
/// Shards rendered with `--frames A-B` each start at time 0 with a keyframe, so that each plays
/// on its own; the shard holding frames A…B is shifted to start at A/fps. Its place comes from
/// the frames it records (`ShardMetadata`), not from the order the files were given or from the
/// end of the shard before it, and each must hold exactly the frames it records. x264's B-frame
/// delay makes every shard's decode timestamps start a few frames before its first presentation
/// time; after the shift they still follow the previous shard's last one, so the joined stream is
/// monotonic. Shards must share codec, size, frame rate and codec headers (the same export
/// settings), else joining them would produce a file players cannot decode. Their sound, when
/// they have it, is joined by copying too (`SoundJoin`).
public enum MP4Concatenator {
    /// One file to join and the frames of the whole video it holds.
    public struct Part: Sendable, Equatable {
        public var path: String
        public var frames: ClosedRange<Int>

        public init(path: String, frames: ClosedRange<Int>) {
            self.path = path
            self.frames = frames
        }
    }

    /// What pagereel recorded in the MP4 at `path`: nil for an MP4 it did not write. Throws
    /// `.badInput` for a file that is not an MP4 of H.264 video, whose record is damaged, or that
    /// does not hold the frames it records.
    public static func metadata(of path: String) throws(EncodeError) -> ShardMetadata? {
        try MP4Input(path).metadata()
    }

    /// Writes `parts` into one MP4 at `output` and records `metadata` in it (nil: nothing);
    /// returns the number of frames. The parts must follow one another (each starts the frame
    /// after the previous one ends) and each must hold exactly its frames: anything else is
    /// `.badInput` naming the part, so a scrambled or incomplete set never makes a video.
    @discardableResult
    public static func concat(_ parts: [Part], into output: String,
                              metadata: ShardMetadata? = nil) throws(EncodeError) -> Int {
        guard let firstPart = parts.first else { throw .noFrames(path: output) }
        for (previous, part) in zip(parts, parts.dropFirst()) where part.frames.lowerBound != previous.frames.upperBound + 1 {
            throw .badInput(path: part.path, message: "holds frames \(part.frames.lowerBound)-\(part.frames.upperBound), "
                + "which do not follow \(previous.path) (\(previous.frames.lowerBound)-\(previous.frames.upperBound))")
        }
        let inputs = try parts.map { part throws(EncodeError) in try MP4Input(part.path) }
        let first = inputs[0]
        for input in inputs.dropFirst() {
            if let mismatch = input.mismatch(with: first) {
                throw .badInput(path: input.path, message: "\(mismatch) differs from \(first.path); join shards of one export")
            }
        }
        let muxer = try Muxer(format: "mp4", path: output)
        try muxer.addStream(copying: first.parameters, timeBase: first.timeBase)
        let sound = try first.audioStream.map { stream throws(EncodeError) in
            try SoundJoin(parts: parts, fps: first.frameRate, muxer: muxer, stream: stream)
        }
        var movflags = "+faststart"
        if let metadata {
            try muxer.setMetadata(metadata.tags)
            movflags += "+use_metadata_tags"
        }
        try muxer.writeHeader(options: [("movflags", movflags)])
        guard let packet = av_packet_alloc() else { throw muxer.check.null("av_packet_alloc") }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&owned) }
        var frames = 0
        for (index, (part, input)) in zip(parts, inputs).enumerated() {
            // Frame A of the whole video is at A/fps, whatever time the shard starts at.
            let offset = first.duration(ofFrames: part.frames.lowerBound - firstPart.frames.lowerBound)
                - av_rescale_q(input.startTime, input.timeBase, first.timeBase)
            let frameDuration = first.duration(ofFrames: 1)
            var read = 0
            while try next(packet, of: input) {
                defer { av_packet_unref(packet) }
                if packet.pointee.stream_index != input.streamIndex {
                    try sound?.write(packet, part: index, of: input)
                    continue
                }
                av_packet_rescale_ts(packet, input.timeBase, first.timeBase)
                if packet.pointee.duration <= 0 { packet.pointee.duration = frameDuration }
                packet.pointee.pts += offset
                packet.pointee.dts += offset
                read += 1
                try muxer.write(packet, from: first.timeBase)
            }
            guard read == part.frames.count else {
                throw .badInput(path: part.path, message: "holds \(read) frames but records frames "
                    + "\(part.frames.lowerBound)-\(part.frames.upperBound) (\(part.frames.count))")
            }
            frames += read
        }
        try muxer.finish()
        return frames
    }

    /// Reads the next packet of `input`'s video or sound stream into `packet`; false at the end.
    private static func next(_ packet: UnsafeMutablePointer<AVPacket>, of input: MP4Input) throws(EncodeError) -> Bool {
        while true {
            let read = av_read_frame(input.context, packet)
            if read == pr_averror_eof() { return false }
            guard read >= 0 else {
                throw .badInput(path: input.path, message: "cannot read: \(FFmpegCheck.message(read))")
            }
            if packet.pointee.stream_index == input.streamIndex || packet.pointee.stream_index == input.audioIndex { return true }
            av_packet_unref(packet)
        }
    }
}

/// The shards' AAC joined by copying packets: each shard's frames lie on the whole video's grid
/// of 1024 samples (`AudioOptions.shard`), so from shard k the joined track takes the packets
/// whose samples start from its grid point (the last at or before its first sample) up to the
/// next shard's; the packet before a shard's grid point, which a shard keeps for its own start,
/// comes from the shard before, which encoded it with the sound that followed. The first shard's
/// priming packet and the last shard's end, cut to the video's last sample, become the joined
/// file's edit list, as in a full export.
private struct SoundJoin {
    let muxer: Muxer
    /// Each part's first sample in the whole video, and the range of samples (packet starts, in
    /// the whole video) the joined track takes from it.
    let firsts: [Int]
    let taken: [Range<Int>]
    /// The output stream's index in the muxer.
    let stream: Int
    static let timeBase = AVRational(num: 1, den: Int32(AudioClock.sampleRate))

    init(parts: [MP4Concatenator.Part], fps: Int, muxer: Muxer,
         stream: UnsafeMutablePointer<AVStream>) throws(EncodeError) {
        self.muxer = muxer
        firsts = parts.map { AudioClock.sample(ofFrame: $0.frames.lowerBound, fps: fps) }
        let frame = AudioOptions.aacFrame
        let grid = firsts.map { $0 / frame * frame }
        taken = grid.indices.map { k in
            (k == 0 ? grid[0] - frame : grid[k])..<(k + 1 < grid.count ? grid[k + 1] : Int.max)
        }
        self.stream = muxer.streams.count
        try muxer.addStream(copying: stream.pointee.codecpar, timeBase: Self.timeBase)
    }

    /// Writes `packet`, a sound packet of part `part`, if the joined track takes it.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, part: Int, of input: MP4Input) throws(EncodeError) {
        guard let source = input.audioStream else { return }
        av_packet_rescale_ts(packet, source.pointee.time_base, Self.timeBase)
        let start = Int(packet.pointee.pts) + firsts[part]
        guard taken[part].contains(start) else { return }
        let shift = Int64(firsts[part] - firsts[0])
        packet.pointee.pts += shift
        packet.pointee.dts += shift
        try muxer.write(packet, from: Self.timeBase, stream: stream)
    }
}
