import CFFmpeg
import CPixels
import Testing
@testable import PageReel
import PageReelMedia

/// Two 4:2:0 pictures compared from their planes (`pr_yuv420_compare_row`: only the groups of 16
/// pixels that may differ are converted) against the same pictures converted whole and compared
/// as RGBA (`pr_compare_row`), on pairs whose changes sit at the edge of what the skipped groups
/// may hold: luma steps of up to 4 levels, chroma steps of 1 and 2, dark and saturated colours.
@Suite struct FrameComparisonTests {
    /// A picture of smooth colour with noise (dark corners, saturated chroma), and the same with
    /// scattered small changes (unless `sparse`), chroma changes at the filter's reach, and one
    /// block changed a lot.
    static func pair(width: Int, height: Int, seed: UInt64, fullRange: Bool, sparse: Bool = false) -> (YUV420Picture, YUV420Picture) {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        var a = [UInt8](repeating: 0, count: width * height + 2 * cw * ch)
        for y in 0..<height {
            for x in 0..<width {
                a[y * width + x] = UInt8(clamping: 8 + (x * 240) / max(1, width - 1) - (y * 40) / max(1, height) + next(9) - 4)
            }
        }
        for plane in 0..<2 {
            for j in 0..<ch {
                for i in 0..<cw {
                    let base = plane == 0 ? 40 + (i * 180) / max(1, cw) : 220 - (j * 180) / max(1, ch)
                    a[width * height + plane * cw * ch + j * cw + i] = UInt8(clamping: base + next(7) - 3)
                }
            }
        }
        var b = a
        for k in 0..<(width * height) where !sparse && next(10) == 0 {
            b[k] = UInt8(clamping: Int(b[k]) + next(9) - 4)
        }
        for k in (width * height)..<b.count where !sparse && next(20) == 0 {
            b[k] = UInt8(clamping: Int(b[k]) + [-2, -1, 1, 2][next(4)])
        }
        // Single chroma samples changed a lot (an edge moved), at every column of a group's window.
        for j in 0..<ch {
            for (plane, i) in [(j % 2, (j * 5) % cw), (1 - j % 2, (j * 11 + 3) % cw)] {
                let k = width * height + plane * cw * ch + j * cw + i
                b[k] = UInt8(clamping: Int(a[k]) + (a[k] < 128 ? 40 : -40))
            }
        }
        // Chroma changes of the sign of the filter's weights around the even pixel (2i, 2j), which
        // add up to its gain (1.5 times the step): two steps of U, of V, one of both.
        func sign(_ o: Int) -> Int { o == -1 || o == 0 ? 1 : -1 }
        for (n, (planes, step)) in [([0], 2), ([1], 2), ([0, 1], 1), ([0], 1)].enumerated() {
            let (i, j) = (2 + (cw - 4) * (n + 1) / 6, 2 + (ch - 4) * (n + 1) / 6)
            guard cw >= 4, ch >= 4 else { break }
            for plane in planes {
                for oj in -2...1 {
                    for oi in -2...1 {
                        let k = width * height + plane * cw * ch + (j + oj) * cw + (i + oi)
                        b[k] = UInt8(clamping: Int(a[k]) + step * sign(oj) * sign(oi))
                    }
                }
            }
        }
        for y in (height / 3)..<min(height, height / 3 + 30) {
            for x in (width / 4)..<min(width, width / 4 + 40) { b[y * width + x] = UInt8(clamping: Int(b[y * width + x]) + 60) }
        }
        let matrix = YUV420Picture.Matrix(swscale: SWS_CS_ITU709, fullRange: fullRange)
        return (YUV420Picture(width: width, height: height, planes: a, matrix: matrix),
                YUV420Picture(width: width, height: height, planes: b, matrix: matrix))
    }

    static let sizes = [(64, 48, false), (321, 191, false), (1920, 40, true), (17, 3, false)]

