import CShims
import Glibc

/// An input file opened for reading: a regular file, found inside the folders a deck may read
/// from (`InputRoots.open(_:)`), or bytes held in memory.
///
/// Whatever reads an input — the image decoders, libavformat through a custom I/O context, the
/// font library — reads this descriptor, never the name again, so what was checked is what is
/// read. Reads are positional (`pread`), so several readers (a clip's decoders on different
/// threads) share one descriptor without sharing a file offset.
public final class InputFile: Sendable {
    /// The path as the deck names it (used in messages).
    public let path: String
    /// Where it was found: the path with every symbolic link and `..` resolved.
    public let resolved: String
    /// The file's size in bytes when it was opened.
    public let size: Int
    let descriptor: Int32

    init(path: String, resolved: String, size: Int, descriptor: Int32) {
        self.path = path
        self.resolved = resolved
        self.size = size
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// A name that opens this same file, for libraries that take only a name (fontconfig and
    /// FreeType): the descriptor's entry in `/proc/self/fd`, valid while this object lives;
    /// the resolved path where `/proc` is not mounted.
    public var openingPath: String {
        let entry = "/proc/self/fd/\(descriptor)"
        return access(entry, R_OK) == 0 ? entry : resolved
    }

    /// `bytes` as a file of its own (an anonymous memory file), for decoding bytes that are not
    /// on disk through the same paths as a file (tests, fuzzers); `name` stands for it in messages.
    public static func memory(_ bytes: [UInt8], name: String) throws(MediaError) -> InputFile {
        let fd = pr_memory_file("pagereel-input")
        guard fd >= 0 else { throw .io(path: name, message: String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let message = String(cString: strerror(errno))
                close(fd)
                throw .io(path: name, message: message)
            }
            written += n
        }
        return InputFile(path: name, resolved: name, size: bytes.count, descriptor: fd)
    }

    /// Reads up to `buffer.count` bytes from `offset`: how many were read (0 at the end), or -1
    /// with `errno` set.
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = pread(descriptor, base, buffer.count, off_t(offset))
            if n < 0, errno == EINTR { continue }
            return n
        }
    }

    /// The first `limit` bytes (all of them when `limit` is nil), and whether that is the whole
    /// file. A file larger than `maxSize` is refused before anything is read, so a huge file
    /// cannot exhaust memory.
    public func bytes(limit: Int?, maxSize: Int = .max) throws(MediaError) -> (bytes: [UInt8], isWhole: Bool) {
        if limit == nil, size > maxSize {
            throw .io(path: path, message: "file is \(size >> 20) MiB, larger than \(maxSize >> 20) MiB")
        }
        let wanted = min(size, limit ?? size)
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let n = bytes.withUnsafeMutableBytes { raw in
                read(at: filled, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
            }
            if n < 0 { throw .io(path: path, message: String(cString: strerror(errno))) }
            if n == 0 { break }  // the file shrank while being read
            filled += n
        }
        bytes.removeLast(wanted - filled)
        return (bytes, filled == size)
    }
}
