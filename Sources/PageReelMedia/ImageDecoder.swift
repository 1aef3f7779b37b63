// PageReelMedia: the deck's input files turned into data.
//
// Design note: everything that reads a file a deck names and makes something of it lives here —
// images (`ImageDecoder`: PNG and JPEG by their magic bytes, EXIF orientation, ICC/gAMA/cHRM and
// CMYK/YCCK to sRGB with lcms2), recordings (`VideoClip`: libavformat demuxing, libavcodec decoding,
// libswscale conversion to sRGB, a frame index for exact seeks) and the checks before rendering
// (`InputRoots`: outside the allowed folders, missing, not a regular file; `InputChecker`: unusable, over the size limits). Inputs
// come from users, so every failure is a `MediaError` naming the file with the library's reason,
// never a crash. The module sees the deck (for what files a page names) and the C libraries it
// wraps, and nothing after it: Raster draws what comes out of here, and only this module links a
// decoder. `Pixmap`, premultiplied RGBA8, is the picture every later stage shares, so it is
// declared here, at the lowest module that makes one.

/// Decodes the PNG and JPEG files a deck references into premultiplied pixmaps that look as a
/// browser shows the same files.
///
/// Design note. Deck images come from users, so a file may be missing, truncated, mislabelled or a
/// decompression bomb. The format is taken from the magic bytes (a `.png` that is really a JPEG
/// still works), the size is read from the header and checked against a pixel limit before any
/// pixel memory is allocated, and every libpng/libjpeg failure comes back as a `MediaError`
/// carrying the library's message — never a crash. Both libraries report errors by `longjmp`, so
/// their `setjmp`s live in CShims. Decoding then goes: straight RGBA8 from the library (PNG through
/// libpng's full API, every bit depth, interlaced or not; JPEG as RGB, gray or CMYK) → colour to
/// sRGB with lcms2 when the file is tagged (`ImageColorSpace`, `ColorTransform`; untagged is sRGB
/// and untouched) → premultiply → EXIF orientation (`EXIFLocator`, `ImageOrientation`). The size
/// reported before decoding is the displayed one, orientation included, since layers without a
/// width take the image's own.
public enum ImageDecoder {
    /// The largest decoded image, in pixels (DESIGN §8: 50 MP).
    public static let maxPixels = 50_000_000
    /// The largest image file read: well above any valid 50 MP PNG or JPEG (a 16-bit RGBA PNG
    /// stored uncompressed is 400 MB), so only junk is refused.
    static let maxFileBytes = 1 << 30

    /// The container formats pagereel reads.
    enum Format { case png, jpeg }

    /// Width and height as displayed (EXIF orientation applied), from the header and metadata only
    /// (no decode). The format is detected by magic bytes, not the extension; anything else is
    /// `.badImage`.
    public static func size(ofFileAt path: String) throws(MediaError) -> (width: Int, height: Int) {
        try size(of: InputRoots.anywhere().open(path))
    }

    /// Width and height as displayed of an opened image file (see `size(ofFileAt:)`).
    public static func size(of file: InputFile) throws(MediaError) -> (width: Int, height: Int) {
        let path = file.path
        // The header sits at the start of a PNG; a JPEG's frame header may follow large metadata
        // segments, so read a prefix first and the whole file only when the prefix was not enough.
        let prefixLength = 1 << 16
        var (bytes, isWhole) = try file.bytes(limit: prefixLength)
        let whole = { () throws(MediaError) -> [UInt8] in
            try file.bytes(limit: nil, maxSize: maxFileBytes).bytes
        }
        let stored: (width: Int, height: Int)
        let lookUp: ([UInt8]) -> EXIFLocator.Lookup
        switch format(of: bytes) {
        case .png:
            stored = try pngHeaderSize(bytes, name: path)
            lookUp = EXIFLocator.png
        case .jpeg:
            if !isWhole, (try? jpegSize(bytes, name: path)) == nil { (bytes, isWhole) = (try whole(), true) }
            stored = try jpegSize(bytes, name: path)
            lookUp = EXIFLocator.jpeg
        case nil:
            throw .badImage(path: path, message: notAnImage)
        }
        var exif = lookUp(bytes)
        if exif == .truncated, !isWhole { exif = lookUp(try whole()) }
        return orientation(in: exif).displayed(width: stored.width, height: stored.height)
    }

