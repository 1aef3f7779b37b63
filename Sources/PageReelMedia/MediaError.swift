/// What can go wrong while reading a deck's input files (images, recordings), with the file.
///
/// The cases follow what a caller does about them: a missing or unreadable file is a missing input
/// (exit 66 at the command line), a file that is there but does not decode is an invalid one
/// (exit 65). Messages carry the library's own reason (libpng's, libjpeg's, FFmpeg's).
public enum MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file could not be read: a directory, no permission, a read error, too large to read.
    case io(path: String, message: String)
    /// A file is missing.
    case notFound(path: String)
    /// An image file is corrupt, truncated, of an unknown format, or too large.
    case badImage(path: String, message: String)
    /// A video file is not one libavformat opens, has no video stream, does not decode, or is too
    /// large; the message carries FFmpeg's reason.
    case badVideo(path: String, message: String)

    public var description: String {
        switch self {
        case .io(let path, let message): "\(path): \(message)"
        case .notFound(let path): "\(path): file not found"
        case .badImage(let path, let message): "\(path): \(message)"
        case .badVideo(let path, let message): "\(path): \(message)"
        }
    }
}
