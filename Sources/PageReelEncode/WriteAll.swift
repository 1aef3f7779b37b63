import Glibc

/// Writes all of `bytes` to `descriptor`, again after a short write or EINTR; a failure is
/// `EncodeError.posix` for `path` (a full disk `.diskFull`). Shared by the GIF, APNG and PNG writers.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(EncodeError) {
    var done = 0
    while done < bytes.count {
        let n = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 {
            if errno == EINTR { continue }
            throw .posix(errno, path: path, call: "write", creating: false)
        }
        done += n
    }
}
