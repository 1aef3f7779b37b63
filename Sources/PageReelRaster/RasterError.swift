import PageReelDeck
import PageReelMedia

/// What can go wrong while loading page resources or drawing, with where it happened.
public enum RasterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An image or recording a page draws could not be read or decoded (Media's error, as is).
    case media(MediaError)
    /// A font file could not be read (or, never expected, a page render did not finish).
    case io(path: String, message: String)
    /// A font file is missing.
    case notFound(path: String)
    /// A font could not be found or loaded (a family that is not installed).
    case font(name: String, message: String)
    /// A font file is there but is not a usable font.
    case badFont(path: String, message: String)
    /// Text marked up with Pango markup does not parse.
    case markup(message: String)

    public var description: String {
        switch self {
        case .media(let error): error.description
        case .io(let path, let message): "\(path): \(message)"
        case .notFound(let path): "\(path): file not found"
        case .font(let name, let message): "font \(quoted(name)): \(message)"
        case .badFont(let path, let message): "\(path): \(message)"
        case .markup(let message): "invalid markup: \(message)"
        }
    }
}

/// `"name"`, as the deck wrote it, safe to print and shortened.
private func quoted(_ name: String) -> String { "\"\(MessageText.safe(name, limit: 80))\"" }

extension RasterError {
    /// What `decode` returns, with a Media error carried as `.media`.
    static func decoding<T>(_ decode: () throws(MediaError) -> T) throws(RasterError) -> T {
        do { return try decode() } catch { throw .media(error) }
    }
}
