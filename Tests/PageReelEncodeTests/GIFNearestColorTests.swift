import Testing
@testable import PageReelEncode

/// The pruned nearest-colour search against trying every colour.
@Suite struct GIFNearestColorTests {
    func values(_ count: Int, seed: UInt32) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 24)
        }
    }

    @Test(arguments: [1, 2, 16, 255, 256])
    func findsTheSameDistanceAsTryingEveryColour(count: Int) {
        let red = values(count, seed: 1), green = values(count, seed: 2), blue = values(count, seed: 3)
        let search = GIFNearestColor(red: red, green: green, blue: blue)
        let queries = zip(values(2000, seed: 4), zip(values(2000, seed: 5), values(2000, seed: 6)))
        for (q, (r, gb)) in queries.enumerated() {
            let (g, b) = gb
            let brute = (0..<count).map { j in
                let (dr, dg, db) = (red[j] - r, green[j] - g, blue[j] - b)
                return dr * dr + dg * dg + db * db
            }.min()!
            // With and without a hint (any index is a valid hint, good or bad).
            for hint in [-1, q % count] {
                let found = search.nearest(r, g, b, hint: hint)
                #expect(found.distance == brute, "query \(q) hint \(hint)")
                let (dr, dg, db) = (red[found.index] - r, green[found.index] - g, blue[found.index] - b)
                #expect(dr * dr + dg * dg + db * db == brute)
            }
        }
    }

    /// A hint that is the answer is taken without a search when the query lies well inside
    /// half the distance to the hint's nearest other colour: checked at and around that half
    /// distance, towards that neighbour (where it matters) and elsewhere, on a palette of
    /// fractional colours (as k-means leaves them) with repeats, against trying every colour.
    @Test(arguments: [1, 2, 3, 40, 256])
    func aQueryNearItsHintGetsWhatTryingEveryColourGives(count: Int) {
        var red = values(count, seed: 7).enumerated().map { $1 + Float($0 % 7) / 7 }
        var green = values(count, seed: 8).map { $0 * 0.75 + 0.3 }
        var blue = values(count, seed: 9)
        if count > 3 { (red[3], green[3], blue[3]) = (red[2], green[2], blue[2]) }   // a repeated colour
        let search = GIFNearestColor(red: red, green: green, blue: blue)
        func distance(_ j: Int, _ r: Float, _ g: Float, _ b: Float) -> Float {
            let (dr, dg, db) = (red[j] - r, green[j] - g, blue[j] - b)
            return dr * dr + dg * dg + db * db
        }
        let directions = zip(values(8, seed: 10), zip(values(8, seed: 11), values(8, seed: 12))).map { x, yz in
            SIMD3<Float>(x - 127.5, yz.0 - 127.5, yz.1 - 127.5)
        }
        var checked = 0
        for h in 0..<count {
            let here = SIMD3(red[h], green[h], blue[h])
            let neighbour = (0..<count).filter { $0 != h }.min { distance($0, red[h], green[h], blue[h]) < distance($1, red[h], green[h], blue[h]) }
            let towards = neighbour.map { SIMD3(red[$0], green[$0], blue[$0]) - here } ?? SIMD3(1, 0, 0)
            let separation = (towards * towards).sum().squareRoot()
            for direction in [towards] + directions {
                let unit = direction / max((direction * direction).sum().squareRoot(), 1e-6)
                for share: Float in [0, 0.25, 0.499, 0.4995, 0.5, 0.5005, 0.501, 0.75, 1, 1.5] {
                    let q = here + unit * (separation * share + (separation == 0 ? share : 0))
                    let brute = (0..<count).map { distance($0, q.x, q.y, q.z) }.min()!
                    let found = search.nearest(q.x, q.y, q.z, hint: h)
                    #expect(found.distance == brute, "colour \(h), \(share) of the way")
                    #expect(distance(found.index, q.x, q.y, q.z) == brute)
                    // A hint among the nearest is kept, as the full search keeps it.
                    if distance(h, q.x, q.y, q.z) == brute { #expect(found.index == h, "colour \(h), \(share) of the way") }
                    checked += 1
                }
            }
        }
        #expect(checked == count * 9 * 10)
    }

    @Test func principalAxisFollowsTheSpread() {
        // Colours along the red axis only: the axis is ±red.
        let axis = GIFNearestColor.principalAxis(red: [0, 50, 100, 200], green: [10, 10, 10, 10], blue: [5, 5, 5, 5])
        #expect(abs(abs(axis.x) - 1) < 1e-4 && abs(axis.y) < 1e-4 && abs(axis.z) < 1e-4)
    }
}
