import CFFmpeg
import CShims
import Glibc

/// Turns the FFmpeg return codes of a video or audio file being read into `MediaError.badVideo`
/// (or `.badAudio`), naming the file, what was being done and FFmpeg's own reason (`av_strerror`).
///
/// Every libavformat, libavcodec, libswscale and libswresample call of `VideoClip` and
/// `AudioStream` goes through one of these, so no return code is dropped. The one exception is a missing file, which is `.notFound` like a
/// missing image, so that the command line says "input missing" (66) rather than "invalid" (65).
struct MediaCheck: Sendable {
    let path: String
    /// Whether the file is read for its audio (`.badAudio`) rather than its pictures (`.badVideo`).
    var isAudio = false

    /// FFmpeg's "no timestamp" (`AV_NOPTS_VALUE`, a cast macro Swift cannot import).
    static let noTimestamp = Int64.min

    /// Returns `code` when it is not an error (≥ 0); throws `.badVideo` with "`doing`: reason"
    /// otherwise.
    @discardableResult
    func callAsFunction(_ code: Int32, _ doing: String) throws(MediaError) -> Int32 {
        guard code < 0 else { return code }
        throw failure(code, doing)
    }

    /// The error for a failed call: `.notFound` for a file that is not there, `.io` for one that
    /// cannot be read, `.badVideo` with FFmpeg's reason for everything else.
    func failure(_ code: Int32, _ doing: String) -> MediaError {
        switch -code {
        case ENOENT: .notFound(path: path)
        case EACCES, EISDIR, EIO: .io(path: path, message: "\(doing): \(Self.message(code))")
        default: error("\(doing): \(Self.message(code))")
        }
    }

    /// A `.badVideo` (or `.badAudio`) error that no return code came with (a NULL result, a check
    /// of pagereel's).
    func error(_ message: String) -> MediaError {
        isAudio ? .badAudio(path: path, message: message) : .badVideo(path: path, message: message)
    }

    /// FFmpeg's text for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        return buffer.withUnsafeMutableBufferPointer { buf in
            String(cString: pr_av_err2str(code, buf.baseAddress, buf.count))
        }
    }

    /// `AVERROR(EAGAIN)`, `AVERROR_EOF` and `AVERROR_INVALIDDATA`, which Swift cannot import.
    static let again = pr_averror_eagain()
    static let endOfFile = pr_averror_eof()
    static let invalidData = pr_averror_invaliddata()
}
