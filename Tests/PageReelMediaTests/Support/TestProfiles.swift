import CLCMS2
import PageReelTestSupport
import Foundation

/// ICC profiles for the decoder's tests, made with lcms2 and saved to bytes as files embed them.
enum TestProfiles {
    /// Display P3, as iPhone screenshots are tagged: DCI-P3 primaries, D65 white, sRGB's curve.
    static let displayP3: [UInt8] = rgb(red: [0.680, 0.320], green: [0.265, 0.690], blue: [0.150, 0.060])

    /// lcms2's built-in sRGB (IEC 61966-2.1 primaries and curve).
    static let sRGB: [UInt8] = save(cmsCreate_sRGBProfile())

    /// A matrix/TRC RGB profile with D65 white and sRGB's parametric curve, or a pure power curve
    /// of exponent `gamma`.
    static func rgb(red: SIMD2<Double>, green: SIMD2<Double>, blue: SIMD2<Double>, gamma: Double? = nil) -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.x, y: red.y, Y: 1),
                                        Green: cmsCIExyY(x: green.x, y: green.y, Y: 1),
                                        Blue: cmsCIExyY(x: blue.x, y: blue.y, Y: 1))
        let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = gamma.map { cmsBuildGamma(nil, $0) } ?? cmsBuildParametricToneCurve(nil, 4, parameters)
        defer { cmsFreeToneCurve(curve) }
        let curves: [OpaquePointer?] = [curve, curve, curve]
        return save(curves.withUnsafeBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) })
    }

    /// A gray profile with a pure power curve of exponent `gamma` (D50 white, as ICC gray is).
    static func gray(gamma: Double) -> [UInt8] {
        let curve = cmsBuildGamma(nil, gamma)
        defer { cmsFreeToneCurve(curve) }
        return save(cmsCreateGrayProfile(cmsD50_xyY(), curve))
    }

    /// A CMYK output profile whose AToB0 is a 9⁴ CLUT of an ink model unlike the naive formula
    /// (inks that are not pure, black that is not linear), so a test can tell whether the profile
    /// was used. Only AToB0: the decoder uses CMYK profiles as input only.
    static let cmyk: [UInt8] = {
        let profile = cmsCreateProfilePlaceholder(nil)
        // Version 2, so the lone CLUT is written as a lut16 (a v4 mAB needs curves around it),
        // whose Lab encoding is the v2 one.
        cmsSetProfileVersion(profile, 2.1)
        cmsSetDeviceClass(profile, cmsSigOutputClass)
        cmsSetColorSpace(profile, cmsSigCmykData)
        cmsSetPCS(profile, cmsSigLabData)
        let pipeline = cmsPipelineAlloc(nil, 4, 3)
        let clut = cmsStageAllocCLut16bit(nil, 9, 4, 3, nil)
        cmsStageSampleCLut16bit(clut, { input, output, _ in
            guard let input, let output else { return 0 }
            let (c, m, y, k) = (Double(input[0]) / 65535, Double(input[1]) / 65535, Double(input[2]) / 65535,
                                Double(input[3]) / 65535)
            let white = pow(1 - k, 1.3)
            let srgb = [(1 - c) * (1 - 0.08 * m) * white, (1 - m) * (1 - 0.12 * c) * white,
                        (1 - y) * (1 - 0.05 * m) * white]
            var lab = labD50(srgb)
            var encoded = [cmsUInt16Number](repeating: 0, count: 3)
            cmsFloat2LabEncodedV2(&encoded, &lab)
            for i in 0..<3 { output[i] = encoded[i] }
            return 1
        }, nil, 0)
        cmsPipelineInsertStage(pipeline, cmsAT_BEGIN, clut)
        cmsWriteTag(profile, cmsSigAToB0Tag, UnsafeRawPointer(pipeline))
        var white = cmsD50_XYZ().pointee
        cmsWriteTag(profile, cmsSigMediaWhitePointTag, &white)
        cmsPipelineFree(pipeline)
        return save(profile)
    }()

    /// CIELAB (D50) of an sRGB colour (components 0…1), through sRGB's curve and its
    /// Bradford-adapted D50 matrix (the one ICC sRGB profiles carry).
    static func labD50(_ srgb: [Double]) -> cmsCIELab {
        let linear = srgb.map { v in v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        var xyz = cmsCIEXYZ(X: 0.4360747 * linear[0] + 0.3850649 * linear[1] + 0.1430804 * linear[2],
                            Y: 0.2225045 * linear[0] + 0.7168786 * linear[1] + 0.0606169 * linear[2],
                            Z: 0.0139322 * linear[0] + 0.0971045 * linear[1] + 0.7141733 * linear[2])
        var lab = cmsCIELab()
        cmsXYZ2Lab(cmsD50_XYZ(), &lab, &xyz)
        return lab
    }

    /// The profile's bytes; closes it.
    static func save(_ profile: cmsHPROFILE?) -> [UInt8] {
        guard let profile else { preconditionFailure("lcms2 could not make the test profile") }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        precondition(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        precondition(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }
}

/// lcms2's `transicc` command, the independent reference for colour values: a separate program
/// evaluating the profiles in floating point, where the decoder converts 8-bit pixels in process.
enum TransICC {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static let path = "/usr/bin/transicc"

    /// `colors` (device values: 0…255 for RGB and gray, 0…100 % ink for CMYK) converted from
    /// `profile` to sRGB (0…255, unclipped) with the relative colorimetric intent and no
    /// precalculation (`-c0`), one triple per input.
    static func toSRGB(_ colors: [[Double]], profile: [UInt8], in folder: URL) throws -> [[Double]] {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is missing: install liblcms2-utils (Scripts/setup does)")
        }
        let file = folder.appendingPathComponent("profile-\(UUID().uuidString).icc")
        try Data(profile).write(to: file)
        let input = colors.map { $0.map { String($0) }.joined(separator: " ") }.joined(separator: "\n") + "\n"
        let out = try Command.run(path, ["-i\(file.path)", "-o*sRGB", "-t1", "-c0", "-n"],
                                  input: Data(input.utf8))
        guard out.status == 0 else { throw Failure(description: "transicc failed (\(out.status)): \(out.stderr)") }
        let rows = out.text.split(whereSeparator: \.isNewline).map { $0.split(separator: " ").compactMap { Double($0) } }
            .filter { !$0.isEmpty }
        guard rows.count == colors.count, rows.allSatisfy({ $0.count == 3 }) else {
            throw Failure(description: "unexpected transicc output: \(out.text)")
        }
        return rows
    }

    /// A converted value as an 8-bit sample: clipped to 0…255 and rounded, as the decoder stores it.
    static func byte(_ v: Double) -> Int { Int(min(max(v, 0), 255).rounded()) }
}
