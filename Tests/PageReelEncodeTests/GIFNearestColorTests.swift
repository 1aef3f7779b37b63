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

    @Test func principalAxisFollowsTheSpread() {
        // Colours along the red axis only: the axis is ±red.
        let axis = GIFNearestColor.principalAxis(red: [0, 50, 100, 200], green: [10, 10, 10, 10], blue: [5, 5, 5, 5])
        #expect(abs(abs(axis.x) - 1) < 1e-4 && abs(axis.y) < 1e-4 && abs(axis.z) < 1e-4)
    }
}
