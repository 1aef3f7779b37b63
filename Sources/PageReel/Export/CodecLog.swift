import PageReelEncode

/// How much the codecs (x264, libvpx, FFmpeg) print to stderr. Process-wide by nature.
public enum CodecLog {
    /// Errors only: no x264 statistics between progress lines or around `--json` output.
    public static func errorsOnly() { FFmpegLog.setLevel(.error) }
    /// Everything the codecs say (for debugging).
    public static func verbose() { FFmpegLog.setLevel(.info) }
}
