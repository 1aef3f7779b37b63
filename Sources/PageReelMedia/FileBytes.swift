import Glibc

/// Reads a deck's image files with the distinctions the CLI's exit codes need.
///
/// A missing file is `.notFound`; a directory, a permission problem or a read error is `.io` with
/// the system's wording. POSIX calls are used directly because they report these cases through
/// `errno` precisely, where Foundation folds them into one generic error.
enum FileBytes {
    /// The first `limit` bytes of the file (all of it when `limit` is nil), and whether that is
    /// the whole file. A file larger than `maxSize` is refused before reading, so a huge file
    /// cannot exhaust memory.
    static func read(_ path: String, limit: Int?,
                     maxSize: Int = .max) throws(MediaError) -> (bytes: [UInt8], isWhole: Bool) {
        // Non-blocking so that a FIFO given as an image is refused below instead of hanging here.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path) }
        try checkRegular(info, path)
        let fileSize = Int(info.st_size)
        if limit == nil, fileSize > maxSize {
            throw .io(path: path, message: "file is \(fileSize >> 20) MiB, larger than \(maxSize >> 20) MiB")
        }
        let wanted = min(fileSize, limit ?? fileSize)
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let n = bytes.withUnsafeMutableBytes { raw in
                Glibc.read(fd, raw.baseAddress! + filled, wanted - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if n == 0 { break }  // the file shrank while being read
            filled += n
        }
        bytes.removeLast(wanted - filled)
        return (bytes, filled == fileSize)
    }

    private static func checkRegular(_ info: stat, _ path: String) throws(MediaError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .io(path: path, message: "is a directory")
        default: throw .io(path: path, message: "is not a regular file")
        }
    }

    /// The error for the current `errno`.
    static func failure(_ path: String) -> MediaError {
        let code = errno
        if code == ENOENT || code == ENOTDIR { return .notFound(path: path) }
        return .io(path: path, message: String(cString: strerror(code)))
    }
}
