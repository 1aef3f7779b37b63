import Testing
@testable import PageReelRaster

@Suite struct FillsTests {
    /// The gradient's rounding is `rounded()` (halves away from zero) to the bit: over a fine sweep
    /// of 0…255, at every half, and one ulp either side of it.
    @Test func roundedByteIsRoundingHalvesAwayFromZero() {
        var values = (0...(255 * 1024)).map { Double($0) / 1024 }
        for k in 0..<255 {
            let half = Double(k) + 0.5
            values += [half, half.nextDown, half.nextUp, Double(k).nextUp, Double(k + 1).nextDown]
        }
        values += [0.49999999999999994, 254.49999999999997, 255]
        let wrong = values.filter { Fills.roundedByte($0) != UInt8($0.rounded()) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(values.count > 260_000)
    }
}
