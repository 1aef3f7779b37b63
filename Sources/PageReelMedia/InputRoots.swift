import CShims
import Foundation
import Glibc

/// The folders a deck may read its inputs from, and the one way inputs are opened.
///
/// Design note. Decks come from strangers (a pull request's artifact), so a deck must not reach
/// outside the folders it was given: by default the deck's own folder and the current directory,
/// plus any folder the user allows (`--allow-path`). Every image, recording and font goes through
/// `open(_:)`, which decides in three steps, each before anything is read:
///
/// 1. The path as written, made absolute and with `.` and `..` taken away as text, must lie in an
///    allowed folder (`/etc/passwd`, `../../x.png`): refused without touching the file system, so
///    a deck cannot even learn whether a file outside exists.
/// 2. The same path with every symbolic link resolved (`realpath`) must lie in an allowed folder
///    too: a link beside the deck that points outside is refused, one that stays inside is fine.
/// 3. The resolved path is opened from its folder one component at a time, following no link
///    (`pr_open_beneath`), so a name swapped for a link between the check and the open fails
///    instead of leading elsewhere; and only a regular file off the kernel's filesystems (`/proc`,
///    `/sys`) is opened at all — a FIFO, a device, a socket or a folder is refused by its type.
///
/// Callers then read the returned `InputFile`, never the name, so what was checked is what is read.
public struct InputRoots: Sendable, Hashable {
    /// The folder relative paths in the deck are resolved against (the deck's, as given).
    public let directory: String
    /// The allowed folders, resolved (no links, no `..`), without repeats, most specific reason first.
    public let folders: [Folder]
    /// `directory` as an absolute path (against the current directory when it was made).
    private let base: String

    /// An allowed folder, and why it is allowed.
    public struct Folder: Sendable, Hashable {
        /// The folder with every link resolved.
        public let path: String
        /// The folder as an absolute path, links kept (what a deck's paths are compared with as text).
        public let written: String
        public let reason: Reason
        /// The folder as the caller gave it (for an allowed one).
        public let given: String

        /// How messages name it: by its reason, an allowed folder as it was given.
        public var shown: String { reason == .allowed ? given : reason.rawValue }
    }

    public enum Reason: String, Sendable, Hashable {
        case deck = "the deck's folder"
        case current = "the current directory"
        case allowed = "allowed"
        case anywhere = "anywhere"
    }

    /// The deck's folder `directory` and the current directory (unless `currentDirectory` is
    /// false — a service rendering uploaded decks allows only each deck's folder — or the current
    /// directory is `/`), plus each of
    /// `allowing` (relative to the current directory). An allowed folder that is not there, or
    /// not a folder, is `.notFound` or `.io` naming it.
    public init(directory: String, allowing: [String] = [], currentDirectory: Bool = true) throws(MediaError) {
        let current = Self.currentDirectory
        var folders: [Folder] = []
        func add(_ path: String, _ reason: Reason) throws(MediaError) {
            let written = Self.normalized(Self.absolute(path, against: current))
            let resolved = try Self.resolvedFolder(written, shown: path)
            guard !folders.contains(where: { $0.path == resolved }) else { return }
            folders.append(Folder(path: resolved, written: written, reason: reason, given: path))
        }
        try add(directory, .deck)
        // A current directory that is gone (getcwd fails) allows nothing rather than "/", and "/"
        // itself (a container's default working directory) would allow the whole machine: only an
        // explicit --allow-path / does that.
        if currentDirectory, let cwd = Self.workingDirectory, cwd != "/" { try add(cwd, .current) }
        for path in allowing { try add(path, .allowed) }
        self.directory = directory
        self.folders = folders
        base = Self.normalized(Self.absolute(directory, against: current))
    }

    private init(directory: String, folders: [Folder]) {
        self.directory = directory
        self.folders = folders
        base = Self.normalized(Self.absolute(directory, against: Self.currentDirectory))
    }

    /// Every readable file on the machine (still regular files only), relative paths against
    /// `directory`: for a program's own files, where nothing comes from a stranger.
    public static func anywhere(relativeTo directory: String = ".") -> InputRoots {
        InputRoots(directory: directory, folders: [Folder(path: "/", written: "/", reason: .anywhere, given: "/")])
    }

    /// `path` made absolute against the deck's folder (as text, links kept).
    public func absolute(_ path: String) -> String {
        // Most paths are plain (`shots/a.png`): joined as they are, which a template deck of a
        // million pages does once a page.
        if !path.hasPrefix("/"), Self.isPlain(path) { return base == "/" ? "/" + path : base + "/" + path }
        return Self.normalized(Self.absolute(path, against: base))
    }

