/// Finds the palette colour nearest to a colour (squared RGB distance), without trying them all.
///
/// The palette is sorted by each colour's projection on its principal axis (the direction in which
/// the colours spread most). Two colours are at least as far apart as their projections, so the
/// search starts at the query's projection and walks outwards in both directions, stopping on each
/// side as soon as the projection gap alone exceeds the best distance found. A hint (the answer
/// for a similar query) starts the search with a tight bound. On UI palettes that tries a few
/// percent of the colours.
struct GIFNearestColor {
    /// Sorted by `keys`: the colours' projections, components, and their palette indices.
    private var keys: [Float] = []
    private var red: [Float] = [], green: [Float] = [], blue: [Float] = []
    /// Palette index → position in the sorted arrays.
    private var positions: [Int] = []
    private var indices: [Int] = []
    private let axis: SIMD3<Float>

    init(red: [Float], green: [Float], blue: [Float]) {
        let axis = Self.principalAxis(red: red, green: green, blue: blue)
        let projections = red.indices.map { axis.x * red[$0] + axis.y * green[$0] + axis.z * blue[$0] }
        let order = red.indices.sorted { (projections[$0], $0) < (projections[$1], $1) }
        self.axis = axis
        indices = order
        positions = [Int](repeating: 0, count: order.count)
        for (position, index) in order.enumerated() { positions[index] = position }
        self.red = order.map { red[$0] }
        self.green = order.map { green[$0] }
        self.blue = order.map { blue[$0] }
        keys = order.map { projections[$0] }
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
        keys.withUnsafeBufferPointer { keys in
            red.withUnsafeBufferPointer { red in
                green.withUnsafeBufferPointer { green in
                    blue.withUnsafeBufferPointer { blue in
                        let key = axis.x * r + axis.y * g + axis.z * b
                        // First entry whose key is ≥ the query's.
                        var low = 0, high = keys.count
                        while low < high {
                            let mid = (low + high) / 2
                            if keys[mid] < key { low = mid + 1 } else { high = mid }
                        }
                        var best = 0, bestDistance = Float.infinity
                        if hint >= 0 {
                            best = positions[hint]
                            let dr = red[best] - r, dg = green[best] - g, db = blue[best] - b
                            bestDistance = dr * dr + dg * dg + db * db
                        }
                        var up = low, down = low - 1
                        var upOpen = up < keys.count, downOpen = down >= 0
                        while upOpen || downOpen {
                            if upOpen {
                                let gap = keys[up] - key
                                if gap * gap >= bestDistance {
                                    upOpen = false
                                } else {
                                    let dr = red[up] - r, dg = green[up] - g, db = blue[up] - b
                                    let d = dr * dr + dg * dg + db * db
                                    if d < bestDistance {
                                        bestDistance = d
                                        best = up
                                    }
                                    up += 1
                                    upOpen = up < keys.count
                                }
                            }
                            if downOpen {
                                let gap = key - keys[down]
                                if gap * gap >= bestDistance {
                                    downOpen = false
                                } else {
                                    let dr = red[down] - r, dg = green[down] - g, db = blue[down] - b
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
                        return (indices[best], bestDistance)
                    }
                }
            }
        }
    }
}
