/// PNG's five row filters (PNG specification §9) for 8-bit RGBA, each row filtered by the one
/// whose output bytes, read as signed, have the smallest sum of absolute values.
///
/// That heuristic is the specification's recommendation and libpng's: small values mean a
/// prediction that was close, which Huffman coding then stores in few bits. Trying every filter
/// on every row with the real compressor would be smaller still but costs one compression per
/// choice.
///
/// The rows are read from a padded layout (`Rows`) that puts zero bytes left of every row and a
/// zero row above the first, exactly what the filters are defined to see beyond the image's
/// edges, so the inner loop has no edge cases.
enum PNGFilter {
    /// Bytes a pixel: the left neighbour is this far back.
    static let bytesPerPixel = 4

    /// Rows of `rowBytes` bytes at a stable address, each after `bytesPerPixel` zero bytes,
    /// below one zero row: row `r` starts at `base + (r + 1) · stride + bytesPerPixel`.
    struct Rows {
        let base: UnsafeMutablePointer<UInt8>
        let rowBytes: Int
        var stride: Int { rowBytes + PNGFilter.bytesPerPixel }

        /// The first byte of row `r` (-1 is the zero row above the image).
        func row(_ r: Int) -> UnsafeMutablePointer<UInt8> {
            base + (r + 1) * stride + PNGFilter.bytesPerPixel
        }

        /// Bytes the layout needs for `rows` rows of `rowBytes`.
        static func byteCount(rowBytes: Int, rows: Int) -> Int { (rows + 1) * (rowBytes + PNGFilter.bytesPerPixel) }
    }

    /// The filtered size of `rows` rows: a filter-type byte and `rowBytes` bytes each.
    static func byteCount(rowBytes: Int, rows: Int) -> Int { rows * (1 + rowBytes) }

    /// Filters rows `0..<rows` of `image` into `output` (`byteCount(rowBytes:rows:)` bytes), the
    /// layout PNG compresses. Polls `stop` every `GIFStop.rows` rows.
    static func filter(_ image: Rows, rows: Int, into output: UnsafeMutablePointer<UInt8>,
                       stop: GIFStop) throws(EncodeError) {
        let n = image.rowBytes, bpp = bytesPerPixel
        for r in 0..<rows {
            if r % GIFStop.rows == 0 { try stop.check() }
            let current = UnsafePointer(image.row(r)), above = UnsafePointer(image.row(r - 1))
            // The cost of each filter, then the row filtered by the cheapest (the first on ties,
            // so flat rows keep None).
            var none = 0, sub = 0, up = 0, average = 0, paeth = 0
            for x in 0..<n {
                let v = current[x], a = current[x - bpp], b = above[x], c = above[x - bpp]
                none &+= cost(v)
                sub &+= cost(v &- a)
                up &+= cost(v &- b)
                average &+= cost(v &- mean(a, b))
                paeth &+= cost(v &- predict(a, b, c))
            }
            var type = 0, best = none
            if sub < best { (type, best) = (1, sub) }
            if up < best { (type, best) = (2, up) }
            if average < best { (type, best) = (3, average) }
            if paeth < best { type = 4 }
            let out = output + r * (1 + n)
            out[0] = UInt8(type)
            let filtered = out + 1
            switch type {
            case 0: filtered.update(from: current, count: n)
            case 1: for x in 0..<n { filtered[x] = current[x] &- current[x - bpp] }
            case 2: for x in 0..<n { filtered[x] = current[x] &- above[x] }
            case 3: for x in 0..<n { filtered[x] = current[x] &- mean(current[x - bpp], above[x]) }
            default:
                for x in 0..<n { filtered[x] = current[x] &- predict(current[x - bpp], above[x], above[x - bpp]) }
            }
        }
    }

    /// |value| of a filtered byte read as signed.
    @inline(__always)
    private static func cost(_ byte: UInt8) -> Int { Int(Int8(bitPattern: byte).magnitude) }

    /// The Average filter's prediction: floor((a + b) / 2) without overflow.
    @inline(__always)
    private static func mean(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((UInt16(a) + UInt16(b)) >> 1) }

    /// The Paeth predictor: of left, above and upper-left, the one closest to left + above −
    /// upper-left, ties in that order.
    @inline(__always)
    static func predict(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let (a16, b16, c16) = (Int16(a), Int16(b), Int16(c))
        let pa = abs(b16 - c16), pb = abs(a16 - c16), pc = abs(a16 + b16 - 2 * c16)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
