/// Turns quantized frames, in display order, into GIF images drawn over what is on screen.
///
/// It keeps the screen as a decoder will show it. A pixel is left transparent when the frame did
/// not change it, or when what the screen already shows is at least as close to the source as the
/// frame's palette colour (an earlier palette may have matched better). The image is cropped to
/// the pixels it must draw, its palette cut to the colours it uses plus the transparent entry (a
/// smaller table means shorter codes), and compressed with lossy LZW: any pixel may take another
/// colour, or transparency, that is at most `tolerance` worse if that lets LZW continue a string.
/// A frame that draws nothing only lengthens the previous image's delay.
final class GIFFrameComposer {
    private let width: Int, height: Int
    /// Squared RGB distance a pixel may lose to compression (`LZWEncoder.Colors.tolerance`).
    private let tolerance: Int
    private let screen: PixelBuffer
    private let writer: GIFBlockWriter
    private let lzw = LZWEncoder()
    /// The cropped image: symbols, the source colours and the screen under them.
    private let symbols: UnsafeMutableBufferPointer<UInt8>
    private let targets: UnsafeMutableBufferPointer<UInt32>
    private let under: UnsafeMutableBufferPointer<UInt32>
    /// The image waiting for its delay to be final (a following empty frame may extend it).
    private var pending: GIFBlockWriter.Image?

    init(width: Int, height: Int, tolerance: Int, writer: GIFBlockWriter) {
        self.width = width
        self.height = height
        self.tolerance = tolerance
        self.writer = writer
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

    /// Adds `frame`, shown for `delay` centiseconds. Marks the pixels it leaves transparent in
    /// `frame.indices`.
    func add(_ frame: GIFFrameQuantizer.Output, delay: Int) throws(EncodeError) {
        let marker = GIFFrameQuantizer.unchanged
        let source = frame.source.words, indices = frame.indices.bytes.bindMemory(to: UInt8.self)
        let screen = self.screen.words
        let compares = frame.hasPrevious && !frame.isDithered
        var used = [Bool](repeating: false, count: 256)
        var top = height, bottom = -1, left = width, right = -1
        frame.palette.withUnsafeBufferPointer { palette in
            for y in 0..<height {
                var rowLeft = width, rowRight = -1
                for p in y * width..<(y + 1) * width {
                    let index = indices[p]
                    if frame.hasPrevious && index == marker { continue }
                    if compares {
                        let target = source[p]
                        if LZWEncoder.distance(screen[p], target) <= LZWEncoder.distance(palette[Int(index)], target) {
                            indices[p] = marker
                            continue
                        }
                    }
                    used[Int(index)] = true
                    if rowRight < 0 { rowLeft = p - y * width }
                    rowRight = p - y * width
                }
                if rowRight >= 0 {
                    top = min(top, y)
                    bottom = y
                    left = min(left, rowLeft)
                    right = max(right, rowRight)
                }
            }
        }
        guard bottom >= 0 else {
            // Nothing to draw (the first frame always draws): the previous image stays longer.
            pending?.delay += delay
            return
        }
        // The palette cut to the colours drawn, in their order, then the transparent entry.
        var compact = [UInt8](repeating: 0, count: 256)
        var palette: [UInt32] = []
        for (index, isUsed) in used.enumerated() where isUsed {
            compact[index] = UInt8(palette.count)
            palette.append(frame.palette[index])
        }
        let transparent = palette.count
        var n = 0, hasTransparent = false
        for y in top...bottom {
            for p in y * width + left...y * width + right {
                if frame.hasPrevious && indices[p] == marker {
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
        if hasTransparent { palette.append(0) }
        var image = GIFBlockWriter.Image(x: left, y: top, width: right - left + 1, height: bottom - top + 1,
                                         palette: palette, transparentIndex: hasTransparent ? transparent : nil,
                                         delay: delay, data: [])
        let crop = UnsafeMutableBufferPointer(rebasing: symbols[0..<n])
        palette.withUnsafeBufferPointer { palette in
            let colors = LZWEncoder.Colors(targets: UnsafeBufferPointer(targets), under: UnsafeBufferPointer(under),
                                           palette: palette, transparent: hasTransparent ? transparent : -1,
                                           tolerance: tolerance)
            // Substitutes are judged against the source, which would undo a dither pattern.
            lzw.encode(crop, colors: frame.isDithered ? nil : colors, minimumCodeSize: GIFBlockWriter.minimumCodeSize(colors: palette.count),
                       into: &image.data)
        }
        // The screen as the decoder will show it, with the symbols LZW actually stored.
        n = 0
        for y in top...bottom {
            for p in y * width + left...y * width + right {
                let symbol = Int(symbols[n])
                if !(hasTransparent && symbol == transparent) { screen[p] = palette[symbol] }
                n += 1
            }
        }
        if let pending { try writer.write(pending) }
        pending = image
    }

    /// Writes the last image.
    func finish() throws(EncodeError) {
        if let pending { try writer.write(pending) }
        pending = nil
    }
}
