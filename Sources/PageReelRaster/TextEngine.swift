import CPango
import PageReelDeck
import PageReelMedia
import Synchronization

/// Lays text out with Pango and rasterizes it with Cairo: the one place pagereel's text meets C.
///
/// Why Pango over Cairo rather than HarfBuzz + FriBidi + libunibreak directly: text in a deck is
/// any language a user writes, and getting all of it right takes itemizing by script and bidi
/// level, HarfBuzz shaping per item, per-cluster font fallback through fontconfig, UAX #14 line
/// breaking that never splits a grapheme, bidi reordering per line and colour glyphs. Pango does
/// exactly that in one well-kept library, Cairo's FreeType backend draws colour emoji (CBDT)
/// scaled to the size, and `pango-view` is an independent reference to test against. The direct
/// stack would be the same libraries with the glue (and its bugs) ours.
///
/// Output does not follow the machine's desktop settings: 72 dpi (sizes are pixels), no hinting,
/// no hinted metrics, greyscale anti-aliasing (subpixel colour fringes would show once a page is
/// turned in 3D) and unrounded glyph positions, so advances keep HarfBuzz's fractions.
///
/// Pango is not safe to use from two threads at once even with a font map per thread, as its
/// documentation suggests: laid out in parallel, each thread with its own font map and fontconfig
/// configuration, the same Devanagari line broke in two different places from run to run (seen
/// with Pango 1.50.12, Cairo 1.16, HarfBuzz 6.0). So every Pango and Cairo text call in the
/// process runs under one lock, `pango`. Output stays a pure function of the input, and text is
/// laid out once per distinct text and cached, so the lock costs little. The engine itself is not
/// `Sendable`: its owner (`TextRenderer`) keeps it inside a `Mutex` and uses it only there.
final class TextEngine {
    /// Held around every use of Pango and Cairo text, process-wide.
    static let pango = Mutex(())

    let library: FontLibrary
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    /// The library's generation the font map last loaded.
    private var generation: Int

    /// `language` is a locale code (`en`, `ja`, `zh-Hans`, `ar`).
    init(library: FontLibrary, language: String = "en") {
        self.library = library
        fontMap = pango_cairo_font_map_new()
        pango_fc_font_map_set_config(OpaquePointer(fontMap), library.config)
        generation = library.generation
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        // The deck's language, never the machine's locale, picks the fonts.
        pango_context_set_language(context, pango_language_from_string(language))
    }

    deinit {
        let context = UnsafeMutableRawPointer(context), fontMap = UnsafeMutableRawPointer(fontMap)
        Self.pango.withLock { _ in
            g_object_unref(context)
            g_object_unref(fontMap)
        }
    }

