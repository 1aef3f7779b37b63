import Glibc
import PageReelMedia

/// One PNG file written with POSIX calls, so that a full disk is reported as such (`.diskFull`)
/// rather than as a generic failure: PNG frames, the poster frame and stills.
public enum PNGFile {
    /// Encodes `pixmap` and writes it to `path`, replacing it.
    public static func write(_ pixmap: Pixmap, to path: String) throws(EncodeError) {
        try write(try PNGWriter.encode(pixmap, for: path), to: path)
    }

    /// Writes `bytes` to `path` (replacing it), mapping ENOSPC/EDQUOT to `.diskFull`.
    static func write(_ bytes: [UInt8], to path: String) throws(EncodeError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .posix(errno, path: path, call: "open", creating: true) }
        do throws(EncodeError) {
            try bytes.withUnsafeBytes { raw in Result { () throws(EncodeError) in try writeAll(raw, to: fd, path: path) } }.get()
        } catch {
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw .posix(errno, path: path, call: "close", creating: false) }
    }
}
