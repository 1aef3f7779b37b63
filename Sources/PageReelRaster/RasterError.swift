import PageReelDeck

/// What can go wrong while loading page resources or drawing, with where it happened.
public enum RasterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file could not be read or written.
    case io(path: String, message: String)
    /// A file is missing.
    case notFound(path: String)
    /// An image file is corrupt, truncated, of an unknown format, or too large.
    case badImage(path: String, message: String)
    /// A video file is not one libavformat opens, has no video stream, does not decode, or is too
    /// large; the message carries FFmpeg's reason.
    case badVideo(path: String, message: String)
    /// libpng failed.
    case png(operation: String, message: String)
    /// A font could not be found or loaded (a family that is not installed).
    case font(name: String, message: String)
    /// A font file is there but is not a usable font.
    case badFont(path: String, message: String)
    /// Text marked up with Pango markup does not parse.
    case markup(message: String)

    public var description: String {
        switch self {
        case .io(let path, let message): "\(path): \(message)"
        case .notFound(let path): "\(path): file not found"
        case .badImage(let path, let message): "\(path): \(message)"
        case .badVideo(let path, let message): "\(path): \(message)"
        case .png(let operation, let message): "\(operation): \(message)"
        case .font(let name, let message): "font \(quoted(name)): \(message)"
        case .badFont(let path, let message): "\(path): \(message)"
        case .markup(let message): "invalid markup: \(message)"
        }
    }
}

/// `"name"`, as the deck wrote it, safe to print and shortened.
private func quoted(_ name: String) -> String { "\"\(MessageText.safe(name, limit: 80))\"" }
