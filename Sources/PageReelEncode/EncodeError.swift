import Glibc

/// What went wrong while writing an output, with the file, the frame or the C call involved.
///
/// One error type for the whole stage so the CLI can map each case to an exit code: creation
/// failures (73), a full disk or failed write (74), bad options (64), the rest internal (70).
public enum EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output (or a file next to it) could not be created or opened.
    case cannotCreate(path: String, call: String, message: String)
    /// The file system ran out of space (ENOSPC) or quota (EDQUOT) while writing `path`.
    case diskFull(path: String)
    /// Writing to an open output failed for another reason (EIO, removed directory, …).
    case writeFailed(path: String, call: String, message: String)
    /// An FFmpeg call failed; `message` is FFmpeg's text for `code`.
    case ffmpeg(path: String, call: String, code: Int32, message: String)
    /// A system call failed in a way that says nothing about the storage (a bad descriptor, an
    /// invalid argument): an internal error.
    case system(path: String, call: String, code: Int32, message: String)
    /// libimagequant returned `code` (a `liq_error`) from `call`.
    case imageQuant(path: String, call: String, code: Int32)
    /// A libwebp call failed (`call`, with libwebp's reason).
    case webp(path: String, call: String, message: String)
    /// An option value the encoder does not accept, e.g. an unknown preset or a zero frame rate.
    case invalidOption(path: String, name: String, value: String, message: String)
    /// A frame's size differs from the size the writer was created with.
    case frameSize(path: String, index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// Frame indices must increase from one `write` to the next.
    case frameOrder(path: String, index: Int, previous: Int)
    /// An input to join (`concat`) is missing, unreadable, not an MP4 of H.264 video, or encoded
    /// differently from the others; or a file hashed for a fingerprint cannot be read.
    case badInput(path: String, message: String)
    /// The frames written are not the ones the file records (`VideoOptions.shard`).
    case shardFrames(path: String, recorded: ClosedRange<Int>, written: Int, first: Int, last: Int)
    /// No encoding the budget allows made the image small enough; `smallest` describes the
    /// smallest encode made (its size and settings).
    case overBudget(path: String, budget: String, smallest: String)
    /// `finish()` was called before any frame was written.
    case noFrames(path: String)
    /// `write` or `finish` was called after `finish()`.
    case finished(path: String)
    /// The writer was asked to stop (a cancellation) before the output was complete.
    case stopped(path: String)

    /// The output file the error is about.
    public var path: String {
        switch self {
        case .cannotCreate(let path, _, _), .diskFull(let path), .writeFailed(let path, _, _),
             .ffmpeg(let path, _, _, _), .system(let path, _, _, _), .imageQuant(let path, _, _), .webp(let path, _, _),
             .invalidOption(let path, _, _, _),
             .frameSize(let path, _, _, _, _, _), .frameOrder(let path, _, _), .noFrames(let path),
             .badInput(let path, _), .shardFrames(let path, _, _, _, _),
             .finished(let path), .stopped(let path), .overBudget(let path, _, _):
            path
        }
    }

    public var description: String {
        switch self {
        case .cannotCreate(let path, let call, let message):
            "\(path): cannot create output (\(call): \(message))"
        case .diskFull(let path):
            "\(path): write failed: no space left on device"
        case .writeFailed(let path, let call, let message):
            "\(path): write failed (\(call): \(message))"
        case .ffmpeg(let path, let call, let code, let message):
            "\(path): \(call) failed: \(message) (\(code))"
        case .system(let path, let call, let code, let message):
            "\(path): \(call) failed: \(message) (errno \(code))"
        case .imageQuant(let path, let call, let code):
            "\(path): \(call) failed: \(Self.imageQuantName(code))"
        case .webp(let path, let call, let message):
            "\(path): \(call) failed: \(message)"
        case .invalidOption(let path, let name, let value, let message):
            "\(path): \(name) \"\(value)\": \(message)"
        case .frameSize(let path, let index, let width, let height, let expectedWidth, let expectedHeight):
            "\(path): frame \(index) is \(width)x\(height), expected \(expectedWidth)x\(expectedHeight)"
        case .frameOrder(let path, let index, let previous):
            "\(path): frame \(index) arrived after frame \(previous)"
        case .badInput(let path, let message):
            "\(path): \(message)"
        case .shardFrames(let path, let recorded, let written, let first, let last):
            "\(path): records frames \(recorded.lowerBound)-\(recorded.upperBound) but was given \(written) frames (\(first)-\(last))"
        case .overBudget(let path, let budget, let smallest):
            "\(path): does not fit in \(budget) (--max-size): the smallest encode was \(smallest); "
                + "shorten the deck, lower --gif-width or --gif-fps, or allow more"
        case .noFrames(let path):
            "\(path): no frames to write"
        case .finished(let path):
            "\(path): the output is already finished"
        case .stopped(let path):
            "\(path): stopped before the output was complete"
        }
    }

    /// The error for a failed POSIX call with `errno` = `code`: a full disk (ENOSPC, EDQUOT) is
    /// `.diskFull`; a failure to create the file `.cannotCreate`; a storage failure under a write
    /// (EIO, EFBIG, …) `.writeFailed`; anything else `.system`, an internal error.
    static func posix(_ code: Int32, path: String, call: String, creating: Bool) -> EncodeError {
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: path) }
        let message = String(cString: strerror(code))
        if creating { return .cannotCreate(path: path, call: call, message: message) }
        if FFmpegCheck.storageErrors.contains(code) { return .writeFailed(path: path, call: call, message: message) }
        return .system(path: path, call: call, code: code, message: message)
    }

    /// libimagequant's names for its `liq_error` values (libimagequant.h).
    static func imageQuantName(_ code: Int32) -> String {
        switch code {
        case 99: "LIQ_QUALITY_TOO_LOW"
        case 100: "LIQ_VALUE_OUT_OF_RANGE"
        case 101: "LIQ_OUT_OF_MEMORY"
        case 102: "LIQ_ABORTED"
        case 103: "LIQ_BITMAP_NOT_AVAILABLE"
        case 104: "LIQ_BUFFER_TOO_SMALL"
        case 105: "LIQ_INVALID_POINTER"
        case 106: "LIQ_UNSUPPORTED"
        default: "liq_error \(code)"
        }
    }
}