    /// `pr_yuv420_band_same` against the conversion: one sample of a picture changed (a luma
    /// sample, or a U or V sample by 100, at every row), each band of 16 rows the function calls
    /// the same converts to the same RGBA rows on both sides (so skipping it skips no change),
    /// the band holding a changed luma row is never called the same, and bands out of reach are.
    @Test(arguments: [(64, 80), (33, 41), (16, 16)])
    func bandsCalledTheSameConvertAlike(_ width: Int, _ height: Int) {
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        var planes = [UInt8](repeating: 0, count: width * height + 2 * cw * ch)
        for k in planes.indices { planes[k] = UInt8(truncatingIfNeeded: (k * 37) % 181 + 40) }
        let matrix = YUV420Picture.Matrix(swscale: SWS_CS_ITU709, fullRange: false)
        let a = YUV420Picture(width: width, height: height, planes: planes, matrix: matrix)
        let rgbaA = a.pixmap().pixels
        var changes: [(index: Int, lumaRow: Int?)] = (0..<height).map { (($0 * width + $0 % width), $0) }
        for plane in 0..<2 {
            for j in 0..<ch { changes.append((width * height + plane * cw * ch + j * cw + (j * 3) % cw, nil)) }
        }
        var same = 0
        for (index, lumaRow) in changes {
            var changed = planes
            changed[index] = changed[index] &+ 100
            let b = YUV420Picture(width: width, height: height, planes: changed, matrix: matrix)
            let rgbaB = b.pixmap().pixels
            a.withPlanes { pa in
                b.withPlanes { pb in
                    var (pa, pb) = (pa, pb)
                    for y0 in stride(from: 0, to: height, by: 16) {
                        let y1 = min(height, y0 + 16)
                        let called = pr_yuv420_band_same(&pa, &pb, Int32(width), Int32(height), Int32(y0), Int32(y1)) != 0
                        let rows = (y0 * width * 4)..<(y1 * width * 4)
                        if called {
                            same += 1
                            #expect(rgbaA[rows] == rgbaB[rows], "\(width)×\(height): sample \(index), band \(y0)")
                        }
                        if let lumaRow, (y0..<y1).contains(lumaRow) { #expect(!called) }
                    }
                }
            }
        }
        #expect(height <= 16 || same > 0, "no band was called the same")
        #expect(a.withPlanes { pa in
            var (pa, pb) = (pa, pa)
            return pr_yuv420_band_same(&pa, &pb, Int32(width), Int32(height), 0, Int32(height)) != 0
        })
    }

    /// With no CIE76 bound, every pixel whose channels differ by more than `safe` comes out: the
    /// planes' comparison finds exactly the pixels (and L*a*b*) the converted rows' does, so no
    /// group it skipped held one. Sparse changes leave most groups alone, so a group that reads a
    /// changed sample and is not converted shows.
    @Test(arguments: sizes, [false, true])
    func skippedGroupsHoldNoPixelPastTheChannelBound(_ size: (Int, Int, Bool), _ sparse: Bool) {
        let (width, height, fullRange) = size
        let (a, b) = Self.pair(width: width, height: height, seed: UInt64(width * 7919 + height), fullRange: fullRange,
                               sparse: sparse)
        let (ra, rb) = (a.pixmap(), b.pixmap())
        var matrix = a.matrix.c
        var scratch = [Float](repeating: 0, count: Int(pr_yuv420_compare_scratch(Int32(width))))
        var (rowA, rowB) = ([UInt32](repeating: 0, count: width), [UInt32](repeating: 0, count: width))
        var xs = [Int32](repeating: 0, count: width), expectedXs = xs
        var labs = [Float](repeating: 0, count: 6 * width), expectedLabs = labs
        for safe in Int32(0)...6 {
            var found = 0
            a.withPlanes { pa in
                b.withPlanes { pb in
                    var (pa, pb) = (pa, pb)
                    withUnsafePointer(to: ColorDifference.tables) { tables in
                        for y0 in stride(from: 0, to: height, by: 16) {
                            let y1 = min(height, y0 + 16)
                            var groups = [UInt8](repeating: 0, count: Int(pr_yuv420_chroma_groups_size(Int32(width), Int32(y1 - y0))))
                            pr_yuv420_chroma_groups(&pa, &pb, Int32(width), Int32(height), Int32(y0), Int32(y1), &groups)
                            for y in y0..<y1 {
                                let n = Int(pr_yuv420_compare_row(&pa, &pb, Int32(width), Int32(height), Int32(y), Int32(y0), groups,
                                                                  &matrix, safe, 0, tables, &rowA, &rowB, &scratch, &xs, &labs))
                                let line = y * width * 4
                                let m = ra.pixels.withUnsafeBufferPointer { p in
                                    rb.pixels.withUnsafeBufferPointer { q in
                                        Int(pr_compare_row(p.baseAddress! + line, q.baseAddress! + line, Int32(width), safe, 0,
                                                           tables, &expectedXs, &expectedLabs))
                                    }
                                }
                                #expect(n == m, "\(width)×\(height), safe \(safe), row \(y)")
                                if n == m {
                                    #expect(Array(xs[..<n]) == Array(expectedXs[..<m]), "\(width)×\(height), safe \(safe), row \(y)")
                                    #expect(Array(labs[..<(6 * n)]) == Array(expectedLabs[..<(6 * m)]))
                                }
                                found += m
                            }
                        }
                    }
                }
            }
            // The pairs change enough for every bound to find pixels.
            #expect(found > 0, "\(width)×\(height), safe \(safe): nothing to find")
        }
    }

    /// `pr_compare_row` (eight pixels at a time where the CPU has AVX2, then four, then one) against
    /// its contract read one pixel at a time: the pixels whose channels differ by more than `safe`,
    /// in order, kept when their CIE76 is over `bound`, with `pr_lab`'s L*a*b* to the bit. Rows of
    /// every length around the widths of eight and sixteen; changes everywhere, nowhere, and in
    /// between; channel steps on either side of `safe`.
    @Test func rowsComparedManyAtATimeAsOneAtATime() {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var kept = 0
        for count in [1, 5, 7, 8, 9, 15, 16, 17, 23, 24, 31, 33, 64, 65, 200, 1283] {
            for share in [0, 1, 4, 10] {
                let a = (0..<count).map { _ in UInt32(next(1 << 24)) | 0xFF00_0000 }
                // Each pixel changed with probability share/10: by up to 3 levels in a channel or so
                // many in each channel that the colours are far apart.
                let b = a.map { word -> UInt32 in
                    guard next(10) < share else { return word }
                    var bytes = withUnsafeBytes(of: word.littleEndian) { Array($0) }
                    let large = next(4) == 0
                    for c in 0..<3 where large || next(2) == 0 {
                        bytes[c] = UInt8(clamping: Int(bytes[c]) + (large ? 60 : next(7) - 3))
                    }
                    bytes[3] = UInt8(next(256))   // alpha is ignored
                    return bytes.withUnsafeBytes { UInt32(littleEndian: $0.load(as: UInt32.self)) }
                }
                for (safe, bound) in [(0, Float(0)), (1, 0.5), (2, 3), (0, 2.5), (3, 40)] {
                    var wantXs: [Int32] = [], wantLabs: [Float] = []
                    for x in 0..<count {
                        let p = withUnsafeBytes(of: a[x].littleEndian) { Array($0) }
                        let q = withUnsafeBytes(of: b[x].littleEndian) { Array($0) }
                        guard (0..<3).contains(where: { abs(Int(p[$0]) - Int(q[$0])) > safe }) else { continue }
                        let lp = ColorDifference.lab(Int(p[0]), Int(p[1]), Int(p[2]))
                        let lq = ColorDifference.lab(Int(q[0]), Int(q[1]), Int(q[2]))
                        let (dl, da, db) = (lp.l - lq.l, lp.a - lq.a, lp.b - lq.b)
                        guard (dl * dl + da * da + db * db).squareRoot() > bound else { continue }
                        wantXs.append(Int32(x))
                        wantLabs += [lp.l, lp.a, lp.b, lq.l, lq.a, lq.b]
                    }
                    var xs = [Int32](repeating: -1, count: count), labs = [Float](repeating: 0, count: 6 * count)
                    let n = a.withUnsafeBytes { pa in
                        b.withUnsafeBytes { pb in
                            withUnsafePointer(to: ColorDifference.tables) { tables in
                                Int(pr_compare_row(pa.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                   pb.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(count),
                                                   Int32(safe), bound, tables, &xs, &labs))
                            }
                        }
                    }
                    let label = "\(count) pixels, \(share)/10 changed, safe \(safe), bound \(bound)"
                    #expect(Array(xs[..<n]) == wantXs, "\(label)")
                    #expect(Array(labs[..<(6 * n)]).map(\.bitPattern) == wantLabs.map(\.bitPattern), "\(label)")
                    kept += wantXs.count
                }
            }
        }
        #expect(kept > 1000)
    }

    /// `FrameComparison` on the planes gives what it gives on the pixmaps, at thresholds from
    /// below codec noise to above the default, marks and all.
    @Test(arguments: sizes)
    func planesCompareAsTheirPixmaps(_ width: Int, _ height: Int, _ fullRange: Bool) {
        let (a, b) = Self.pair(width: width, height: height, seed: UInt64(width + 31 * height), fullRange: fullRange)
        var changed = 0
        for threshold in [0.5, 2, 5, 16, 40] {
            let comparison = FrameComparison(threshold: threshold)
            var mask = [UInt8](repeating: 0, count: width * height), expectedMask = mask
            let result = mask.withUnsafeMutableBufferPointer { comparison.compare(.yuv420(a), .yuv420(b), mask: $0) }
            let expected = expectedMask.withUnsafeMutableBufferPointer { comparison.compare(a.pixmap(), b.pixmap(), mask: $0) }
            #expect(result.changedPixels == expected.changedPixels, "\(width)×\(height) at \(threshold)")
            #expect(result.totalPixels == expected.totalPixels)
            #expect(result.box.map { [$0.x, $0.y, $0.width, $0.height] } == expected.box.map { [$0.x, $0.y, $0.width, $0.height] })
            #expect(result.centre.map { [$0.x, $0.y] } == expected.centre.map { [$0.x, $0.y] })
            #expect(mask == expectedMask, "\(width)×\(height) at \(threshold): marks")
            changed += expected.changedPixels > 0 ? 1 : 0
        }
        if width >= 64 { #expect(changed >= 3, "\(width)×\(height): the block's change is seen at low thresholds") }
        // Pictures of different matrices are compared as pixmaps.
        let other = YUV420Picture(width: width, height: height, planes: Self.planes(of: b),
                                  matrix: YUV420Picture.Matrix(swscale: SWS_CS_ITU601, fullRange: fullRange))
        let comparison = FrameComparison(threshold: 2)
        #expect(comparison.compare(.yuv420(a), .yuv420(other)).changedPixels
                == comparison.compare(a.pixmap(), other.pixmap()).changedPixels)
    }

    /// A picture's planes, as an array.
    static func planes(of picture: YUV420Picture) -> [UInt8] {
        picture.withPlanes { p in
            let (w, h, cw, ch) = (picture.width, picture.height, (picture.width + 1) / 2, (picture.height + 1) / 2)
            var bytes: [UInt8] = []
            for (plane, stride, width, rows) in [(p.y!, p.y_stride, w, h), (p.u!, p.u_stride, cw, ch), (p.v!, p.v_stride, cw, ch)] {
                for row in 0..<rows { bytes += UnsafeBufferPointer(start: plane + row * Int(stride), count: width) }
            }
            return bytes
        }
    }
}
