import CPixels
import Foundation

/// CIE L*a*b* (D65) of 8-bit sRGB colours, and the CIEDE2000 colour difference between two of them
/// (Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula", 2005): how different two
/// colours look to a person, about 1 at the smallest difference one notices side by side.
struct ColorDifference: Sendable {
    /// The tables `pr_lab` reads: an sRGB channel (0…255) → linear light, and L*a*b*'s f(t) at
    /// t = k / fSteps (linear between). Made once, kept for the process's life.
    nonisolated(unsafe) static let tables: pr_lab_tables = {
        let linear = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        for c in 0...255 {
            let v = Double(c) / 255
            linear[c] = Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
        }
        let f = UnsafeMutablePointer<Float>.allocate(capacity: fSteps + 2)
        for k in 0...(fSteps + 1) {
            let t = Double(k) / Double(fSteps)
            f[k] = Float(t > 216 / 24389 ? cbrt(t) : (24389 / 27 * t + 16) / 116)
        }
        return pr_lab_tables(linear: linear, f: f, f_steps: Int32(fSteps))
    }()
    private static let fSteps = 8192

    /// The largest CIE76 difference between two 8-bit sRGB colours whose channels differ by at
    /// most 1: 1.932, measured over every colour and every step (the largest from a red of 0, a
    /// step of +1, −1, +1; `ColorDifferenceTests` checks a sample against it). Two colours whose
    /// channels differ by at most d are d such steps apart, so their CIE76 is at most d times this.
    static let maxUnitStepDE76: Float = 1.94

    /// The largest channel difference that cannot make a CIEDE2000 over `threshold`.
    static func safeChannelDifference(below threshold: Double) -> Int {
        Int((Float(threshold) / (de2000OverDE76 * maxUnitStepDE76)).rounded(.down))
    }

    /// L*, a*, b* of an sRGB colour (D65 white).
    static func lab(_ r: Int, _ g: Int, _ b: Int) -> (l: Float, a: Float, b: Float) {
        var lab: (Float, Float, Float) = (0, 0, 0)
        withUnsafeMutablePointer(to: &lab) {
            $0.withMemoryRebound(to: Float.self, capacity: 3) { pointer in
                withUnsafePointer(to: tables) { pr_lab($0, Int32(r), Int32(g), Int32(b), pointer) }
            }
        }
        return lab
    }

    /// The CIE76 difference (the distance in L*a*b*): CIEDE2000 is at most √4.5 times it (its
    /// weights are at least 1, a′ stretches a* by at most 1.5, and the rotation term adds at most
    /// the chroma and hue terms again), which lets most pairs be settled without the full formula.
    static let de2000OverDE76 = Float(4.5.squareRoot())

    /// x⁷, by multiplying (pow's general path is most of what the formula costs otherwise).
    @inline(__always)
    private static func seventh(_ x: Double) -> Double {
        let x2 = x * x
        return x2 * x2 * x2 * x
    }

    /// a* stretched as CIEDE2000 does (a′ = (1 + G)·a*, G from the mean chroma) for both colours.
    @inline(__always)
    private static func stretched(_ a1: Double, _ b1: Double, _ a2: Double, _ b2: Double) -> (a1p: Double, a2p: Double) {
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let c7 = seventh((c1 + c2) / 2)
        let g = 0.5 * (1 - (c7 / (c7 + 6_103_515_625)).squareRoot())   // 25⁷
        return ((1 + g) * a1, (1 + g) * a2)
    }

    /// The least of CIEDE2000's hue weighting T over all hues (0.36206 at 0.001° steps; T moves
    /// less than 0.05 a degree).
    static let leastHueWeighting = 0.36

    /// A bound CIEDE2000 does not exceed, without its trigonometry: ΔC′² + ΔH′² is the distance
    /// in the (a′, b*) plane squared; S_C and S_H are at least 1 + 0.015·C̄′·min T; the rotation
    /// term adds at most |R_T|/2 of the chroma and hue terms, |R_T| ≤ R_C·sin 60°.
    static func de2000Bound(_ p: (l: Float, a: Float, b: Float), _ q: (l: Float, a: Float, b: Float)) -> Double {
        let (l1, a1, b1) = (Double(p.l), Double(p.a), Double(p.b))
        let (l2, a2, b2) = (Double(q.l), Double(q.a), Double(q.b))
        let (a1p, a2p) = stretched(a1, b1, a2, b2)
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        let cMeanP = (c1p + c2p) / 2
        let cp7 = seventh(cMeanP)
        let rc = 2 * (cp7 / (cp7 + 6_103_515_625)).squareRoot()
        let lMean = (l1 + l2) / 2
        let l50 = (lMean - 50) * (lMean - 50)
        let x = (l2 - l1) / (1 + 0.015 * l50 / (20 + l50).squareRoot())
        let s = 1 + 0.015 * cMeanP * leastHueWeighting
        let plane = ((a2p - a1p) * (a2p - a1p) + (b2 - b1) * (b2 - b1)) / (s * s)
        return (x * x + (1 + rc * 0.8660254037844387 / 2) * plane).squareRoot()
    }

    /// Whether CIEDE2000 between `p` and `q` is over `threshold`: `de2000Bound` settles most
    /// pairs under it (with a margin far beyond the doubles' rounding), the formula the rest.
    static func de2000(_ p: (l: Float, a: Float, b: Float), _ q: (l: Float, a: Float, b: Float),
                       isOver threshold: Double) -> Bool {
        if de2000Bound(p, q) <= threshold * (1 - 1e-9) { return false }
        return de2000(p, q) > threshold
    }

    /// CIEDE2000 between two L*a*b* colours (kL = kC = kH = 1).
    static func de2000(_ p: (l: Float, a: Float, b: Float), _ q: (l: Float, a: Float, b: Float)) -> Double {
        let (l1, a1, b1) = (Double(p.l), Double(p.a), Double(p.b))
        let (l2, a2, b2) = (Double(q.l), Double(q.a), Double(q.b))
        let (a1p, a2p) = stretched(a1, b1, a2, b2)
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(b1, a1p), h2p = hue(b2, a2p)
        let dLp = l2 - l1, dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(dhp * .pi / 360)
        let lMean = (l1 + l2) / 2, cMeanP = (c1p + c2p) / 2
        var hMean = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 { hMean /= 2 } else if hMean < 360 { hMean = (hMean + 360) / 2 } else { hMean = (hMean - 360) / 2 }
        }
        let radians = Double.pi / 180
        let t = 1 - 0.17 * cos((hMean - 30) * radians) + 0.24 * cos(2 * hMean * radians)
            + 0.32 * cos((3 * hMean + 6) * radians) - 0.20 * cos((4 * hMean - 63) * radians)
        let hue275 = (hMean - 275) / 25
        let dTheta = 30 * exp(-hue275 * hue275)
        let cp7 = seventh(cMeanP)
        let rc = 2 * (cp7 / (cp7 + 6_103_515_625)).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cMeanP
        let sh = 1 + 0.015 * cMeanP * t
        let rt = -sin(2 * dTheta * radians) * rc
        let (x, y, z) = (dLp / sl, dCp / sc, dHp / sh)
        return (x * x + y * y + z * z + rt * y * z).squareRoot()
    }
}
