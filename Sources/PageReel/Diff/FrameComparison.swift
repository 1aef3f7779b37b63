import CPixels
import Dispatch
import Foundation
import PageReelMedia
import Synchronization

/// Two pictures of the same size compared pixel by pixel: a pixel has changed when its colour is
/// more than `threshold` CIEDE2000 from the other's; a picture has changed where such pixels
/// gather: in blocks of `block`×`block` pixels with at least `minimumInBlock` of them, and at
/// least `minimumShare` of the picture in all. Changed pixels scattered one here, one there, or a
/// block or two where a video codec smears fast motion, change nothing (BENCHMARKS.md "diff").
struct FrameComparison: Sendable {
    static let block = 16
    static let minimumInBlock = 24
    static let minimumShare = 0.0002

    let threshold: Double

    init(threshold: Double) {
        self.threshold = threshold
    }

    /// What changed between two pictures.
    struct Result: Sendable {
        /// Changed pixels in the blocks that changed.
        var changedPixels = 0
        var totalPixels = 0
        /// The blocks that changed, as a box of pixels (x, y, width, height); nil when none did.
        var box: (x: Int, y: Int, width: Int, height: Int)?
        /// The changed pixels' centre, in pixels.
        var centre: (x: Double, y: Double)?

        var fraction: Double { totalPixels > 0 ? Double(changedPixels) / Double(totalPixels) : 0 }
        var changed: Bool { changedPixels > 0 }

        /// Everything changed (a frame one side does not have, or of another size).
        static func all(width: Int, height: Int) -> Result {
            Result(changedPixels: width * height, totalPixels: width * height, box: (0, 0, width, height),
                   centre: (Double(width) / 2, Double(height) / 2))
        }
    }

