import CFreeType
import Synchronization

/// A font face at one pixel size: metrics, advances, kerning and cached glyph coverage masks.
///
/// Owns a FreeType library and face (one library per font keeps fonts independent). FreeType
/// faces are not thread-safe, so every FreeType call runs under a lock; rendered glyphs are cached
/// as immutable `GlyphBitmap` values, so drawing them needs no lock. Metrics are unhinted design
/// values scaled to the size (fractional sizes allowed), which keeps layout independent of hinting;
/// masks use light hinting (vertical only), crisp without distorting glyph shapes.
public final class Font: Sendable {
    /// The font file.
    public let path: String
    /// The family name stored in the font.
    public let familyName: String
    /// The em size in pixels.
    public let pixelSize: Double
    /// Distance from the baseline up to the top of the design ascender, in pixels (positive).
    public let ascender: Double
    /// Distance from the baseline down to the design descender, in pixels (negative, as FreeType).
    public let descender: Double
    /// The font's own baseline-to-baseline distance, in pixels.
    public let lineHeight: Double
    /// Whether the font has a legacy `kern` table (FreeType does not read GPOS kerning).
    public let hasKerning: Bool

    private struct State {
        var library: FT_Library
        var face: FT_Face
        var glyphs: [UInt32: GlyphBitmap] = [:]
        var indices: [Unicode.Scalar: UInt32] = [:]
    }

    private let state: Mutex<State>

    /// Largest accepted pixel size: beyond it masks get huge for no visible gain.
    public static let maxPixelSize = 2048.0

    /// Opens face `faceIndex` of the font file at `path` at `pixelSize` pixels per em.
    public init(path: String, faceIndex: Int = 0, pixelSize: Double) throws(RasterError) {
        guard pixelSize.isFinite, pixelSize > 0, pixelSize <= Self.maxPixelSize else {
            throw .font(name: path, message: "invalid pixel size \(pixelSize)")
        }
        try FileBytes.checkReadable(path)
        var library: FT_Library?
        var error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .font(name: path, message: Self.describe(error, "FT_Init_FreeType")) }
        var face: FT_Face?
        error = FT_New_Face(library, path, FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw .font(name: path, message: Self.describe(error, "FT_New_Face"))
        }
        // 26.6 fixed point at 72 dpi: one point is one pixel.
        error = FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
        guard error == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .font(name: path, message: Self.describe(error, "FT_Set_Char_Size"))
        }
        let rec = face.pointee
        let scale = pixelSize / Double(max(rec.units_per_EM, 1))
        self.path = path
        self.familyName = rec.family_name.map { String(cString: $0) } ?? path
        self.pixelSize = pixelSize
        self.ascender = Double(rec.ascender) * scale
        self.descender = Double(rec.descender) * scale
        self.lineHeight = Double(rec.height) * scale
        // FT_HAS_KERNING is a function-like macro.
        self.hasKerning = (rec.face_flags & FT_Long(FT_FACE_FLAG_KERNING)) != 0
        self.state = Mutex(State(library: library, face: face))
    }

    deinit {
        state.withLock { state in
            FT_Done_Face(state.face)
            FT_Done_FreeType(state.library)
        }
    }

    /// The glyph for a character; 0 (the font's `.notdef` box) when the font lacks it.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        state.withLock { state in
            if let index = state.indices[scalar] { return index }
            let index = UInt32(FT_Get_Char_Index(state.face, FT_ULong(scalar.value)))
            state.indices[scalar] = index
            return index
        }
    }

    /// Kerning between two glyphs in fractional pixels (negative = closer); 0 without a `kern` table.
    public func kerning(between left: UInt32, and right: UInt32) -> Double {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        return state.withLock { state in
            var delta = FT_Vector()
            // Unfitted: scaled but not rounded, to match the unhinted advances.
            let error = FT_Get_Kerning(state.face, left, right, FT_UInt(FT_KERNING_UNFITTED.rawValue), &delta)
            return error == 0 ? Double(delta.x) / 64 : 0
        }
    }

    /// The unhinted advance of a glyph in fractional pixels.
    public func advance(ofGlyph index: UInt32) -> Double {
        glyph(index).advance
    }

    /// The rendered coverage mask of a glyph, rendered once and then cached.
    public func glyph(_ index: UInt32) -> GlyphBitmap {
        state.withLock { state in
            if let cached = state.glyphs[index] { return cached }
            let bitmap = Self.render(state.face, index)
            state.glyphs[index] = bitmap
            return bitmap
        }
    }

    /// Loads and renders one glyph; a glyph FreeType cannot load becomes an empty mask with no
    /// advance, so a damaged glyph never stops a render.
    private static func render(_ face: FT_Face, _ index: UInt32) -> GlyphBitmap {
        // FT_LOAD_TARGET_LIGHT is a function-like macro: (FT_RENDER_MODE_LIGHT & 15) << 16.
        let flags = FT_Int32(FT_LOAD_RENDER) | FT_Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
        guard FT_Load_Glyph(face, index, flags) == 0, let slot = face.pointee.glyph else {
            return GlyphBitmap(index: index, width: 0, height: 0, left: 0, top: 0, advance: 0, coverage: [])
        }
        let advance = Double(slot.pointee.linearHoriAdvance) / 65536
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer, width > 0, height > 0 {
            let mode = FT_Pixel_Mode(UInt32(bitmap.pixel_mode))
            coverage.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    // A negative pitch means the buffer starts with the bottom row.
                    let source = buffer + (pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch)
                    let target = row * width
                    switch mode {
                    case FT_PIXEL_MODE_GRAY:
                        for x in 0..<width { out[target + x] = source[x] }
                    case FT_PIXEL_MODE_MONO:  // bitmap-only fonts: one bit per pixel, high bit first
                        for x in 0..<width { out[target + x] = source[x >> 3] & (0x80 >> UInt8(x & 7)) == 0 ? 0 : 255 }
                    default:  // not requested (no FT_LOAD_COLOR, no LCD mode)
                        break
                    }
                }
            }
        }
        return GlyphBitmap(index: index, width: width, height: height, left: Int(slot.pointee.bitmap_left),
                           top: Int(slot.pointee.bitmap_top), advance: advance, coverage: coverage)
    }

    /// FreeType is built without error strings, so the common codes are named here.
    private static func describe(_ error: FT_Error, _ call: String) -> String {
        let names: [FT_Error: String] = [
            0x01: "cannot open resource", 0x02: "unknown file format", 0x03: "broken file",
            0x06: "invalid argument", 0x17: "invalid pixel size", 0x40: "out of memory",
        ]
        return "\(call): \(names[error] ?? "FreeType error \(error)")"
    }
}
