import Glibc

/// An unlinked scratch file that holds the GIF's frames until `finish()`.
///
/// GIF frames are quantized after the last one has arrived (frame timing needs the next frame,
/// and the work then runs on every core without competing with rendering); keeping the frames in
/// RAM until then would grow with the video's length. The file lives beside the output (the
/// same disk the user chose, not a RAM-backed /tmp) and is unlinked as soon as it is created, so
/// it vanishes with the process however that ends. Each frame occupies one fixed-size slot.
///
/// `Sendable`: everything it holds is immutable, and reads and writes are positioned (`pread`,
/// `pwrite`), so the quantizing workers read their frames from it at once.
final class FrameSpill: Sendable {
    private let descriptor: Int32
    /// The output the spill belongs to, for error messages.
    private let outputPath: String
    let slotSize: Int

    /// Creates the scratch file in `directory`, falling back to the system temporary directory
    /// when that one refuses (e.g. a read-only folder that only allows replacing the output).
    init(directory: String, slotSize: Int, outputPath: String) throws(EncodeError) {
        self.outputPath = outputPath
        self.slotSize = slotSize
        var lastError: Int32 = 0
        for folder in [directory, Self.systemTemporaryDirectory] {
            var template = Array("\(folder)/.pagereel-frames-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd >= 0 {
                template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
                descriptor = fd
                return
            }
            lastError = errno
        }
        throw .posix(lastError, path: outputPath, call: "mkstemp(\(directory))", creating: true)
    }

    deinit { close(descriptor) }

    /// Writes slot `slot`; `bytes` must hold `slotSize` bytes.
    func write(_ bytes: UnsafeRawBufferPointer, slot: Int) throws(EncodeError) {
        var done = 0
        while done < slotSize {
            let n = pwrite(descriptor, bytes.baseAddress! + done, slotSize - done, off_t(slot * slotSize + done))
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .posix(code, path: outputPath, call: "pwrite(frame spill)", creating: false)
            }
            done += n
        }
    }

    /// Reads slot `slot` into `buffer`. Safe to call from several threads at once.
    func read(_ slot: Int, into buffer: UnsafeMutableRawBufferPointer) throws(EncodeError) {
        var done = 0
        while done < slotSize {
            let n = pread(descriptor, buffer.baseAddress! + done, slotSize - done, off_t(slot * slotSize + done))
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .posix(errno, path: outputPath, call: "pread(frame spill)", creating: false) }
            if n == 0 {
                throw .writeFailed(path: outputPath, call: "pread(frame spill)", message: "unexpected end of file")
            }
            done += n
        }
    }

    private static var systemTemporaryDirectory: String {
        if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
        return "/tmp"
    }
}
