import CDeflate
import Glibc

/// A libdeflate compressor that makes zlib streams (RFC 1950), the format of PNG image data.
///
/// libdeflate compresses a whole buffer in one call rather than streaming; a frame's filtered
/// rows are in memory anyway, and in exchange it is faster than zlib at zlib's levels and
/// smaller at its own higher ones (10–12, near-optimal parsing). One compressor per thread: it
/// keeps its match finder's tables between calls and may not be used by two threads at once.
final class ZlibCompressor {
    private let compressor: OpaquePointer
    /// The output of the last call, grown to the largest bound seen so far.
    private var scratch: UnsafeMutableRawBufferPointer = .allocate(byteCount: 0, alignment: 16)

    /// A compressor at libdeflate's `level` (0…12); `path` is the output named in the error when
    /// the compressor cannot be allocated.
    init(level: Int, path: String) throws(EncodeError) {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw .system(path: path, call: "libdeflate_alloc_compressor(\(level))", code: ENOMEM,
                          message: String(cString: strerror(ENOMEM)))
        }
        self.compressor = compressor
    }

    deinit {
        libdeflate_free_compressor(compressor)
        scratch.deallocate()
    }

    /// The zlib stream of `input`.
    func compress(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        if scratch.count < bound {
            scratch.deallocate()
            scratch = .allocate(byteCount: bound, alignment: 16)
        }
        let count = libdeflate_zlib_compress(compressor, input.baseAddress, input.count, scratch.baseAddress, bound)
        // libdeflate guarantees that its bound is enough; 0 would mean it broke that promise.
        precondition(count > 0, "libdeflate_zlib_compress needed more than its own bound")
        return [UInt8](UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
    }
}
