import Glibc

/// A fixed-size byte buffer at a stable address, for C libraries that borrow pixel memory.
///
/// libimagequant keeps a pointer to an image's pixels until the image is destroyed, which a Swift
/// array cannot promise outside a `withUnsafe…` closure. Allocated once per worker and reused for
/// every frame, so the GIF pipeline's memory does not grow with the frame count.
final class PixelBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    init(count: Int) {
        bytes = .allocate(byteCount: max(count, 1), alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { bytes.deallocate() }

    var count: Int { bytes.count }

    /// The bytes viewed as 32-bit words (RGBA pixels).
    var words: UnsafeMutableBufferPointer<UInt32> { bytes.bindMemory(to: UInt32.self) }

    /// True when the first `count` bytes of both buffers are equal.
    func hasSameBytes(as other: PixelBuffer, count: Int) -> Bool {
        memcmp(bytes.baseAddress!, other.bytes.baseAddress!, count) == 0
    }
}