    /// Lays out `string` (Pango markup when `markup`) in `family` at `pixelSize`, wrapped to
    /// `maxWidth` pixels when given, with `lineSpacing` pixels from baseline to baseline.
    func layout(_ request: TextRequest) throws(RasterError) -> TextLayout {
        reloadIfFontsChanged()
        guard let layout = pango_layout_new(context) else {
            throw .font(name: request.family, message: "Pango could not make a layout")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        try configure(layout, request)
        let lines = Self.lines(of: layout, request: request, fileName: library.fileName(for:))
        return TextRasterizer.rasterize(layout: layout, lines: lines, request: request)
    }

    /// Pango's fontsets are cached per font map; fonts added to the library since need a reload.
    private func reloadIfFontsChanged() {
        let current = library.generation
        guard current != generation else { return }
        pango_fc_font_map_config_changed(OpaquePointer(fontMap))
        generation = current
    }

    private func configure(_ layout: OpaquePointer, _ request: TextRequest) throws(RasterError) {
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, request.family)
        pango_font_description_set_weight(description, request.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(description, request.pixelSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        // Each paragraph takes its direction from its first strong character, as `dir="auto"`.
        pango_layout_set_auto_dir(layout, 1)
        if let maxWidth = request.maxWidth {
            pango_layout_set_width(layout, Int32(clamping: Int((maxWidth * Double(PANGO_SCALE)).rounded(.down))))
            // Break between words (UAX #14), and inside a word only when it alone is too wide.
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        let attributes: OpaquePointer
        if request.markup {
            attributes = try Self.parseMarkup(request.text, into: layout)
        } else {
            pango_layout_set_text(layout, request.text, -1)
            attributes = pango_attr_list_new()
        }
        defer { pango_attr_list_unref(attributes) }
        // Every line `lineSpacing` tall, the spare space split above and below (CSS half-leading).
        let height = Int32(clamping: Int((request.lineSpacing * Double(PANGO_SCALE)).rounded()))
        pango_attr_list_insert_before(attributes, pango_attr_line_height_new_absolute(height))
        pango_layout_set_attributes(layout, attributes)
    }

    /// Sets the text of `markup` and returns its attributes; a markup error names the problem.
    private static func parseMarkup(_ markup: String, into layout: OpaquePointer) throws(RasterError) -> OpaquePointer {
        var attributes: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, &attributes, &text, nil, &error) != 0, let attributes, let text else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid markup"
            if let error { g_error_free(error) }
            throw .markup(message: message)
        }
        pango_layout_set_text(layout, text, -1)
        g_free(text)
        return attributes
    }

    /// The text of `markup` without its tags, or Pango's message when it does not parse.
    static func parse(markup: String) -> Result<String, RasterError> {
        pango.withLock { _ in parseLocked(markup: markup) }
    }

    private static func parseLocked(markup: String) -> Result<String, RasterError> {
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, nil, &text, nil, &error) != 0, let text else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid markup"
            if let error { g_error_free(error) }
            return .failure(.markup(message: readable(markupError: message)))
        }
        defer { g_free(text) }
        return .success(String(cString: text))
    }

    /// The layout's lines in pixels, with the characters no font could show.
    /// The layout's lines; `fileName` names a run's font file from the name fontconfig has for it.
    private static func lines(of layout: OpaquePointer, request: TextRequest,
                              fileName: (String) -> String) -> [TextRasterizer.PangoLine] {
        var lines: [TextRasterizer.PangoLine] = []
        guard let iterator = pango_layout_get_iter(layout) else { return lines }
        defer { pango_layout_iter_free(iterator) }
        let unit = Double(PANGO_SCALE)
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_line_get_extents(line, &ink, &logical)
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / unit
            let rtl = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
            let hanging = min(trailingSpaceWidth(of: line), Double(logical.width))
            lines.append(TextRasterizer.PangoLine(
                line: line, text: text(of: line), width: (Double(logical.width) - hanging) / unit,
                start: (Double(logical.x) + (rtl ? hanging : 0)) / unit, top: Double(top) / unit,
                bottom: Double(bottom) / unit,
                baseline: baseline,
                ink: Rect(x: Double(ink.x) / unit, y: Double(ink.y) / unit, width: Double(ink.width) / unit,
                          height: Double(ink.height) / unit),
                rightToLeft: rtl, unknown: unknownCharacters(of: line), runs: runs(of: line, number: lines.count).map { run in
                    var run = run
                    run.fontFile = fileName(run.fontFile)
                    return run
                }))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// GMarkup's message without what only makes sense inside Pango: the position (counted in
    /// the `<markup>` wrapper Pango adds) and the wrapper itself, which an unclosed tag names.
    static func readable(markupError message: String) -> String {
        var text = message
        if text.hasPrefix("Error on line "), let colon = text.firstIndex(of: ":") {
            text = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        let unclosed = "Element “markup” was closed, but the currently open element is “"
        if text.hasPrefix(unclosed), text.hasSuffix("”") {
            let tag = text.dropFirst(unclosed.count).dropLast()
            return "<\(tag)> is not closed"
        }
        return text
    }

    /// The characters of a line.
    private static func text(of line: UnsafeMutablePointer<PangoLayoutLine>) -> String {
        guard let layoutText = pango_layout_get_text(line.pointee.layout), line.pointee.length > 0 else { return "" }
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(layoutText) + Int(line.pointee.start_index),
                                           count: Int(line.pointee.length))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The width of the white space a wrap left at the end of a line, which CSS hangs outside the
    /// line so that it does not push a centred or end-aligned line off centre. In a right-to-left
    /// line it sits at the left.
    private static func trailingSpaceWidth(of line: UnsafeMutablePointer<PangoLayoutLine>) -> Double {
        let start = Int(line.pointee.start_index), length = Int(line.pointee.length)
        var trailing = 0
        for scalar in text(of: line).unicodeScalars.reversed() {
            // Spaces a line may break after; a no-break space is content.
            guard scalar == " " || scalar == "\t" || scalar == "\u{3000}" || scalar == "\u{1680}"
                    || (0x2000...0x200A).contains(scalar.value) || scalar == "\u{205F}" else { break }
            trailing += String(scalar).utf8.count
        }
        guard trailing > 0 else { return 0 }
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(line, Int32(start + length - trailing), Int32(start + length), &ranges, &count)
        defer { g_free(ranges) }
        guard let ranges else { return 0 }
        var width = 0
        for k in 0..<Int(count) { width += Int(ranges[2 * k + 1] - ranges[2 * k]) }
        return Double(width)
    }

    /// The line's runs: font, glyphs and positions, left to right.
    private static func runs(of line: UnsafeMutablePointer<PangoLayoutLine>, number: Int) -> [TextLayout.GlyphRun] {
        guard let layoutText = pango_layout_get_text(line.pointee.layout) else { return [] }
        let unit = Double(PANGO_SCALE)
        var runs: [TextLayout.GlyphRun] = []
        var node = line.pointee.runs
        while let current = node {
            defer { node = current.pointee.next }
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let item = run.pointee.item, let glyphs = run.pointee.glyphs else { continue }
            var file = "", face = 0
            if let font = item.pointee.analysis.font, let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) {
                file = FontLibrary.string(pattern, FC_FILE, 0) ?? ""
                var index: Int32 = 0
                if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch { face = Int(index) }
            }
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(layoutText) + Int(item.pointee.offset),
                                               count: Int(item.pointee.length))
            let count = Int(glyphs.pointee.num_glyphs)
            var ids: [UInt32] = [], advances: [Double] = [], offsets: [(x: Double, y: Double)] = [], clusters: [Int] = []
            for k in 0..<count {
                let info = glyphs.pointee.glyphs[k]
                ids.append(info.glyph)
                advances.append(Double(info.geometry.width) / unit)
                offsets.append((Double(info.geometry.x_offset) / unit, Double(info.geometry.y_offset) / unit))
                clusters.append(Int(glyphs.pointee.log_clusters[k]))
            }
            runs.append(TextLayout.GlyphRun(line: number, fontFile: file, faceIndex: face,
                                            text: String(decoding: bytes, as: UTF8.self),
                                            isRightToLeft: item.pointee.analysis.level % 2 == 1,
                                            language: item.pointee.analysis.language
                                                .flatMap { pango_language_to_string($0) }.map { String(cString: $0) } ?? "",
                                            glyphs: ids,
                                            advances: advances, offsets: offsets, clusters: clusters))
        }
        return runs
    }

    /// Characters drawn as Pango's hex box because no installed font has them.
    private static func unknownCharacters(of line: UnsafeMutablePointer<PangoLayoutLine>) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        var node = line.pointee.runs
        while let current = node {
            defer { node = current.pointee.next }
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let glyphs = run.pointee.glyphs else { continue }
            for k in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[k].glyph
                guard glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0, glyph != PANGO_GLYPH_EMPTY,
                      let scalar = Unicode.Scalar(glyph & ~PANGO_GLYPH_UNKNOWN_FLAG),
                      !found.contains(scalar) else { continue }
                found.append(scalar)
            }
        }
        return found
    }
}

/// What to lay out, in output pixels.
struct TextRequest: Sendable, Hashable {
    var text: String
    var markup: Bool
    /// A Pango family list (already resolved by the `FontLibrary`).
    var family: String
    var weight: FontWeight
    var pixelSize: Double
    var lineSpacing: Double
    var maxWidth: Double?
    var align: TextAlign
    var color: Color
}
