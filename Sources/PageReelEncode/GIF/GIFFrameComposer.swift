/// Turns quantized frames, in display order, into GIF images drawn over what is on screen.
///
/// It keeps the screen as a decoder will show it. A pixel is left transparent when the frame did
/// not change it, or when what the screen already shows is at least as close to the source as the
/// frame's palette colour (an earlier palette may have matched better). The image is cropped to
/// the pixels it must draw, its palette cut to the colours it uses plus the transparent entry (a
/// smaller table means shorter codes), and compressed with lossy LZW: a pixel may take another
/// colour, or transparency, that is at most `tolerance` worse if that lets LZW continue a string.
/// A frame that draws nothing only lengthens the previous image's delay.
///
/// Frames come with their start time; an image's delay is the gap to the next image that draws
/// something, so it is written only then (or by `finish`, which knows the end).
final class GIFFrameComposer {
    private struct Rectangle {
        var left: Int, top: Int, right: Int, bottom: Int
        var width: Int { right - left + 1 }
        var height: Int { bottom - top + 1 }
    }

    private let width: Int, height: Int
    /// Squared RGB distance a pixel may lose to compression (`LZWEncoder.Colors.tolerance`).
    private let tolerance: Int
    private let screen: PixelBuffer
    private let writer: GIFBlockWriter
    private let stop: EncodeStop
    private let lzw = LZWEncoder()
    /// The cropped image: symbols, the source colours and the screen under them.
    private let symbols: UnsafeMutableBufferPointer<UInt8>
    private let targets: UnsafeMutableBufferPointer<UInt32>
    private let under: UnsafeMutableBufferPointer<UInt32>
    /// The image waiting for its delay to be final (a following empty frame may extend it), and
    /// its start in cs.
    private var pending: GIFBlockWriter.Image?
    private var pendingStart = 0

    /// Polls `stop` every few rows (and LZW every 64K pixels); once stopped, `add` throws.
    init(width: Int, height: Int, tolerance: Int, writer: GIFBlockWriter, stop: EncodeStop) {
        self.width = width
        self.height = height
        self.tolerance = tolerance
        self.writer = writer
        self.stop = stop
        screen = PixelBuffer(count: width * height * 4)
        symbols = .allocate(capacity: width * height)
        symbols.initialize(repeating: 0)
        targets = .allocate(capacity: width * height)
        targets.initialize(repeating: 0)
        under = .allocate(capacity: width * height)
        under.initialize(repeating: 0)
    }

    deinit {
        symbols.deallocate()
        targets.deallocate()
        under.deallocate()
    }

