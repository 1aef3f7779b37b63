import CPango
import PageReelMedia

/// Vector drawing with Cairo into a pagereel pixmap: anti-aliased paths, arcs and fills for the
/// things pagereel draws procedurally (text's glyphs, a device's bezel and status bar icons).
///
/// Cairo's image surfaces are premultiplied ARGB in native-endian 32-bit words, pagereel's pixmaps
/// premultiplied RGBA bytes; the copy out swaps the channels and nothing else. Drawing runs under
/// Pango's process-wide lock, which guards every Cairo call pagereel makes.
enum CairoCanvas {
    /// A transparent `width` × `height` surface drawn by `draw` (given the cairo context), as a pixmap.
    static func draw(width: Int, height: Int, _ draw: (OpaquePointer) -> Void) -> Pixmap {
        guard width > 0, height > 0 else { return Pixmap(width: 0, height: 0) }
        return TextEngine.pango.withLock { _ in
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
                return Pixmap(width: width, height: height)
            }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
                return Pixmap(width: width, height: height)
            }
            draw(cr)
            cairo_destroy(cr)
            return pixmap(of: surface, width: width, height: height)
        }
    }

    /// The pixels of a finished ARGB32 image surface.
    static func pixmap(of surface: OpaquePointer, width: Int, height: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return pixmap }
        let stride = Int(cairo_image_surface_get_stride(surface))
        pixmap.pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                var o = y * width * 4
                for x in 0..<width {
                    // Native-endian 0xAARRGGBB, premultiplied, like pagereel's pixels.
                    let argb = row[x]
                    out[o] = UInt8(truncatingIfNeeded: argb >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: argb >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: argb)
                    out[o + 3] = UInt8(truncatingIfNeeded: argb >> 24)
                    o += 4
                }
            }
        }
        return pixmap
    }

    /// Adds a rounded rectangle to the path (radii clamped to the rectangle); `top` rounds the top
    /// corners differently from the bottom ones.
    static func roundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double,
                            top: Double? = nil) {
        let r = max(0, min(r, w / 2, h / 2)), t = max(0, min(top ?? r, w / 2, h / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - t, y + t, t, -Double.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + t, y + t, t, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    static func setColor(_ cr: OpaquePointer, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: Double = 1) {
        cairo_set_source_rgba(cr, Double(r) / 255, Double(g) / 255, Double(b) / 255, a)
    }
}
