import CSpans
import PageReelMedia

/// A picture made once and drawn on every frame at a whole-pixel position: the backdrop, a device.
///
/// A device's front is mostly transparent (the screen shows through it) and its bezel mostly
/// opaque, so each row is stored as runs: transparent pixels are skipped, opaque runs copied, and
/// only the anti-aliased edges blended. Drawing it costs the pixels it covers, not its box.
struct Sprite: Sendable {
    /// A run of a row: columns [start, end) of the image, copied when opaque, blended otherwise.
    struct Run: Sendable {
        var start: Int32
        var end: Int32
        var opaque: Bool
        /// Opaque, and one word throughout (a row of a gradient straight down): filled, not copied.
        var uniform: Bool = false
    }

    /// Premultiplied RGBA words, row by row.
    let words: [UInt32]
    let width: Int
    let height: Int
    /// Top-left corner in output pixels.
    let x: Int
    let y: Int
    /// The runs of every row, row after row: row `r`'s are `runs[rowStarts[r]..<rowStarts[r + 1]]`
    /// (one array, so that drawing a row touches no reference count the other bands share).
    let runs: [Run]
    let rowStarts: [Int32]
    /// Each row's longest opaque run (start == end: none), in the sprite's columns.
    let widestOpaque: [(start: Int32, end: Int32)]

    init(_ pixmap: Pixmap, x: Int, y: Int) {
        width = pixmap.width
        height = pixmap.height
        self.x = x
        self.y = y
        var words = [UInt32](repeating: 0, count: width * height)
        words.withUnsafeMutableBytes { out in
            pixmap.pixels.withUnsafeBytes { out.copyMemory(from: $0) }
        }
        self.words = words
        var runs: [Run] = []
        var rowStarts: [Int32] = [0]
        rowStarts.reserveCapacity(height + 1)
        var widestOpaque: [(start: Int32, end: Int32)] = []
        widestOpaque.reserveCapacity(height)
        for row in 0..<height {
            var widest: (start: Int32, end: Int32) = (0, 0)
            var column = 0
            while column < width {
                let alpha = words[row * width + column] >> 24
                guard alpha != 0 else {
                    column += 1
                    continue
                }
                let opaque = alpha == 255
                let start = column
                while column < width {
                    let a = words[row * width + column] >> 24
                    if a == 0 || (a == 255) != opaque { break }
                    column += 1
                }
                let first = words[row * width + start]
                let uniform = opaque && words[(row * width + start)..<(row * width + column)].allSatisfy { $0 == first }
                runs.append(Run(start: Int32(start), end: Int32(column), opaque: opaque, uniform: uniform))
                // The first of the longest, as a scan keeps it.
                if opaque, column - start > Int(widest.end - widest.start) { widest = (Int32(start), Int32(column)) }
            }
            rowStarts.append(Int32(runs.count))
            widestOpaque.append(widest)
        }
        self.runs = runs
        self.rowStarts = rowStarts
        self.widestOpaque = widestOpaque
    }

    /// Columns [start, end) of frame row `y` the sprite overwrites with opaque pixels (its longest
    /// opaque run there), or nil.
    func opaqueColumns(row y: Int, width frameWidth: Int) -> (start: Int, end: Int)? {
        guard y >= self.y, y < self.y + height else { return nil }
        let run = widestOpaque[y - self.y]
        let start = max(Int(run.start) + x, 0), end = min(Int(run.end) + x, frameWidth)
        return start < end ? (start, end) : nil
    }

    /// Draws rows [rows.lowerBound, rows.upperBound) of the frame that the sprite covers into `dst`
    /// (a frame `width` × `height` pixels), clipped to the frame.
    func render(rows: Range<Int>, into dst: UnsafeMutablePointer<UInt32>, width frameWidth: Int, height frameHeight: Int,
                hidden: [(start: Int, end: Int)]? = nil) {
        let first = max(rows.lowerBound, y, 0), last = min(rows.upperBound, y + height, frameHeight)
        guard first < last else { return }
        words.withUnsafeBufferPointer { src in
            runs.withUnsafeBufferPointer { runs in
                for row in first..<last {
                    let local = row - y
                    let frameRow = dst + row * frameWidth
                    // Columns a later opaque item overwrites, in the sprite's own.
                    let covered = hidden.map { ($0[row - rows.lowerBound].start - x, $0[row - rows.lowerBound].end - x) } ?? (0, 0)
                    let from = src.baseAddress! + local * width
                    for run in runs[Int(rowStarts[local])..<Int(rowStarts[local + 1])] {
                        let start = max(Int(run.start), -x), end = min(Int(run.end), frameWidth - x)
                        guard start < end else { continue }
                        // What is left of the run around the covered columns: before them, after them.
                        if covered.0 >= covered.1 {
                            draw(from: from, start, end, into: frameRow + x, run: run)
                            continue
                        }
                        let before = min(end, covered.0), after = max(start, covered.1)
                        if start < before { draw(from: from, start, before, into: frameRow + x, run: run) }
                        if after < end { draw(from: from, after, end, into: frameRow + x, run: run) }
                    }
                }
            }
        }
    }

    /// Columns [a, b) of a sprite row `from` onto a frame row `to` (both at the sprite's column 0).
    @inline(__always)
    private func draw(from: UnsafePointer<UInt32>, _ a: Int, _ b: Int, into to: UnsafeMutablePointer<UInt32>, run: Run) {
        if run.uniform {
            (to + a).update(repeating: from[a], count: b - a)
        } else if run.opaque {
            (to + a).update(from: from + a, count: b - a)
        } else {
            pr_over_span(to + a, from + a, Int32(b - a))
        }
    }

    /// Draws the sprite over `pixmap`, clipped to it.
    func draw(into pixmap: inout Pixmap) {
        let width = pixmap.width, height = pixmap.height
        pixmap.pixels.withUnsafeMutableBytes { bytes in
            let words = bytes.bindMemory(to: UInt32.self).baseAddress!
            render(rows: 0..<height, into: words, width: width, height: height)
        }
    }
}