    /// Adds `frame`, shown from `start` (cs from the first frame, later than the frame before).
    /// Marks the pixels it leaves transparent in `frame.indices`.
    func add(_ frame: inout GIFFrameQuantizer.Output, start: Int) throws(EncodeError) {
        var used = [Bool](repeating: false, count: 256)
        // Nothing to draw (the first frame always draws): the previous image stays longer.
        let chosen = choosePixels(&frame, used: &used)
        try stop.check()
        guard let rectangle = chosen else { return }
        // The palette cut to the colours drawn, in their order, then the transparent entry.
        var compact = [UInt8](repeating: 0, count: 256)
        var palette: [UInt32] = []
        for (index, isUsed) in used.enumerated() where isUsed {
            compact[index] = UInt8(palette.count)
            palette.append(frame.palette[index])
        }
        let transparent = palette.count
        let screen = self.screen.words
        var n = 0, hasTransparent = false
        frame.source.withUnsafeBufferPointer { source in
            frame.indices.withUnsafeBufferPointer { indices in
                for y in rectangle.top...rectangle.bottom {
                    for p in y * width + rectangle.left...y * width + rectangle.right {
                        if frame.hasPrevious && indices[p] == GIFFrameQuantizer.unchanged {
                            symbols[n] = UInt8(truncatingIfNeeded: transparent)
                            hasTransparent = true
                        } else {
                            symbols[n] = compact[Int(indices[p])]
                        }
                        targets[n] = source[p]
                        under[n] = screen[p]
                        n += 1
                    }
                }
            }
        }
        if hasTransparent { palette.append(0) }
        var image = GIFBlockWriter.Image(x: rectangle.left, y: rectangle.top, width: rectangle.width,
                                         height: rectangle.height, palette: palette,
                                         transparentIndex: hasTransparent ? transparent : nil, delay: 0, data: [])
        let crop = UnsafeMutableBufferPointer(rebasing: symbols[0..<n])
        palette.withUnsafeBufferPointer { palette in
            let colors = LZWEncoder.Colors(targets: UnsafeBufferPointer(targets), under: UnsafeBufferPointer(under),
                                           palette: palette, transparent: hasTransparent ? transparent : -1,
                                           tolerance: tolerance)
            // Substitutes are judged against the source, which would undo a dither pattern.
            lzw.encode(crop, colors: frame.isDithered ? nil : colors,
                       minimumCodeSize: GIFBlockWriter.minimumCodeSize(colors: palette.count), into: &image.data,
                       stop: stop)
        }
        try stop.check()
        // The screen as the decoder will show it, from the symbols LZW actually stored.
        n = 0
        for y in rectangle.top...rectangle.bottom {
            for p in y * width + rectangle.left...y * width + rectangle.right {
                let symbol = Int(symbols[n])
                if !(hasTransparent && symbol == transparent) { screen[p] = palette[symbol] }
                n += 1
            }
        }
        if var pending {
            pending.delay = start - pendingStart
            try writer.write(pending)
        }
        pending = image
        pendingStart = start
    }

    /// Writes the last image, shown until `end` (cs from the first frame), and completes the file.
    func finish(end: Int) throws(EncodeError) {
        if var pending {
            pending.delay = end - pendingStart
            try writer.write(pending)
        }
        pending = nil
        try writer.finish()
    }

    /// Marks the pixels better left as they are on screen, flags the palette entries the others
    /// use, and returns the rectangle around those others (nil if there are none, or once stopped).
    private func choosePixels(_ frame: inout GIFFrameQuantizer.Output, used: inout [Bool]) -> Rectangle? {
        let palette = frame.palette, hasPrevious = frame.hasPrevious, isDithered = frame.isDithered
        return frame.source.withUnsafeBufferPointer { source in
            frame.indices.withUnsafeMutableBufferPointer { indices in
                palette.withUnsafeBufferPointer { palette in
                    used.withUnsafeMutableBufferPointer { used in
                        choosePixels(source: source, indices: indices, palette: palette, hasPrevious: hasPrevious,
                                     compares: hasPrevious && !isDithered, used: used)
                    }
                }
            }
        }
    }

    private func choosePixels(source: UnsafeBufferPointer<UInt32>, indices: UnsafeMutableBufferPointer<UInt8>,
                              palette: UnsafeBufferPointer<UInt32>, hasPrevious: Bool, compares: Bool,
                              used: UnsafeMutableBufferPointer<Bool>) -> Rectangle? {
        let unchanged = GIFFrameQuantizer.unchanged
        let screen = self.screen.words
        var bounds = Rectangle(left: width, top: height, right: -1, bottom: -1)
        for y in 0..<height {
            if y % EncodeStop.rows == 0 && stop.isStopped { return nil }
            var rowLeft = width, rowRight = -1
            for x in 0..<width {
                let p = y * width + x, index = indices[p]
                if hasPrevious && index == unchanged { continue }
                if compares {
                    let target = source[p]
                    if LZWEncoder.distance(screen[p], target) <= LZWEncoder.distance(palette[Int(index)], target) {
                        indices[p] = unchanged
                        continue
                    }
                }
                used[Int(index)] = true
                if rowRight < 0 { rowLeft = x }
                rowRight = x
            }
            if rowRight >= 0 {
                bounds.top = min(bounds.top, y)
                bounds.bottom = y
                bounds.left = min(bounds.left, rowLeft)
                bounds.right = max(bounds.right, rowRight)
            }
        }
        return bounds.bottom >= 0 ? bounds : nil
    }
}
