import CPango
import PageReelDeck
import PageReelMedia

/// Aligns the lines of a Pango layout in their box and draws them with Cairo into a `TextLayout`.
///
/// Alignment is pagereel's, not Pango's: Pango flips left and right for right-to-left paragraphs,
/// while a deck's `left`/`center`/`right` are absolute and `start`/`end` follow each paragraph's
/// direction, so every line is placed here from its own resolved direction. Cairo draws into an
/// image the size of the ink (never more than `maxSide` a side), and the pixels are turned from
/// Cairo's native-endian premultiplied ARGB into pagereel's premultiplied RGBA.
enum TextRasterizer {
    /// One line of a live Pango layout, measured in pixels.
    struct PangoLine {
        let line: UnsafeMutablePointer<PangoLayoutLine>
        let text: String
        /// Visible advance width (trailing spaces of a wrap excluded).
        let width: Double
        /// Where the visible advance starts, in the line's own coordinates.
        let start: Double
        let top: Double
        let bottom: Double
        let baseline: Double
        /// Ink box in the line's coordinates (origin on the baseline at the line's start).
        let ink: Rect
        let rightToLeft: Bool
        let unknown: [Unicode.Scalar]
        let runs: [TextLayout.GlyphRun]
    }

    /// The largest text image side, in pixels; ink beyond it is cut (a canvas is at most 7680 wide).
    static let maxSide = 8192

    static func rasterize(layout: OpaquePointer, lines: [PangoLine], request: TextRequest) -> TextLayout {
        let box = request.maxWidth ?? lines.map(\.width).max() ?? 0
        var placed: [TextLayout.Line] = []
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for line in lines {
            let x = offset(of: line, in: box, align: request.align)
            // The line's origin in box coordinates, and its ink there.
            let originX = x - line.start
            let ink = Rect(x: originX + line.ink.x, y: line.baseline + line.ink.y, width: line.ink.width,
                           height: line.ink.height)
            if ink.width > 0, ink.height > 0 {
                minX = min(minX, ink.x)
                minY = min(minY, ink.y)
                maxX = max(maxX, ink.x + ink.width)
                maxY = max(maxY, ink.y + ink.height)
            }
            placed.append(TextLayout.Line(x: x, width: line.width, baseline: line.baseline, top: line.top,
                                          bottom: line.bottom, text: line.text, isRightToLeft: line.rightToLeft,
                                          ink: ink))
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        let unknown = lines.reduce(into: [Unicode.Scalar]()) { found, line in
            for scalar in line.unknown where !found.contains(scalar) { found.append(scalar) }
        }

        // Anti-aliased edges reach half a pixel past the ink box; one pixel of margin holds them.
        var image = Pixmap(width: 0, height: 0)
        var imageX = 0, imageY = 0
        if minX < maxX, minY < maxY {
            imageX = Int((minX - 1).rounded(.down))
            imageY = Int((minY - 1).rounded(.down))
            let w = min(maxSide, Int((maxX + 1).rounded(.up)) - imageX)
            let h = min(maxSide, Int((maxY + 1).rounded(.up)) - imageY)
            image = draw(lines, placed: placed, width: w, height: h, originX: imageX, originY: imageY,
                         color: request.color)
        }
        return TextLayout(lines: placed, runs: lines.flatMap(\.runs), width: box, height: height, lineSpacing: request.lineSpacing, image: image,
                          imageX: imageX, imageY: imageY, opacity: Double(request.color.a) / 255,
                          unknownCharacters: unknown)
    }

    /// The line's left edge in a box `box` wide.
    static func offset(of line: PangoLine, in box: Double, align: TextAlign) -> Double {
        let free = box - line.width
        switch align {
        case .left: return 0
        case .center: return free / 2
        case .right: return free
        case .start: return line.rightToLeft ? free : 0
        case .end: return line.rightToLeft ? 0 : free
        }
    }

    private static func draw(_ lines: [PangoLine], placed: [TextLayout.Line], width: Int, height: Int,
                             originX: Int, originY: Int, color: Color) -> Pixmap {
        let blank = Pixmap(width: width, height: height)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            return blank
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return blank }
        cairo_translate(cr, -Double(originX), -Double(originY))
        // Opaque colour: its alpha is applied when the image is composited, to colour glyphs too.
        cairo_set_source_rgb(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255)
        for (line, place) in zip(lines, placed) {
            cairo_move_to(cr, place.x - line.start, line.baseline)
            pango_cairo_show_layout_line(cr, line.line)
        }
        cairo_destroy(cr)
        return CairoCanvas.pixmap(of: surface, width: width, height: height)
    }
}
