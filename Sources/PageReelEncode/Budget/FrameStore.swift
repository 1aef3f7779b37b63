import CDeflate
import Glibc
import PageReelMedia

/// The distinct frames of one render, kept so a size budget can encode them again (at another
/// quality, rate or width) without rendering again.
///
/// Frames are kept as they come, each with the frame indices it covers (a hold is one frame).
/// Up to `memoryLimit` bytes of pixels stay in memory; past that, each further frame is
/// compressed with libdeflate's fastest level (flat UI shrinks 20–100×) and appended to a spill
/// file beside the output, read back frame by frame when the frames are replayed. The spill file
/// is removed when the store goes.
final class FrameStore {
    /// One distinct frame: its pixels in memory, or where its compressed bytes are in the spill.
    private enum Stored {
        case memory([UInt8])
        case spilled(offset: Int, count: Int)
    }

    let width: Int, height: Int
    private let spillPath: String
    private let memoryLimit: Int
    private var frames: [(stored: Stored, indices: Range<Int>)] = []
    private var inMemory = 0
    private var spill: Int32 = -1
    private var spilled = 0
    private var compressor: OpaquePointer?

    /// Pixels kept in memory before frames spill: 1 GiB, 290 frames at 720p.
    static let defaultMemoryLimit = 1 << 30

    init(width: Int, height: Int, spillPath: String, memoryLimit: Int = FrameStore.defaultMemoryLimit) {
        self.width = width
        self.height = height
        self.spillPath = spillPath
        self.memoryLimit = memoryLimit
    }

    deinit {
        discard()
        if let compressor { libdeflate_free_compressor(compressor) }
    }

    /// Lets the frames go and removes the spill file.
    func discard() {
        frames = []
        inMemory = 0
        if spill >= 0 {
            close(spill)
            unlink(spillPath)
            spill = -1
        }
    }

    /// The frame indices the store covers, first to last.
    var indices: Range<Int>? {
        guard let first = frames.first, let last = frames.last else { return nil }
        return first.indices.lowerBound..<last.indices.upperBound
    }

    /// How many distinct frames it holds.
    var count: Int { frames.count }

    /// Bytes in the spill file so far.
    var spilledBytes: Int { spilled }

    /// Adds `frame` at `index`: a new distinct frame, or the last one held longer when
    /// `repeatsPrevious` (the caller knows it has the same pixels).
    func add(_ frame: Pixmap, index: Int, repeatsPrevious: Bool) throws(EncodeError) {
        if let last = frames.last, repeatsPrevious || isSame(frame.pixels, as: last.stored) {
            frames[frames.count - 1].indices = frames[frames.count - 1].indices.lowerBound..<index + 1
            return
        }
        if inMemory + frame.pixels.count <= memoryLimit {
            inMemory += frame.pixels.count
            frames.append((.memory(frame.pixels), index..<index + 1))
            return
        }
        let compressed = try compress(frame.pixels)
        let offset = spilled
        try append(compressed)
        frames.append((.spilled(offset: offset, count: compressed.count), index..<index + 1))
    }

    /// Calls `body` with each distinct frame in order and the indices it covers.
    func forEach(_ body: (Pixmap, Range<Int>) throws(EncodeError) -> Void) throws(EncodeError) {
        for (stored, indices) in frames {
            try body(Pixmap(width: width, height: height, pixels: try pixels(of: stored)), indices)
        }
    }

    /// The frame shown at `index` (the distinct frame whose indices hold it), by binary search.
    func frame(at index: Int) throws(EncodeError) -> (pixmap: Pixmap, number: Int) {
        let number = number(at: index)
        return (Pixmap(width: width, height: height, pixels: try pixels(of: frames[number].stored)), number)
    }

    /// The number of the distinct frame shown at `index`, without reading it.
    func number(at index: Int) -> Int {
        var low = 0, high = frames.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if frames[middle].indices.lowerBound <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private func isSame(_ pixels: [UInt8], as stored: Stored) -> Bool {
        guard case .memory(let kept) = stored else { return false }
        return kept == pixels
    }

    private func pixels(of stored: Stored) throws(EncodeError) -> [UInt8] {
        switch stored {
        case .memory(let pixels):
            return pixels
        case .spilled(let offset, let count):
            var compressed = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let n = compressed.withUnsafeMutableBytes { pread(spill, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw .posix(n < 0 ? errno : EIO, path: spillPath, call: "pread", creating: false) }
                done += n
            }
            let size = width * height * 4
            var pixels = [UInt8](repeating: 0, count: size)
            let decompressor = libdeflate_alloc_decompressor()
            defer { libdeflate_free_decompressor(decompressor) }
            var actual = 0
            let result = compressed.withUnsafeBytes { input in
                pixels.withUnsafeMutableBytes { output in
                    libdeflate_deflate_decompress(decompressor, input.baseAddress, count, output.baseAddress, size, &actual)
                }
            }
            guard result == LIBDEFLATE_SUCCESS, actual == size else {
                throw .writeFailed(path: spillPath, call: "libdeflate_deflate_decompress", message: "the spilled frame is damaged")
            }
            return pixels
        }
    }

    private func compress(_ pixels: [UInt8]) throws(EncodeError) -> [UInt8] {
        if compressor == nil { compressor = libdeflate_alloc_compressor(1) }
        guard let compressor else {
            throw .system(path: spillPath, call: "libdeflate_alloc_compressor", code: ENOMEM, message: "out of memory")
        }
        let bound = libdeflate_deflate_compress_bound(compressor, pixels.count)
        var output = [UInt8](repeating: 0, count: bound)
        let size = pixels.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { libdeflate_deflate_compress(compressor, input.baseAddress, input.count, $0.baseAddress, bound) }
        }
        output.removeSubrange(size...)
        return output
    }

    private func append(_ bytes: [UInt8]) throws(EncodeError) {
        if spill < 0 {
            spill = open(spillPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard spill >= 0 else { throw .posix(errno, path: spillPath, call: "open", creating: true) }
        }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(spill, $0.baseAddress! + done, $0.count - done, off_t(spilled + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .posix(errno, path: spillPath, call: "write", creating: false)
            }
            done += n
        }
        spilled += bytes.count
    }
}
