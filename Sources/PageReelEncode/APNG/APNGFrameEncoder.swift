/// Encodes one APNG frame: the rectangle around the pixels that differ from the frame before,
/// stored either exactly (blend source) or with the pixels that did not change made fully
/// transparent (blend over), with its rows unfiltered or adaptively filtered
/// (`PNGFilter.Mode`): whichever deflates smallest.
///
/// No choice wins always. Over wins when most of the rectangle is unchanged (a caret in one
/// corner and a badge in the other make a large rectangle that barely changes): transparent runs
/// cost almost nothing, and a sample screen with a blinking caret and a moving badge came out
/// 72% smaller than with source alone. Source wins when everything in the rectangle moved (a
/// swipe), even though most of its pixels may happen to equal the frame before (flat colours):
/// the transparent pixels break the runs around what moved, and over never won on the sample
/// swipes. All choices are exact, so they are made by size alone, by compressing each at the
/// final level: choosing by a trial at libdeflate level 1–6 instead made a phone swipe up to
/// 0.9% larger. Over is compressed only with the filtering that won for source: the same sizes
/// on every sample, for three compressions a frame instead of four.
///
/// One encoder per worker thread: it owns a compressor and the rows it filters, sized for a
/// whole frame, and reuses them for every frame.
final class APNGFrameEncoder {
    /// A rectangle of the frame, in pixels.
    struct Rectangle: Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    private let width: Int, height: Int
    private let compressor: ZlibCompressor
    /// The rectangle's pixels in `PNGFilter.Rows` layout, and the rows filtered.
    private let rows: UnsafeMutableRawBufferPointer
    private let filtered: UnsafeMutableRawBufferPointer