    /// Compares `old` and `new` (same size), rows split across cores. With `mask`, also marks
    /// each changed pixel of a changed block (1 byte per pixel, row-major). Two 4:2:0 pictures
    /// with the same matrix are converted to RGB only where they may differ; the outcome is the
    /// same as for their pixmaps.
    func compare(_ old: VideoPicture, _ new: VideoPicture, mask: UnsafeMutableBufferPointer<UInt8>? = nil) -> Result {
        guard case .yuv420(let a) = old, case .yuv420(let b) = new, a.width == b.width, a.height == b.height,
              a.matrix == b.matrix else {
            return compare(old.pixmap(), new.pixmap(), mask: mask)
        }
        let (width, height) = (a.width, a.height)
        let safe = Int32(ColorDifference.safeChannelDifference(below: threshold))
        let bound = Float(threshold) / ColorDifference.de2000OverDE76
        let matrix = a.matrix.c
        return a.withPlanes { pa in
            b.withPlanes { pb in
                nonisolated(unsafe) let (pa, pb) = (pa, pb)
                return compare(width: width, height: height, mask: mask) { band in
                    var (pa, pb, matrix) = (pa, pb, matrix)
                    // A band both sides hold byte for byte (a frame or a stretch no edit reached) has no change.
                    if pr_yuv420_band_same(&pa, &pb, Int32(width), Int32(height), Int32(band.lowerBound),
                                           Int32(band.upperBound)) != 0 {
                        return nil
                    }
                    // The band's chroma changes; both sides' RGBA where converted, and the conversion's scratch.
                    var groups = [UInt8](repeating: 0, count: Int(pr_yuv420_chroma_groups_size(Int32(width), Int32(band.count))))
                    pr_yuv420_chroma_groups(&pa, &pb, Int32(width), Int32(height), Int32(band.lowerBound),
                                            Int32(band.upperBound), &groups)
                    var rows = [UInt32](repeating: 0, count: 2 * width)
                    var scratch = [Float](repeating: 0, count: Int(pr_yuv420_compare_scratch(Int32(width))))
                    return { y, xs, labs in
                        rows.withUnsafeMutableBufferPointer { rows in
                            withUnsafePointer(to: ColorDifference.tables) { tables in
                                Int(pr_yuv420_compare_row(&pa, &pb, Int32(width), Int32(height), Int32(y),
                                                          Int32(band.lowerBound), groups, &matrix, safe, bound, tables,
                                                          rows.baseAddress!, rows.baseAddress! + width, &scratch, xs, labs))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Compares `old` and `new` (same size), rows split across cores. With `mask`, also marks
    /// each changed pixel of a changed block (1 byte per pixel, row-major).
    func compare(_ old: Pixmap, _ new: Pixmap, mask: UnsafeMutableBufferPointer<UInt8>? = nil) -> Result {
        precondition(old.width == new.width && old.height == new.height, "pictures of different sizes")
        let width = old.width
        let bound = Float(threshold) / ColorDifference.de2000OverDE76
        let safe = Int32(ColorDifference.safeChannelDifference(below: threshold))
        return old.pixels.withUnsafeBufferPointer { a in
            new.pixels.withUnsafeBufferPointer { b in
                nonisolated(unsafe) let pa = a.baseAddress!, pb = b.baseAddress!
                return compare(width: width, height: old.height, mask: mask) { band in
                    let bytes = band.count * width * 4, first = band.lowerBound * width * 4
                    // A band both sides hold byte for byte has no change.
                    if memcmp(pa + first, pb + first, bytes) == 0 { return nil }
                    return { y, xs, labs in
                        withUnsafePointer(to: ColorDifference.tables) { tables in
                            let line = y * width * 4
                            return Int(pr_compare_row(pa + line, pb + line, Int32(width), safe, bound, tables, xs, labs))
                        }
                    }
                }
            }
        }
    }

    /// Finds in row `y` the pixels past the cheap bounds (`pr_compare_row`): writes each one's x to
    /// `xs` and both its L*a*b* to `labs`, and returns how many.
    typealias RowScan = (_ y: Int, _ xs: UnsafeMutablePointer<Int32>, _ labs: UnsafeMutablePointer<Float>) -> Int

    /// The comparison of two `width`×`height` pictures whose rows `scanner` (made for each band of
    /// rows, on its thread, and asked for them in order) reads; a band it has no scan for (nil:
    /// both sides hold it alike) has no change.
    private func compare(width: Int, height: Int, mask: UnsafeMutableBufferPointer<UInt8>?,
                         scanner: @Sendable (Range<Int>) -> RowScan?) -> Result {
        let block = Self.block
        let columns = (width + block - 1) / block, rows = (height + block - 1) / block
        // Per band (a row of blocks): changed pixels, their x and y sums, and the changed blocks' extent.
        struct Band { var count = 0; var sx = 0.0; var sy = 0.0; var box: (x0: Int, y0: Int, x1: Int, y1: Int)? }
        let bands = Mutex([Band](repeating: Band(), count: rows))
        let threshold = self.threshold, minimum = Self.minimumInBlock
        nonisolated(unsafe) let maskBase = mask?.baseAddress
        DispatchQueue.concurrentPerform(iterations: rows) { row in
            let y0 = row * block, y1 = min(height, y0 + block)
            guard let scan = scanner(y0..<y1) else { return }
            var counts = [Int](repeating: 0, count: columns)
            var changed: [(x: Int, y: Int)] = []
            // A row's pixels past the cheap bounds: x, and both L*a*b*.
            var xs = [Int32](repeating: 0, count: width)
            var labs = [Float](repeating: 0, count: 6 * width)
            for y in y0..<y1 {
                let found = scan(y, &xs, &labs)
                for k in 0..<found {
                    let p = (l: labs[6 * k], a: labs[6 * k + 1], b: labs[6 * k + 2])
                    let q = (l: labs[6 * k + 3], a: labs[6 * k + 4], b: labs[6 * k + 5])
                    if !ColorDifference.de2000(p, q, isOver: threshold) { continue }
                    let x = Int(xs[k])
                    counts[x / block] += 1
                    changed.append((x, y))
                }
            }
            var band = Band()
            for (x, y) in changed where counts[x / block] >= minimum {
                band.count += 1
                band.sx += Double(x) + 0.5
                band.sy += Double(y) + 0.5
                maskBase?[y * width + x] = 1
            }
            for (column, count) in counts.enumerated() where count >= minimum {
                let x0 = column * block, x1 = min(width, x0 + block)
                if let box = band.box {
                    band.box = (min(box.x0, x0), y0, max(box.x1, x1), y1)
                } else {
                    band.box = (x0, y0, x1, y1)
                }
            }
            bands.withLock { $0[row] = band }
        }
        var result = Result(totalPixels: width * height)
        var sx = 0.0, sy = 0.0
        var extent: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for band in bands.withLock({ $0 }) {
            result.changedPixels += band.count
            sx += band.sx
            sy += band.sy
            guard let box = band.box else { continue }
            extent = extent.map { (min($0.x0, box.x0), min($0.y0, box.y0), max($0.x1, box.x1), max($0.y1, box.y1)) } ?? box
        }
        if result.changedPixels < max(Self.minimumInBlock, Int(Self.minimumShare * Double(result.totalPixels))) {
            result.changedPixels = 0
        }
        if let extent, result.changedPixels > 0 {
            result.box = (extent.x0, extent.y0, extent.x1 - extent.x0, extent.y1 - extent.y0)
            result.centre = (sx / Double(result.changedPixels), sy / Double(result.changedPixels))
        }
        return result
    }
}
