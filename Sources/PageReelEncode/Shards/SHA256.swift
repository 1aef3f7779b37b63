import CFFmpeg
import Glibc
import PageReelMedia

/// SHA-256 of bytes fed in pieces, by libavutil (`av_sha_*`).
///
/// It fingerprints what shapes a video (the deck, its images and fonts, the settings) so that
/// shards rendered on different machines can tell whether they belong together. libavutil is
/// already linked for the encoders, so this needs no other library; only this stage touches C.
public final class SHA256 {
    /// Digest length in bytes.
    public static let byteCount = 32
    private let context: OpaquePointer

    public init() {
        // av_sha_alloc only fails when malloc does, which nothing else here survives either.
        guard let context = av_sha_alloc() else { fatalError("av_sha_alloc: out of memory") }
        self.context = context
        av_sha_init(context, 256)
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    /// Adds `bytes` to what is hashed.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            av_sha_update(context, base, buffer.count)
        }
    }

    /// Adds the UTF-8 bytes of `text`.
    public func update(_ text: String) {
        update(Array(text.utf8))
    }

    /// Adds the bytes of the file at `path`, read in pieces so a large image never sits in memory
    /// whole. Throws `.badInput` naming `shown` when the file cannot be read.
    public func update(fileAt path: String, shown: String) throws(EncodeError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .badInput(path: shown, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .badInput(path: shown, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            buffer.withUnsafeBufferPointer { av_sha_update(context, $0.baseAddress, count) }
        }
    }

    /// Adds the whole of an opened input file.
    public func update(file: InputFile) throws(EncodeError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { file.read(at: offset, into: $0) }
            if count < 0 { throw .badInput(path: file.path, message: "cannot read: \(String(cString: strerror(errno)))") }
            if count == 0 { return }
            buffer.withUnsafeBufferPointer { av_sha_update(context, $0.baseAddress, count) }
            offset += count
        }
    }

    /// The digest as 64 lowercase hex digits. Call once: it ends the hash.
    public func finish() -> String {
        var digest = [UInt8](repeating: 0, count: Self.byteCount)
        digest.withUnsafeMutableBufferPointer { av_sha_final(context, $0.baseAddress) }
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The hex digest of `text`'s UTF-8 bytes.
    public static func hex(of text: String) -> String {
        let hash = SHA256()
        hash.update(text)
        return hash.finish()
    }
}
