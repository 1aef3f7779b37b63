import CFFmpeg
import CShims
import Glibc

/// Turns an FFmpeg return code into an `EncodeError` that names the call and the output file.
///
/// Every C call of the stage goes through one of these, so no return code is silently dropped
/// and every message carries FFmpeg's own text (`av_strerror`) and where it happened.
struct FFmpegCheck: Sendable {
    let path: String

    /// Returns `code` when it is not an error (≥ 0); throws otherwise. A full disk (ENOSPC or
    /// EDQUOT, which FFmpeg passes through as negative errno values) becomes `.diskFull`.
    @discardableResult
    func callAsFunction(_ code: Int32, _ call: String) throws(EncodeError) -> Int32 {
        guard code < 0 else { return code }
        if code == -ENOSPC || code == -EDQUOT { throw .diskFull(path: path) }
        throw .ffmpeg(path: path, call: call, code: code, message: Self.message(code))
    }

    /// Like `callAsFunction`, for calls that write to the output: the errors of a storage that
    /// failed — an I/O error, a file grown past the limit, and (as `.diskFull`) a full disk or
    /// quota — are failed writes (exit 74); any other code stays an FFmpeg error (70), since it
    /// says something is wrong with pagereel's own use of FFmpeg, not with the disk.
    @discardableResult
    func write(_ code: Int32, _ call: String) throws(EncodeError) -> Int32 {
        do {
            return try self(code, call)
        } catch {
            if case .ffmpeg(_, _, let code, let message) = error, Self.storageErrors.contains(-code) {
                throw .writeFailed(path: path, call: call, message: message)
            }
            throw error
        }
    }

    /// errno values that mean the storage failed under a write.
    static let storageErrors: Set<Int32> = [EIO, EFBIG, EROFS, ENXIO, ENODEV]

    /// An error for a call that returned NULL instead of a code (allocation, lookup).
    func null(_ call: String, _ message: String = "returned NULL") -> EncodeError {
        .ffmpeg(path: path, call: call, code: 0, message: message)
    }

    /// FFmpeg's text for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        return buffer.withUnsafeMutableBufferPointer { buf in
            String(cString: pr_av_err2str(code, buf.baseAddress, buf.count))
        }
    }
}
