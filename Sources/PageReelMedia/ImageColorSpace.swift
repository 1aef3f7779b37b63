/// How an image's pixel values are meant: the colour information its file carries, after the
/// rules browsers apply to decide which of it counts.
///
/// Decoders report what they found and this type decides, so PNG's several overlapping chunks
/// (sRGB, iCCP, gAMA, cHRM) follow one documented precedence. Whatever cannot be used in the end
/// (a profile lcms2 cannot open, or one for another colour model) is read as sRGB, as browsers do:
/// a tagged image never fails to load because of its tag.
enum ImageColorSpace: Sendable, Equatable {
    /// sRGB: untagged, tagged as sRGB, or tagged with nothing usable. Pixels are left as they are.
    case sRGB
    /// An embedded ICC profile (PNG iCCP, JPEG APP2 ICC_PROFILE), not yet opened.
    case icc([UInt8])
    /// A pure power-law transfer function with decoding exponent 1/`gamma` (PNG gAMA stores the
    /// encoding exponent, 0.45455 for a 2.2 curve) and the given primaries and white point.
    case gamma(Double, Chromaticities)

    /// The colour space of a PNG from the chunks before its first IDAT (libpng has already dropped
    /// chunks that are malformed, have a bad CRC, or carry a profile for the wrong colour model).
    ///
    /// The precedence is Chromium's (blink `PNGImageDecoder`, `ReadColorProfile`), checked against
    /// its source:
    /// - `sRGB` → sRGB, whatever else is there (libpng also reports a standard sRGB iCCP profile
    ///   this way);
    /// - `iCCP` → that profile; if it turns out unusable the image is sRGB, without falling back
    ///   to gAMA/cHRM;
    /// - `gAMA` + `cHRM` → those primaries with the power curve;
    /// - `gAMA` alone → sRGB's primaries with the power curve, except that a gamma within 5% of
    ///   1/2.2 (libpng's PNG_GAMMA_THRESHOLD) counts as sRGB and leaves the pixels untouched. Older
    ///   Chromium ignored gAMA without cHRM; current Chromium and Firefox (`PNGDoGammaCorrection`,
    ///   which lets libpng correct to a 2.2 display) both apply it, so pagereel does too;
    /// - `cHRM` alone → sRGB: primaries without a transfer curve are not applied ("colour
    ///   correction is not a guessing game", Chromium's comment).
    static func png(sRGB: Bool, icc: [UInt8]?, gamma: Double?, chromaticities: Chromaticities?) -> ImageColorSpace {
        if sRGB { return .sRGB }
        if let icc { return .icc(icc) }
        guard let gamma, gamma > 0 else { return .sRGB }
        if let chromaticities { return .gamma(gamma, chromaticities) }
        let neutral = abs(gamma * 2.2 - 1) < 0.05
        return neutral ? .sRGB : .gamma(gamma, .sRGB)
    }
}

/// CIE 1931 xy chromaticities of a white point and three primaries (PNG cHRM).
struct Chromaticities: Sendable, Equatable {
    var white: SIMD2<Double>
    var red: SIMD2<Double>
    var green: SIMD2<Double>
    var blue: SIMD2<Double>

    /// sRGB / Rec. 709 primaries with the D65 white point.
    static let sRGB = Chromaticities(white: [0.3127, 0.3290], red: [0.64, 0.33], green: [0.30, 0.60],
                                     blue: [0.15, 0.06])
}