    /// Decodes a PNG (any colour type and bit depth) or a JPEG file into a premultiplied pixmap.
    public static func decode(fileAt path: String, maxPixels: Int = maxPixels) throws(MediaError) -> Pixmap {
        try decode(file: InputRoots.anywhere().open(path), maxPixels: maxPixels)
    }

    /// Decodes an opened PNG or JPEG file into a premultiplied pixmap.
    public static func decode(file: InputFile, maxPixels: Int = maxPixels) throws(MediaError) -> Pixmap {
        let bytes = try file.bytes(limit: nil, maxSize: maxFileBytes).bytes
        return try decode(bytes: bytes, name: file.path, maxPixels: maxPixels)
    }

    /// Decodes PNG or JPEG bytes; `name` is the file name used in error messages.
    public static func decode(bytes: [UInt8], name: String, maxPixels: Int = maxPixels) throws(MediaError) -> Pixmap {
        switch format(of: bytes) {
        case .png: return try decodePNG(bytes, name: name, maxPixels: maxPixels)
        case .jpeg: return try decodeJPEG(bytes, name: name, maxPixels: maxPixels)
        case nil: throw .badImage(path: name, message: notAnImage)
        }
    }

    /// Decodes an opened PNG or JPEG file to check it, throwing what `decode` would: a PNG's
    /// rows go through one row of memory (its colour, alpha and orientation cannot fail), a JPEG
    /// is decoded in full.
    public static func check(file: InputFile, maxPixels: Int = maxPixels) throws(MediaError) {
        let bytes = try file.bytes(limit: nil, maxSize: maxFileBytes).bytes
        switch format(of: bytes) {
        case .png:
            try pngReader(bytes, name: file.path, maxPixels: maxPixels).check()
        case .jpeg: _ = try decodeJPEG(bytes, name: file.path, maxPixels: maxPixels)
        case nil: throw .badImage(path: file.path, message: notAnImage)
        }
    }

    // MARK: - Format and limits

    static let notAnImage = "not a PNG or JPEG image"

    static func format(of bytes: [UInt8]) -> Format? {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.starts(with: png) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The ICC profile a PNG's iCCP chunk or a JPEG's APP2 segments carry, as decoding reads it
    /// (for the fuzzer and its replay test, which run lcms2 on it in every pixel layout).
    static func embeddedProfile(_ bytes: [UInt8]) -> [UInt8]? {
        switch format(of: bytes) {
        case .png:
            guard case .icc(let profile)? = try? PNGReader(bytes: bytes, name: "input").colorSpace else { return nil }
            return profile
        case .jpeg:
            return (try? jpegHeader(bytes, name: "input", profile: true))?.icc
        case nil:
            return nil
        }
    }

    /// The orientation an EXIF lookup found; the stored orientation when there is none.
    static func orientation(in lookup: EXIFLocator.Lookup) -> ImageOrientation {
        guard case .found(let tiff) = lookup else { return .identity }
        return ImageOrientation(exif: tiff) ?? .identity
    }

    /// Rejects an empty image or one over the limit; called with header sizes, before allocating.
    static func checkSize(width: Int, height: Int, maxPixels: Int, name: String) throws(MediaError) {
        if let problem = sizeProblem(width: width, height: height, maxPixels: maxPixels, what: "image") {
            throw .badImage(path: name, message: problem)
        }
    }

    /// The longest side of a picture: JPEG's own limit, and libpng's user limit (set in CShims).
    public static let maxSide = 65_535

    /// What is wrong with a decoded size (an image's, a video's pictures'), or nil: zero, over
    /// the limit (said in megapixels), or a side over `maxSide`.
    static func sizeProblem(width: Int, height: Int, maxPixels: Int, what: String) -> String? {
        guard width > 0, height > 0 else { return "\(what) has zero size (\(width)×\(height))" }
        // Image formats cap a side below 2³¹, FFmpeg at Int32.max, so the product fits.
        let pixels = width * height
        guard pixels > maxPixels else {
            return max(width, height) > maxSide ? "\(width)×\(height) has a side over 65,535 pixels, the limit" : nil
        }
        // Limits are whole megapixels in practice; a finer one (tests, callers) reads in pixels.
        let size = maxPixels % 1_000_000 == 0
            ? "\(oneDecimal(Double(width) * Double(height) / 1e6)) MP, over the limit of \(maxPixels / 1_000_000) MP"
            : "\(pixels) pixels, over the limit of \(maxPixels) pixels"
        return "\(width)×\(height) is \(size)"
    }

    /// `x` with exactly one decimal, rounded half up (no Foundation formatting needed).
    static func oneDecimal(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
