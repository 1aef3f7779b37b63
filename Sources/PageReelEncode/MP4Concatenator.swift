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
/// settings), else joining them would produce a file players cannot decode. A shard's sound is
/// not copied (see `concat`).
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
    ///
    /// With `audio`, the joined file gets a sound track encoded from it (AAC at `bitrate`): the
    /// shards' sound, decoded and laid end to end by the caller, exactly as many samples as the
    /// frames last (`AudioClock`). Sound is re-encoded rather than copied because each shard's AAC
    /// starts with its own priming and ends padded to a whole AAC frame; copied, those would be
    /// gaps and clicks at every boundary.
    @discardableResult
    public static func concat(_ parts: [Part], into output: String, metadata: ShardMetadata? = nil,
                              audio: (source: AudioSource, bitrate: Int)? = nil) throws(EncodeError) -> Int {
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
        let fps = first.frameRate
        let totalFrames = parts.reduce(0) { $0 + $1.frames.count }
        let totalSamples = AudioClock.sample(ofFrame: firstPart.frames.lowerBound + totalFrames, fps: fps)
            - AudioClock.sample(ofFrame: firstPart.frames.lowerBound, fps: fps)
        var sound: AudioEncoder?
        if let audio {
            let encoder = try AudioEncoder(codec: .aac, options: AudioOptions(bitrate: audio.bitrate), source: audio.source,
                                           globalHeader: muxer.wantsGlobalHeader, check: muxer.check)
            try muxer.addStream(for: encoder.packetEncoder)
            sound = encoder
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
        for (part, input) in zip(parts, inputs) {
            // Frame A of the whole video is at A/fps, whatever time the shard starts at.
            let offset = first.duration(ofFrames: part.frames.lowerBound - firstPart.frames.lowerBound)
                - av_rescale_q(input.startTime, input.timeBase, first.timeBase)
            let frameDuration = first.duration(ofFrames: 1)
            var read = 0
            while try next(packet, of: input) {
                defer { av_packet_unref(packet) }
                av_packet_rescale_ts(packet, input.timeBase, first.timeBase)
                if packet.pointee.duration <= 0 { packet.pointee.duration = frameDuration }
                packet.pointee.pts += offset
                packet.pointee.dts += offset
                read += 1
                let time = Double(packet.pointee.dts) * av_q2d(first.timeBase)
                try muxer.write(packet, from: first.timeBase)
                // The sound a little ahead of the pictures, so the muxer interleaves without
                // holding many packets.
                let ahead = Int((time + 0.25) * Double(AudioClock.sampleRate))
                try sound?.encode(until: min(max(ahead, 0), totalSamples), into: muxer)
            }
            guard read == part.frames.count else {
                throw .badInput(path: part.path, message: "holds \(read) frames but records frames "
                    + "\(part.frames.lowerBound)-\(part.frames.upperBound) (\(part.frames.count))")
            }
            frames += read
        }
        try sound?.finish(at: totalSamples, into: muxer)
        try muxer.finish()
        return frames
    }

    /// The frame rate of the MP4 at `path`, in whole frames per second (pagereel's rates are).
    public static func frameRate(of path: String) throws(EncodeError) -> Int {
        try MP4Input(path).frameRate
    }

    /// Reads the next packet of `input`'s video stream into `packet`; false at the end.
    private static func next(_ packet: UnsafeMutablePointer<AVPacket>, of input: MP4Input) throws(EncodeError) -> Bool {
        while true {
            let read = av_read_frame(input.context, packet)
            if read == pr_averror_eof() { return false }
            guard read >= 0 else {
                throw .badInput(path: input.path, message: "cannot read: \(FFmpegCheck.message(read))")
            }
            if packet.pointee.stream_index == input.streamIndex { return true }
            av_packet_unref(packet)
        }
    }
}