    /// Whether a relative path has no empty, `.` or `..` component, so joining it needs no
    /// normalizing.
    static func isPlain(_ path: String) -> Bool {
        var length = 0, dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || dots == length { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: "."), dots == length - 1, length <= 2 { dots += 1 }
            }
        }
        return length > 0 && dots != length
    }

    /// Opens the input `path` (as the deck writes it): `.outside` when it lies outside every
    /// allowed folder as written or once its links are resolved, `.notFound` when it is not there,
    /// `.io` when it is not a regular file or cannot be opened.
    public func open(_ path: String) throws(MediaError) -> InputFile {
        let (resolved, folder) = try locate(path)
        let relative = folder.path == "/" ? String(resolved.dropFirst())
            : String(resolved.dropFirst(folder.path.count + 1))
        guard !relative.isEmpty else { throw .io(path: path, message: "is a directory") }
        let opened = pr_open_beneath(folder.path, relative)
        guard opened.fd >= 0 else { throw Self.refusal(opened, path: path) }
        return InputFile(path: path, resolved: resolved, size: Int(opened.size), descriptor: opened.fd)
    }

    /// Whether `path` (as the deck writes it) is a folder inside the allowed ones: the paths of
    /// the files and folders below it, each as `path/sub`, sorted; nil when it is not a folder.
    /// Each file is then opened with `open(_:)` like any other, so a link inside that leads out is
    /// refused there.
    public func contents(ofFolder path: String) throws(MediaError) -> [String]? {
        let (resolved, _) = try locate(path)
        var info = stat()
        guard lstat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        guard let inside = try? FileManager.default.subpathsOfDirectory(atPath: resolved) else {
            throw .io(path: path, message: "cannot list the folder")
        }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return inside.sorted().map { base + "/" + $0 }
    }

    /// Where `path` leads with every link resolved, and the allowed folder that holds it: checked
    /// first as written (nothing is looked up for a path outside), then resolved.
    private func locate(_ path: String) throws(MediaError) -> (resolved: String, folder: Folder) {
        let written = absolute(path)
        guard folder(containing: written, resolved: false) != nil else {
            throw .outside(path: path, resolved: path.hasPrefix("/") ? nil : written, folders: allowedList)
        }
        let resolved = try Self.realPath(written, shown: path)
        guard let folder = folder(containing: resolved, resolved: true) else {
            throw .outside(path: path, resolved: resolved, folders: allowedList)
        }
        return (resolved, folder)
    }

    /// The allowed folder `path` lies in: compared with the folders resolved, and for a path as
    /// written also with the folders as written.
    private func folder(containing path: String, resolved: Bool) -> Folder? {
        folders.first { folder in
            let roots = resolved ? [folder.path] : [folder.written, folder.path]
            return roots.contains { $0 == "/" || path == $0 || path.hasPrefix($0 + "/") }
        }
    }

    /// The allowed folders as a message lists them: "the deck's folder", "the current directory",
    /// an allowed one as it was given (so a message reads the same on every machine).
    private var allowedList: [String] { folders.map(\.shown) }

    private static func refusal(_ opened: pr_opened, path: String) -> MediaError {
        if opened.system != 0 { return .io(path: path, message: "is a file of the running system (/proc, /sys), not an input") }
        if opened.error != 0 {
            switch opened.error {
            case ENOENT, ENOTDIR: return .notFound(path: path)
            case ELOOP: return .io(path: path, message: "changed into a symbolic link while being opened")
            default: return .io(path: path, message: String(cString: strerror(opened.error)))
            }
        }
        let message = switch opened.mode {
        case S_IFDIR: "is a directory"
        case S_IFIFO: "is a FIFO (named pipe), not a regular file"
        case S_IFCHR, S_IFBLK: "is a device, not a regular file"
        case S_IFSOCK: "is a socket, not a regular file"
        default: "is not a regular file"
        }
        return .io(path: path, message: message)
    }

    // MARK: - Paths

    /// The current directory, nil when it cannot be named (removed while the process was in it).
    static var workingDirectory: String? {
        guard let cwd = getcwd(nil, 0) else { return nil }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// The current directory to make relative paths absolute against ("/" when it cannot be
    /// named: such paths then fail to resolve, they are never allowed by it).
    static var currentDirectory: String { workingDirectory ?? "/" }

    static func absolute(_ path: String, against base: String) -> String {
        path.hasPrefix("/") ? path : base + "/" + path
    }

    /// `path` (absolute) without empty and `.` components, each `..` taking away the one before
    /// (none above the root), as text.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` with every link resolved, or why it cannot be.
    static func realPath(_ path: String, shown: String) throws(MediaError) -> String {
        guard let resolved = realpath(path, nil) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path: shown) }
            throw .io(path: shown, message: String(cString: strerror(code)))
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder `path` with every link resolved; `.io` when it is not a folder.
    private static func resolvedFolder(_ path: String, shown: String) throws(MediaError) -> String {
        let resolved = try realPath(path, shown: shown)
        var info = stat()
        guard stat(resolved, &info) == 0 else { throw .io(path: shown, message: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .io(path: shown, message: "is not a folder") }
        return resolved
    }
}
