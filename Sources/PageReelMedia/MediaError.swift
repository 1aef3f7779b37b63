/// What can go wrong while reading a deck's input files (images, recordings, sounds), with the file.
///
/// The cases follow what a caller does about them: a missing or unreadable file is a missing input
/// (exit 66 at the command line), a file that is there but does not decode is an invalid one
/// (exit 65). Messages carry the library's own reason (libpng's, libjpeg's, FFmpeg's).
public enum MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file could not be read: a directory, no permission, a read error, too large to read.
    case io(path: String, message: String)
    /// A file is missing.
    case notFound(path: String)
    /// A file lies outside every folder inputs may come from (`InputRoots`): as written, or once
    /// its links are resolved. `resolved` is where it leads when that is not the path as written
    /// (a relative path made absolute, a link followed); `folders` lists the allowed ones as
    /// messages show them.
    case outside(path: String, resolved: String?, folders: [String])
    /// An image file is corrupt, truncated, of an unknown format, or too large.
    case badImage(path: String, message: String)
    /// A video file is not one libavformat opens, has no video stream, does not decode, or is too
    /// large; the message carries FFmpeg's reason.
    case badVideo(path: String, message: String)
    /// An audio file (music, a touch sound) or a recording's audio track is not one libavformat
    /// opens, has no audio stream or does not decode; the message carries FFmpeg's reason.
    case badAudio(path: String, message: String)

    /// The file the error is about, as it was named.
    public var path: String {
        switch self {
        case .io(let path, _), .notFound(let path), .outside(let path, _, _), .badImage(let path, _),
             .badVideo(let path, _), .badAudio(let path, _): path
        }
    }

    public var description: String {
        switch self {
        case .io(let path, let message): "\(path): \(message)"
        case .notFound(let path): "\(path): file not found"
        case .outside(let path, let resolved, let folders): "\(path): \(Self.outsideMessage(resolved: resolved, folders: folders))"
        case .badImage(let path, let message): "\(path): \(message)"
        case .badVideo(let path, let message): "\(path): \(message)"
        case .badAudio(let path, let message): "\(path): \(message)"
        }
    }

    /// Why a file outside the allowed folders is refused, and how to allow it.
    public static func outsideMessage(resolved: String?, folders: [String]) -> String {
        let target = resolved.map { " (it leads to \($0))" } ?? ""
        return "outside the folders the deck may read from\(target): \(folders.joined(separator: ", ")); "
            + "allow another with --allow-path DIR"
    }
}
