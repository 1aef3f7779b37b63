import PageReelDeck
import PageReelMedia
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

    /// A gradient straight down, up, across and back: each pixel is the colours mixed at its
    /// centre's share of the way (written out here), so rows (or columns) are one colour each.
    @Test(arguments: [0.0, 90, 180, 270, -90, 450])
    func axisGradientsMixAtEachPixelsCentre(angle: Double) {
        let from = Color(r: 91, g: 108, b: 240), to = Color(r: 31, g: 17, b: 71, a: 128)
        var pixmap = Pixmap(width: 37, height: 23)
        Fills.gradient(&pixmap, from: from, to: to, angle: angle)
        let quarter = ((Int(angle) / 90) % 4 + 4) % 4
        for y in 0..<23 {
            for x in 0..<37 {
                let t = switch quarter {
                case 0: (Double(x) + 0.5) / 37
                case 1: (Double(y) + 0.5) / 23
                case 2: (37 - (Double(x) + 0.5)) / 37
                default: (23 - (Double(y) + 0.5)) / 23
                }
                func mix(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8((Double(p) + (Double(q) - Double(p)) * t).rounded()) }
                let expected = Blend.premultiplied(r: mix(from.r, to.r), g: mix(from.g, to.g), b: mix(from.b, to.b),
                                                   a: mix(from.a, to.a))
                let i = (y * 37 + x) * 4
                let got = UInt32(pixmap.pixels[i]) | UInt32(pixmap.pixels[i + 1]) << 8 | UInt32(pixmap.pixels[i + 2]) << 16
                    | UInt32(pixmap.pixels[i + 3]) << 24
                #expect(got == expected, "angle \(angle) pixel \(x),\(y)")
            }
        }
    }

    /// Multiples of 90° point exactly along the axes; other angles are cos and sin.
    @Test func directionsAreExactOnTheAxes() {
        #expect(Fills.direction(90) == (0, 1) && Fills.direction(-270) == (0, 1))
        #expect(Fills.direction(180) == (-1, 0) && Fills.direction(720) == (1, 0) && Fills.direction(-90) == (0, -1))
        let d = Fills.direction(30)
        #expect(abs(d.dx - 3.0.squareRoot() / 2) < 1e-15 && abs(d.dy - 0.5) < 1e-15)
    }
}
