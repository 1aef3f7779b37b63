import CFFmpeg

/// How much FFmpeg and the codecs it wraps print to stderr.
///
/// libx264 prints its statistics at "info" level when an encoder closes, which would garble a
/// progress bar or a `--json` consumer reading stderr; the CLI lowers the level once at start.
/// The level is process-wide by nature (`av_log_set_level`), so it is set, not owned.
public enum FFmpegLog {
    public enum Level: Int32, Sendable {
        case quiet = -8, error = 16, warning = 24, info = 32
    }

    public static func setLevel(_ level: Level) { av_log_set_level(level.rawValue) }
}
