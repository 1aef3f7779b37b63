import Testing
@testable import PageReelMedia

/// Which of a PNG's colour chunks count, in Chromium's order.
@Suite struct ImageColorSpaceTests {
    static let profile: [UInt8] = [1, 2, 3]
    static let p3 = Chromaticities(white: [0.3127, 0.3290], red: [0.68, 0.32], green: [0.265, 0.69], blue: [0.15, 0.06])

    @Test func sRGBChunkWinsOverEverything() {
        #expect(ImageColorSpace.png(sRGB: true, icc: Self.profile, gamma: 1, chromaticities: Self.p3) == .sRGB)
    }

    @Test func profileComesBeforeGammaAndChromaticities() {
        #expect(ImageColorSpace.png(sRGB: false, icc: Self.profile, gamma: 1, chromaticities: Self.p3)
                == .icc(Self.profile))
    }

    @Test func gammaWithChromaticitiesIsUsedEvenWhenNeutral() {
        #expect(ImageColorSpace.png(sRGB: false, icc: nil, gamma: 0.45455, chromaticities: Self.p3)
                == .gamma(0.45455, Self.p3))
    }

    /// gAMA alone: a gamma within 5% of 1/2.2 is sRGB; any other applies with sRGB's primaries.
    @Test func gammaAloneAppliesUnlessNeutral() {
        for neutral in [0.45455, 0.4545, 0.44, 0.47] {
            #expect(ImageColorSpace.png(sRGB: false, icc: nil, gamma: neutral, chromaticities: nil) == .sRGB)
        }
        for gamma in [1.0, 0.55556, 0.4, 0.5] {
            #expect(ImageColorSpace.png(sRGB: false, icc: nil, gamma: gamma, chromaticities: nil) == .gamma(gamma, .sRGB))
        }
    }

    @Test func chromaticitiesAloneAndUntaggedAreSRGB() {
        #expect(ImageColorSpace.png(sRGB: false, icc: nil, gamma: nil, chromaticities: Self.p3) == .sRGB)
        #expect(ImageColorSpace.png(sRGB: false, icc: nil, gamma: nil, chromaticities: nil) == .sRGB)
        #expect(ImageColorSpace.png(sRGB: false, icc: nil, gamma: 0, chromaticities: nil) == .sRGB)
    }
}
