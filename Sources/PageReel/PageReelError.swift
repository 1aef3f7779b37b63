import PageReelDeck
import PageReelEncode
import PageReelRaster

/// Everything the facade can fail with, each case carrying where it happened. The CLI maps the
/// cases to exit codes and wording.
public enum PageReelError: Error, Sendable, CustomStringConvertible {
    /// The command line or the options are wrong (a bad size, an unknown output format).
    case usage(String)
    /// The deck is invalid or names missing files: every issue at once.
    case deck(DeckError)
    /// The deck file itself (or another input) is missing or unreadable.
    case inputMissing(path: String, message: String)
    /// An input file is there but unusable (a shard that is not one of the same export's MP4s).
    case inputInvalid(path: String, message: String)
    /// MP4s given to join are not every frame of one video exactly once: every problem at once.
    case shards(ShardError)
    /// An input turned out to be unusable while rendering (a corrupt image, a font).
    case render(RasterError)
    /// An output could not be created (missing folder, a directory in the way, no permission).
    case cannotCreateOutput(path: String, message: String)
    /// Writing an output failed (disk full, I/O error).
    case writeFailed(path: String, message: String)
    /// An encoder failed or refused an option.
    case encode(EncodeError)
    /// The export was stopped by a signal.
    case interrupted(signal: Int32)

    /// The message, as the command line prints it: anything in it that came from the input (a
    /// file name, a key) has its control characters escaped (`MessageText`).
    public var description: String { MessageText.safe(text, keepingLineBreaks: true) }

    private var text: String {
        switch self {
        case .usage(let message): message
        case .deck(let error): error.description
        case .inputMissing(let path, let message): "\(path): \(message)"
        case .inputInvalid(let path, let message): "\(path): \(message)"
        case .shards(let error): error.description
        case .render(let error): error.description
        case .cannotCreateOutput(let path, let message): "\(path): cannot create output: \(message)"
        case .writeFailed(let path, let message): "\(path): write failed: \(message)"
        case .encode(let error): error.description
        case .interrupted(let signal): "interrupted by \(signal == 15 ? "SIGTERM" : "SIGINT")"
        }
    }
}
