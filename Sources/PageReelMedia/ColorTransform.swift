import CLCMS2
import Dispatch
import Glibc
import Synchronization

/// Converts decoded pixels, in place, from an image's colour space to sRGB with lcms2.
///
/// Browsers convert every tagged image to the display's space; pagereel's output is sRGB video, so
/// sRGB is the target. The intent is relative colorimetric, which is what browsers use for the
/// matrix/TRC profiles images carry (Display P3 screenshots, Adobe RGB photos), without black
/// point compensation. Pixels are converted straight, before premultiplying, so a colour's
/// conversion does not depend on its alpha (which lcms2 leaves alone).
///
/// One transform is made per image, with `cmsFLAGS_NOCACHE`: lcms2's one-pixel cache is the only
/// state `cmsDoTransform` mutates, so without it the same transform can run on several threads,
/// which `apply` does for large images. A gray profile on a gray image becomes a 256-entry table
/// instead: the decoders hand gray over as R = G = B in RGBA rows, and a table of the 256 levels
/// is exact and cheaper than describing that layout to lcms2.
///
/// Sendable without the compiler's check because it owns an lcms2 handle, which Swift cannot
/// check. Safe because the transform is made with `cmsFLAGS_NOCACHE`, so `cmsDoTransform` only
/// reads it (lcms2 documents transforms without the cache as usable from several threads), nothing else ever
/// calls into the handle after `init`, every other property is an immutable Swift value, and
/// `deinit` frees it once no thread can hold the object any more.
final class ColorTransform: @unchecked Sendable {
    /// What the four bytes of each pixel hold.
    enum Layout: Equatable {
        /// R, G, B, straight alpha.
        case rgba
        /// A gray image as R = G = B, straight alpha. RGB profiles apply too (as in Chromium).
        case grayRGBA
        /// C, M, Y, K as stored; `inverted` for Adobe's convention (0 = full ink). Becomes RGBA
        /// with alpha 255.
        case cmyk(inverted: Bool)
    }

    private let layout: Layout
    private let transform: cmsHTRANSFORM?
    /// For a gray profile: sRGB r, g, b for each of the 256 gray levels.
    private let grayTable: [UInt8]

    /// The conversion from `space` for pixels laid out as `layout`; nil when there is nothing to
    /// do (sRGB) or the colour information cannot be used (lcms2 cannot open or apply the profile,
    /// or it describes another colour model than the pixels): browsers then show the pixels as sRGB.
    init?(from space: ImageColorSpace, layout: Layout) {
        let source: cmsHPROFILE
        switch space {
        case .sRGB:
            return nil
        case .icc(let bytes):
            guard let opened = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
            else { return nil }
            source = opened
        case .gamma(let gamma, let chromaticities):
            guard let made = Self.rgbProfile(gamma: gamma, chromaticities) else { return nil }
            source = made
        }
        defer { cmsCloseProfile(source) }
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }

