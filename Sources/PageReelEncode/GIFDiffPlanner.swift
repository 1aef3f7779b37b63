import Glibc

/// Decides, frame by frame, whether FFmpeg's GIF encoder should turn unchanged pixels into
/// transparent ones (`transdiff`) or store the changed rectangle as it is.
///
/// Transparency pays off where unchanged pixels form long runs (a static toolbar inside the
/// changed rectangle) and backfires where they are scattered — a scrolled page leaves isolated
/// pixels that happen to keep their colour, and replacing those breaks the runs LZW feeds on. On
/// a swipe demo that cost 7%. So each frame is compressed both ways with the GIF encoder's LZW
/// rules (FFmpeg's `lzwenc.c`: 9-bit start, growth at 2^bits + 1 entries, clear at 4095, a pad
/// bit after the end code) and the smaller choice wins. Only sizes are computed, no bits are
/// written.
final class GIFDiffPlanner {
    private let width: Int, height: Int
    private let previous: PixelBuffer
    private var hasPrevious = false
    private let plain = LZWSizer(), transparent = LZWSizer()

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        previous = PixelBuffer(count: width * height)
    }

    /// True when the frame with `indices` compresses smaller with unchanged pixels made
    /// transparent. Also remembers the frame as the reference for the next one.
    func prefersTransparency(_ indices: PixelBuffer) -> Bool {
        defer {
            previous.bytes.copyMemory(from: UnsafeRawBufferPointer(start: indices.bytes.baseAddress, count: width * height))
            hasPrevious = true
        }
        guard hasPrevious else { return true }
        let current = indices.bytes.bindMemory(to: UInt8.self)
        let reference = previous.bytes.bindMemory(to: UInt8.self)
        guard let rect = changedRectangle(current, reference) else { return true }
        // FFmpeg's encoder takes the lowest index unused inside the rectangle as transparent.
        var used = [Bool](repeating: false, count: 256)
        for y in rect.rows { for x in rect.columns { used[Int(current[y * width + x])] = true } }
        guard let free = used.firstIndex(of: false) else { return false }
        let transparentIndex = UInt8(free)
        plain.start()
        transparent.start()
        for y in rect.rows {
            for x in rect.columns {
                let i = y * width + x, value = current[i]
                plain.add(value)
                transparent.add(value == reference[i] ? transparentIndex : value)
            }
        }
        return transparent.finish() <= plain.finish()
    }

    /// The rectangle FFmpeg crops to (`gif_crop_opaque`): from the first to the last row that
    /// differs, then from the first to the last differing column within those rows.
    private func changedRectangle(_ current: UnsafeMutableBufferPointer<UInt8>,
                                  _ reference: UnsafeMutableBufferPointer<UInt8>) -> (rows: Range<Int>, columns: Range<Int>)? {
        func rowDiffers(_ y: Int) -> Bool {
            memcmp(current.baseAddress! + y * width, reference.baseAddress! + y * width, width) != 0
        }
        guard let top = (0..<height).first(where: rowDiffers) else { return nil }
        let bottom = (top..<height).last(where: rowDiffers)!
        func columnDiffers(_ x: Int) -> Bool {
            (top...bottom).contains { current[$0 * width + x] != reference[$0 * width + x] }
        }
        let left = (0..<width).first(where: columnDiffers)!
        let right = (left..<width).last(where: columnDiffers)!
        return (top..<bottom + 1, left..<right + 1)
    }
}
