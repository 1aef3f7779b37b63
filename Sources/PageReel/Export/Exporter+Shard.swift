import PageReelEncode

extension Exporter {
    /// The encoder settings of a video output; for an MP4, with the record of which frames of
    /// which video it holds (its frames, the whole video's frame count, the fingerprint of what
    /// shapes it), so that `concat` can order shards and refuse strangers. A full export records
    /// itself as the shard 0…N−1.
    func videoOptions(for format: Output.Format, width: Int, height: Int, fps: Int,
                      path: String = "") throws(PageReelError) -> VideoOptions {
        let codec: VideoOptions.Codec = format == .webm ? .vp9 : .h264
        var video = VideoOptions(codec: codec, width: width, height: height, fps: fps, crf: options.crf,
                                 preset: options.x264Preset, tune: codec == .h264 ? options.tune : nil)
        if codec == .h264, let target = options.target {
            video.bitrate = target.videoBitrate
            video.level = target.level
        }
        let bitrate = options.audioBitrate ?? AudioOptions.defaultBitrate
        video.audio = format == .mp4
            ? AudioOptions.shard(startingAt: AudioClock.sample(ofFrame: frames.lowerBound, fps: fps), bitrate: bitrate)
            : AudioOptions(bitrate: bitrate)
        if format == .mp4 || format == .webm { video.maxBitrate = try videoCeiling(audioBitrate: bitrate, path: path) }
        guard format == .mp4 else { return video }
        let fingerprint = try RenderFingerprint(project: project, transition: options.transition, width: width,
                                                height: height, fps: fps, video: video, sound: sound != nil)
        video.shard = ShardMetadata(frames: frames.lowerBound...(frames.upperBound - 1), frameCount: frameCount,
                                    fingerprint: fingerprint.digest, settings: fingerprint.settings,
                                    version: PageReelVersion.current)
        return video
    }
}