        let model = cmsGetColorSpace(source)
        let input: cmsUInt32Number
        switch layout {
        case .rgba where model == cmsSigRgbData, .grayRGBA where model == cmsSigRgbData:
            input = clcms_type_rgba_8()
        case .grayRGBA where model == cmsSigGrayData:
            guard let table = Self.grayTable(from: source, to: sRGB) else { return nil }
            self.layout = layout
            transform = nil
            grayTable = table
            return
        case .cmyk(let inverted) where model == cmsSigCmykData:
            input = inverted ? clcms_type_cmyk_8_rev() : clcms_type_cmyk_8()
        default:
            return nil
        }
        guard let made = cmsCreateTransform(source, input, sRGB, clcms_type_rgba_8(),
                                            cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                            cmsUInt32Number(cmsFLAGS_NOCACHE))
        else { return nil }
        self.layout = layout
        transform = made
        grayTable = []
    }

    deinit {
        if let transform { cmsDeleteTransform(transform) }
    }

    /// Converts `pixels` (4 bytes each, as `layout` says) to straight sRGB RGBA in place.
    func apply(to pixels: inout [UInt8]) {
        let count = pixels.count / 4
        guard count > 0 else { return }
        guard transform != nil else {
            return pixels.withUnsafeMutableBufferPointer { lookUp($0.baseAddress!, count: count) }
        }
        guard count > Self.chunk else {
            return pixels.withUnsafeMutableBufferPointer { convert($0.baseAddress!, count: count) }
        }
        // Large images go to all cores in rounds of a few chunks per core: each worker copies its
        // chunk out of the pixels (shared, unchanged during the round) into a buffer it owns and
        // converts it there, and the round's buffers are then copied back and reused. Workers
        // never write to shared memory, and the extra memory is one round's buffers, whatever
        // the image's size.
        let chunks = 4 * max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        var buffers = [[UInt8]](repeating: [], count: chunks)
        var start = 0
        while start < count {
            let end = min(count, start + chunks * Self.chunk)
            buffers = convert(pixels, range: start..<end, in: consume buffers)
            let used = (end - start + Self.chunk - 1) / Self.chunk
            pixels.withUnsafeMutableBytes { raw in
                var offset = start * 4
                for buffer in buffers.prefix(used) {
                    buffer.withUnsafeBytes { (raw.baseAddress! + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                    offset += buffer.count
                }
            }
            start = end
        }
    }

    /// Pixels per piece of work.
    private static let chunk = 1 << 16

    /// The pixels `range` of `source`, converted on all cores, chunk k into `buffers[k]`.
    private func convert(_ source: [UInt8], range: Range<Int>, in buffers: consuming [[UInt8]]) -> [[UInt8]] {
        let chunks = (range.count + Self.chunk - 1) / Self.chunk
        let shared = Mutex(buffers)
        DispatchQueue.concurrentPerform(iterations: chunks) { k in
            let first = range.lowerBound + k * Self.chunk, n = min(Self.chunk, range.upperBound - first)
            // Taken out, so this worker holds the only reference and refills it in place.
            var buffer = shared.withLock { buffers in
                defer { buffers[k] = [] }
                return buffers[k]
            }
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: source[first * 4..<(first + n) * 4])
            buffer.withUnsafeMutableBufferPointer { convert($0.baseAddress!, count: n) }
            shared.withLock { [buffer] in $0[k] = buffer }
        }
        return shared.withLock { buffers in
            defer { buffers = [] }
            return buffers
        }
    }

    /// Converts `count` pixels in place (lcms2 reads a pixel before writing it, and both formats
    /// are 4 bytes).
    private func convert(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
        cmsDoTransform(transform, p, p, cmsUInt32Number(count))
        // lcms2 leaves the output's extra channel alone: for CMYK that byte still holds K.
        if case .cmyk = layout {
            for i in 0..<count { p[i * 4 + 3] = 255 }
        }
    }

    private func lookUp(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
        grayTable.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let g = Int(p[i * 4]) * 3
                p[i * 4] = table[g]
                p[i * 4 + 1] = table[g + 1]
                p[i * 4 + 2] = table[g + 2]
            }
        }
    }

    /// Every gray level through the profile, as sRGB r, g, b triples. Evaluated without lcms2's
    /// optimisation, which would resample gray → RGB into a coarse table and, interpolating sRGB's
    /// steep curve near black, make dark grays up to 7 levels too dark; 256 exact evaluations
    /// cost nothing.
    private static func grayTable(from gray: cmsHPROFILE, to sRGB: cmsHPROFILE) -> [UInt8]? {
        guard let transform = cmsCreateTransform(gray, clcms_type_gray_8(), sRGB, clcms_type_rgb_8(),
                                                 cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
                                                 cmsUInt32Number(cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE))
        else { return nil }
        defer { cmsDeleteTransform(transform) }
        let levels = (0...255).map { UInt8($0) }
        var table = [UInt8](repeating: 0, count: 256 * 3)
        cmsDoTransform(transform, levels, &table, 256)
        return table
    }

    /// An RGB profile with a pure power curve (decoding exponent 1/gamma) and the given primaries,
    /// built the way browsers build one from PNG gAMA + cHRM (lcms2 adapts the white to D50).
    private static func rgbProfile(gamma: Double, _ c: Chromaticities) -> cmsHPROFILE? {
        guard gamma > 0, gamma.isFinite, let curve = cmsBuildGamma(nil, 1 / gamma) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: c.white.x, y: c.white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: c.red.x, y: c.red.y, Y: 1),
                                        Green: cmsCIExyY(x: c.green.x, y: c.green.y, Y: 1),
                                        Blue: cmsCIExyY(x: c.blue.x, y: c.blue.y, Y: 1))
        let curves: [OpaquePointer?] = [curve, curve, curve]
        return curves.withUnsafeBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }
    }
}