    /// An encoder for `width`×`height` frames compressing at libdeflate's `level`; `path` is the
    /// output, named in errors.
    init(width: Int, height: Int, level: Int, path: String) throws(EncodeError) {
        self.width = width
        self.height = height
        compressor = try ZlibCompressor(level: level, path: path)
        rows = .allocate(byteCount: PNGFilter.Rows.byteCount(rowBytes: width * 4, rows: height), alignment: 16)
        rows.initializeMemory(as: UInt8.self, repeating: 0)
        filtered = .allocate(byteCount: PNGFilter.byteCount(rowBytes: width * 4, rows: height), alignment: 16)
        filtered.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit {
        rows.deallocate()
        filtered.deallocate()
    }

    /// The frame `pixels` (opaque RGBA words, R in the low byte) drawn over `previous`, or the
    /// whole frame when there is no previous one. Polls `stop` while it works.
    func encode(_ pixels: [UInt32], previous: [UInt32]?, stop: EncodeStop) throws(EncodeError) -> APNGChunkWriter.Frame {
        // The writer hands over distinct frames only; an identical one would still get a
        // (one-pixel, exact) frame rather than none.
        let rectangle = previous.map { changedRectangle(pixels, $0) ?? Rectangle(x: 0, y: 0, width: 1, height: 1) }
            ?? Rectangle(x: 0, y: 0, width: width, height: height)
        fill(rectangle, pixels, over: nil)
        var best = APNGChunkWriter.Frame(rectangle: rectangle, blend: .source,
                                         data: try compress(rectangle, mode: .unfiltered, stop: stop))
        var mode = PNGFilter.Mode.unfiltered
        let adaptive = try compress(rectangle, mode: .adaptive, stop: stop)
        if adaptive.count < best.data.count { (best.data, mode) = (adaptive, .adaptive) }
        // Without an unchanged pixel, over would be source again. The filtering that suited the
        // pixels suits them among transparent ones too.
        if let previous, fill(rectangle, pixels, over: previous) > 0 {
            let over = try compress(rectangle, mode: mode, stop: stop)
            if over.count < best.data.count { best = .init(rectangle: rectangle, blend: .over, data: over) }
        }
        return best
    }

    /// The smallest rectangle holding every pixel where `pixels` and `previous` differ; nil if
    /// none does.
    func changedRectangle(_ pixels: [UInt32], _ previous: [UInt32]) -> Rectangle? {
        pixels.withUnsafeBufferPointer { pixels in
            previous.withUnsafeBufferPointer { previous in changedRectangle(pixels, previous) }
        }
    }

    private func changedRectangle(_ pixels: UnsafeBufferPointer<UInt32>, _ previous: UnsafeBufferPointer<UInt32>) -> Rectangle? {
        var top = -1, bottom = -1, left = width, right = -1
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width && pixels[row + x] == previous[row + x] { x += 1 }
            guard x < width else { continue }
            if top < 0 { top = y }
            bottom = y
            left = min(left, x)
            var end = width - 1
            while end > right && pixels[row + end] == previous[row + end] { end -= 1 }
            right = max(right, end)
        }
        guard top >= 0 else { return nil }
        return Rectangle(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The layout `rectangle`'s rows are filled into.
    private func layout(_ rectangle: Rectangle) -> PNGFilter.Rows {
        PNGFilter.Rows(base: rows.baseAddress!.assumingMemoryBound(to: UInt8.self), rowBytes: rectangle.width * 4)
    }

    /// Puts `rectangle`'s pixels into `rows`; with `over`, those equal to it as (0, 0, 0, 0).
    /// Returns how many pixels that was (0 without `over`).
    @discardableResult
    private func fill(_ rectangle: Rectangle, _ pixels: [UInt32], over previous: [UInt32]?) -> Int {
        pixels.withUnsafeBufferPointer { pixels in
            guard let previous else { return fill(rectangle, pixels, over: nil) }
            return previous.withUnsafeBufferPointer { fill(rectangle, pixels, over: $0) }
        }
    }

    private func fill(_ rectangle: Rectangle, _ pixels: UnsafeBufferPointer<UInt32>,
                      over previous: UnsafeBufferPointer<UInt32>?) -> Int {
        let layout = layout(rectangle)
        // The zero row and the zero bytes left of each row: the stride follows the rectangle's
        // width, so an earlier, wider frame left pixels where these are now.
        layout.row(-1).initialize(repeating: 0, count: layout.rowBytes)
        for r in -1..<rectangle.height {
            (layout.row(r) - PNGFilter.bytesPerPixel).initialize(repeating: 0, count: PNGFilter.bytesPerPixel)
        }
        var unchanged = 0
        for r in 0..<rectangle.height {
            let start = (rectangle.y + r) * width + rectangle.x
            let row = UnsafeMutableRawPointer(layout.row(r))
            guard let previous else {
                row.copyMemory(from: pixels.baseAddress! + start, byteCount: rectangle.width * 4)
                continue
            }
            for x in 0..<rectangle.width {
                let pixel = pixels[start + x], same = pixel == previous[start + x]
                row.storeBytes(of: same ? 0 : pixel, toByteOffset: 4 * x, as: UInt32.self)
                unchanged &+= same ? 1 : 0
            }
        }
        return unchanged
    }

    /// The zlib stream of `rectangle`'s rows (as `fill` left them), filtered by `mode`.
    private func compress(_ rectangle: Rectangle, mode: PNGFilter.Mode, stop: EncodeStop) throws(EncodeError) -> [UInt8] {
        let output = filtered.baseAddress!.assumingMemoryBound(to: UInt8.self)
        try PNGFilter.filter(layout(rectangle), rows: rectangle.height, mode: mode, into: output, stop: stop)
        let count = PNGFilter.byteCount(rowBytes: rectangle.width * 4, rows: rectangle.height)
        let data = compressor.compress(UnsafeRawBufferPointer(start: output, count: count))
        try stop.check()
        return data
    }
}

extension APNGChunkWriter.Frame {
    /// A frame that covers `rectangle`.
    init(rectangle: APNGFrameEncoder.Rectangle, blend: APNGChunkWriter.Blend, data: [UInt8]) {
        self.init(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height, blend: blend, data: data)
    }
}
