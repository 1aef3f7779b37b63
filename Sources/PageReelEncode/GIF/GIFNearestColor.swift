/// Finds the palette colour nearest to a colour (squared RGB distance), without trying them all.
///
/// The palette is sorted by each colour's projection on its principal axis (the direction in which
/// the colours spread most). Two colours are at least as far apart as their projections, so the
/// search starts at the query's projection and walks outwards in both directions, stopping on each
/// side as soon as the projection gap alone exceeds the best distance found. A hint (the answer
/// for a similar query) starts the search with a tight bound. On UI palettes that tries a few
/// percent of the colours. And a query nearer to the hint than half the distance from the hint
/// to any other colour has the hint as its nearest (the triangle inequality), so it is answered
/// without a search: most of a k-means round's queries, their colours still in the cell they
/// were in (`nearbyLimits`).
struct GIFNearestColor {
    /// The palette sorted by projection.
    private let table: Table
    private let axis: SIMD3<Float>

    /// The sorted palette in memory of its own — four floats an entry: projection, red, green,
    /// blue — read through plain pointers, with no array's bounds or ownership checks in the loop.
    private final class Table: @unchecked Sendable {
        let count: Int
        let entries: UnsafeMutablePointer<Float>
        /// Position in the sorted entries → palette index, and palette index → position.
        let indices: UnsafeMutablePointer<Int>
        let positions: UnsafeMutablePointer<Int>
        /// Per sorted position: the squared distance within which a query has that colour as its
        /// nearest (`nearbyLimits`).
        let limits: UnsafeMutablePointer<Float>

        init(count: Int) {
            self.count = count
            entries = .allocate(capacity: 4 * max(count, 1))
            indices = .allocate(capacity: max(count, 1))
            positions = .allocate(capacity: max(count, 1))
            limits = .allocate(capacity: max(count, 1))
        }

        deinit {
            entries.deallocate()
            indices.deallocate()
            positions.deallocate()
            limits.deallocate()
        }
    }

    init(red: [Float], green: [Float], blue: [Float]) {
        let axis = Self.principalAxis(red: red, green: green, blue: blue)
        let projections = red.indices.map { axis.x * red[$0] + axis.y * green[$0] + axis.z * blue[$0] }
        let order = red.indices.sorted { (projections[$0], $0) < (projections[$1], $1) }
        self.axis = axis
        table = Table(count: order.count)
        for (position, index) in order.enumerated() {
            table.indices[position] = index
            table.positions[index] = position
            table.entries[4 * position] = projections[index]
            table.entries[4 * position + 1] = red[index]
            table.entries[4 * position + 2] = green[index]
            table.entries[4 * position + 3] = blue[index]
        }
        Self.nearbyLimits(table)
    }

    /// For each colour c: a squared distance d such that a query within d of c is strictly
    /// nearer to c than to any other colour. With s the distance from c to its nearest other
    /// colour, a query at distance t < s/2 from c is more than s − t > t from each other colour;
    /// d is (s/2)² less 0.2%, so that the float distances the search would compute order the
    /// same way (the nearest is then nearer than the others by 0.4% in squared distance, where
    /// float's rounding is about 1e-7).
    /// Colours that repeat get 0 (no shortcut). The sorted projections bound the scan: colours
    /// further apart in projection than the nearest found so far are further apart in space.
    private static func nearbyLimits(_ table: Table) {
        let entries = table.entries, count = table.count
        for i in 0..<count {
            let a = entries + 4 * i
            var nearest = Float.infinity
            var j = i + 1
            while j < count {
                let b = entries + 4 * j
                let gap = b[0] - a[0]
                if gap * gap >= nearest { break }
                let dr = b[1] - a[1], dg = b[2] - a[2], db = b[3] - a[3]
                nearest = min(nearest, dr * dr + dg * dg + db * db)
                j += 1
            }
            j = i - 1
            while j >= 0 {
                let b = entries + 4 * j
                let gap = a[0] - b[0]
                if gap * gap >= nearest { break }
                let dr = b[1] - a[1], dg = b[2] - a[2], db = b[3] - a[3]
                nearest = min(nearest, dr * dr + dg * dg + db * db)
                j -= 1
            }
            table.limits[i] = nearest.isFinite ? nearest / 4 * 0.998 : .infinity
        }
    }

    /// The unit eigenvector of the colours' covariance with the largest eigenvalue, by power
    /// iteration from the grey axis.
    static func principalAxis(red: [Float], green: [Float], blue: [Float]) -> SIMD3<Float> {
        let n = Float(max(red.count, 1))
        let mean = SIMD3(red.reduce(0, +), green.reduce(0, +), blue.reduce(0, +)) / n
        var covariance = (SIMD3<Float>.zero, SIMD3<Float>.zero, SIMD3<Float>.zero)
        for i in red.indices {
            let d = SIMD3(red[i], green[i], blue[i]) - mean
            covariance.0 += d.x * d
            covariance.1 += d.y * d
            covariance.2 += d.z * d
        }
        var v = SIMD3<Float>(1, 1, 1)
        for _ in 0..<16 {
            let next = covariance.0 * v.x + covariance.1 * v.y + covariance.2 * v.z
            let length = (next * next).sum().squareRoot()
            guard length > 1e-6 else { break }
            v = next / length
        }
        let length = (v * v).sum().squareRoot()
        return length > 0 ? v / length : SIMD3(1, 1, 1) / Float(3).squareRoot()
    }

    /// The palette index nearest to (r, g, b), and its squared distance; `hint` is a palette
    /// index likely to be close.
    @inline(__always)
    func nearest(_ r: Float, _ g: Float, _ b: Float, hint: Int = -1) -> (index: Int, distance: Float) {
        let entries = table.entries, count = table.count
        var best = 0, bestDistance = Float.infinity
        if hint >= 0 {
            best = table.positions[hint]
            let dr = entries[4 * best + 1] - r, dg = entries[4 * best + 2] - g, db = entries[4 * best + 3] - b
            bestDistance = dr * dr + dg * dg + db * db
            if bestDistance < table.limits[best] { return (hint, bestDistance) }
        }
        let key = axis.x * r + axis.y * g + axis.z * b
        // First entry whose key is ≥ the query's.
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if entries[4 * mid] < key { low = mid + 1 } else { high = mid }
        }
        var up = low, down = low - 1
        var upOpen = up < count, downOpen = down >= 0
        while upOpen || downOpen {
            if upOpen {
                let entry = entries + 4 * up
                let gap = entry[0] - key
                if gap * gap >= bestDistance {
                    upOpen = false
                } else {
                    let dr = entry[1] - r, dg = entry[2] - g, db = entry[3] - b
                    let d = dr * dr + dg * dg + db * db
                    if d < bestDistance {
                        bestDistance = d
                        best = up
                    }
                    up += 1
                    upOpen = up < count
                }
            }
            if downOpen {
                let entry = entries + 4 * down
                let gap = key - entry[0]
                if gap * gap >= bestDistance {
                    downOpen = false
                } else {
                    let dr = entry[1] - r, dg = entry[2] - g, db = entry[3] - b
                    let d = dr * dr + dg * dg + db * db
                    if d < bestDistance {
                        bestDistance = d
                        best = down
                    }
                    down -= 1
                    downOpen = down >= 0
                }
            }
        }
        return (table.indices[best], bestDistance)
    }
}
