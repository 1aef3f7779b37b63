import CPango
import PageReelDeck
import PageReelMedia
import PageReelScene

/// Draws a device around the screen, procedurally, as sprites made once per export: the back
/// (shadow, body, side buttons, the black screen under the pages), the front (the bezel, which
/// also rounds the screen's corners over the pages, the cut-out, or a browser's window bar), and
/// the status bar and home indicator in their two styles, which are drawn into the pages (each in
/// the style that contrasts with the page under it).
///
/// Everything is vector drawing with anti-aliasing at the output scale — the shadow and flat
/// shapes through pagereel's own rasterizer, paths and arcs through Cairo, text through Pango — so
/// a device is as sharp at 4K as at 480p and no picture of a real product is involved.
struct DeviceRenderer {
    let device: Device
    let geometry: DeviceGeometry
    let scale: Double
    let text: TextRenderer

    /// The soft shadow under the device, in points.
    static let shadow = DeviceGeometry.shadow

    /// The whole-pixel box of `rect` (points) at the output scale, grown by `margin` points.
    func pixelBox(_ rect: Rect, margin: Double = 0) -> (x: Int, y: Int, width: Int, height: Int) {
        let x0 = Int(((rect.x - margin) * scale).rounded(.down)), y0 = Int(((rect.y - margin) * scale).rounded(.down))
        let x1 = Int(((rect.x + rect.width + margin) * scale).rounded(.up))
        let y1 = Int(((rect.y + rect.height + margin) * scale).rounded(.up))
        return (x0, y0, max(1, x1 - x0), max(1, y1 - y0))
    }

    // MARK: - Back

    /// Where a picture of the upright device is drawn so that turning its pixels a quarter to the
    /// left puts them exactly on `box` of the landscape frame (no resampling): the origin its
    /// drawing is offset by, in output pixels, and its size. A landscape pixel (u, v) of `box` is
    /// the upright picture's (box.height − 1 − v, u).
    func uprightOrigin(for box: (x: Int, y: Int, width: Int, height: Int), shift: (x: Double, y: Double) = (0, 0))
        -> (x: Double, y: Double) {
        let cx = (geometry.screen.x + geometry.screen.width / 2) * scale
        let cy = (geometry.screen.y + geometry.screen.height / 2) * scale
        return (cx + cy - Double(box.height) - (Double(box.y) + shift.y), cy - cx + Double(box.x) + shift.x)
    }

    /// The upright picture turned a quarter to the left: its pixel (a, b) goes to (b, width − 1 − a).
    static func turnedLeft(_ upright: Pixmap) -> Pixmap {
        let w = upright.width, h = upright.height
        var out = Pixmap(width: h, height: w)
        upright.pixels.withUnsafeBytes { src in
            let from = src.bindMemory(to: UInt32.self)
            out.pixels.withUnsafeMutableBytes { dst in
                let to = dst.bindMemory(to: UInt32.self)
                for b in 0..<h {
                    for a in 0..<w { to[(w - 1 - a) * h + b] = from[b * w + a] }
                }
            }
        }
        return out
    }

    /// The landscape device's back: the upright body turned, over a shadow cast down in landscape.
    private func landscapeBack(shadow withShadow: Bool, window: PixelWindow?) -> Sprite {
        let shadow = Self.shadow
        let reach = withShadow ? 3.5 * shadow.radius / 2 + abs(shadow.offsetY) + 2 : 8 * geometry.unit + 2
        let box = window.map { (x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? pixelBox(geometry.body, margin: reach)
        let shift = (x: window?.dx ?? 0, y: window?.dy ?? 0)
        let upright = DeviceRenderer(device: device, geometry: geometry.upright(device)!, scale: scale, text: text)
        let body = Self.turnedLeft(upright.backPixmap(shadow: false, box: (box.height, box.width),
                                                     origin: uprightOrigin(for: box, shift: shift)))
        var pixmap = Pixmap(width: box.width, height: box.height)
        if withShadow {
            let outline = Rect(x: geometry.body.x * scale - Double(box.x) - shift.x,
                               y: geometry.body.y * scale - Double(box.y) - shift.y,
                               width: geometry.body.width * scale, height: geometry.body.height * scale)
            let scene = Scene(width: box.width, height: box.height, background: .clear, pageWidth: 1, pageHeight: 1,
                              scale: scale, items: [.shadow(ShadowQuad(
                                transform: .identity, outline: outline, cornerRadius: geometry.bodyRadius * scale,
                                shadow: Shadow(color: shadow.color, radius: shadow.radius * scale, offsetX: 0,
                                               offsetY: shadow.offsetY * scale)))])
            SceneRasterizer().render(scene, textures: [:], drawText: { _, _ in }, into: &pixmap)
        }
        Self.blend(body, over: &pixmap)
        return window == nil ? Sprite(pixmap, x: box.x, y: box.y) : Sprite(pixmap, x: 0, y: 0)
    }

    /// `top` over `bottom`, pixel for pixel (the same size).
    static func blend(_ top: Pixmap, over bottom: inout Pixmap) {
        top.pixels.withUnsafeBytes { src in
            let from = src.bindMemory(to: UInt32.self)
            bottom.pixels.withUnsafeMutableBytes { dst in
                let to = dst.bindMemory(to: UInt32.self)
                for i in 0..<min(from.count, to.count) { to[i] = Blend.over(from[i], to[i]) }
            }
        }
    }

    /// The shadow, body, side buttons and black screen; without the shadow when `shadow` is false.
    /// With a `window`, only that window of the frame is drawn, its corner at (0, 0).
    func back(shadow withShadow: Bool = true, window: PixelWindow? = nil) -> Sprite {
        if geometry.isLandscape { return landscapeBack(shadow: withShadow, window: window) }
        if let window {
            let pixmap = backPixmap(shadow: withShadow, box: (window.width, window.height), origin: window.origin)
            return Sprite(pixmap, x: 0, y: 0)
        }
        let shadow = Self.shadow
        let reach = withShadow ? 3.5 * shadow.radius / 2 + abs(shadow.offsetY) + 2 : 8 * geometry.unit + 2
        let box = pixelBox(geometry.body, margin: reach)
        let pixmap = backPixmap(shadow: withShadow, box: (box.width, box.height), origin: (Double(box.x), Double(box.y)))
        return Sprite(pixmap, x: box.x, y: box.y)
    }

    /// The back drawn into a picture of `box`'s size whose top-left corner is `origin` in output pixels.
    func backPixmap(shadow withShadow: Bool, box: (width: Int, height: Int), origin: (x: Double, y: Double)) -> Pixmap {
        let shadow = Self.shadow
        func local(_ r: Rect) -> Rect {
            Rect(x: r.x * scale - origin.x, y: r.y * scale - origin.y, width: r.width * scale, height: r.height * scale)
        }
        let body = local(geometry.body)
        var items: [SceneItem] = withShadow ? [
            .shadow(ShadowQuad(transform: .identity, outline: body, cornerRadius: geometry.bodyRadius * scale,
                               shadow: Shadow(color: shadow.color, radius: shadow.radius * scale, offsetX: 0,
                                              offsetY: shadow.offsetY * scale))),
        ] : []
        let button = device.color.shifted(by: 0.10)
        for rect in geometry.sideButtons {
            items.append(.shape(ShapeItem(rect: local(rect), cornerRadius: min(rect.width, rect.height) / 2 * scale,
                                          color: button)))
        }
        items.append(.shape(ShapeItem(rect: body, cornerRadius: geometry.bodyRadius * scale, color: device.color)))
        items.append(.shape(ShapeItem(rect: local(geometry.screen), cornerRadius: geometry.screenRadius * scale,
                                      color: .black)))
        var pixmap = Pixmap(width: box.width, height: box.height)
        let scene = Scene(width: box.width, height: box.height, background: .clear, pageWidth: 1, pageHeight: 1,
                          scale: scale, items: items)
        SceneRasterizer().render(scene, textures: [:], drawText: { _, _ in }, into: &pixmap)
        return pixmap
    }

    // MARK: - Front

    /// With a `window`, only that window of the frame is drawn, its corner at (0, 0).
    func front(window: PixelWindow? = nil) throws(RasterError) -> Sprite {
        let box = window.map { (x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? pixelBox(geometry.body, margin: 1)
        let at = window == nil ? (box.x, box.y) : (0, 0)
        let origin: (x: Double, y: Double) = window?.origin ?? (Double(box.x), Double(box.y))
        if let upright = geometry.upright(device) {
            // The hardware turns with the device: drawn upright, its pixels turned a quarter left.
            let renderer = DeviceRenderer(device: device, geometry: upright, scale: scale, text: text)
            let turned = uprightOrigin(for: box, shift: (window?.dx ?? 0, window?.dy ?? 0))
            let pixmap = CairoCanvas.draw(width: box.height, height: box.width) { cr in
                cairo_translate(cr, -turned.x, -turned.y)
                cairo_scale(cr, scale, scale)
                renderer.drawHardware(cr)
            }
            return Sprite(Self.turnedLeft(pixmap), x: at.0, y: at.1)
        }
        var pixmap = CairoCanvas.draw(width: box.width, height: box.height) { cr in
            cairo_translate(cr, -origin.x, -origin.y)
            cairo_scale(cr, scale, scale)
            drawHardware(cr)
            if geometry.windowBar != nil { drawWindowBar(cr) }
        }
        if let field = geometry.addressField {
            let (layout, x, y) = try urlLayout(field)
            text.draw(layout, at: x * scale - origin.x, y: y * scale - origin.y, into: &pixmap)
        }
        return Sprite(pixmap, x: at.0, y: at.1)
    }

    /// The bezel, the cut-out, a home button and a front camera, in points.
    func drawHardware(_ cr: OpaquePointer) {
        drawBezel(cr)
        if let cutout = geometry.cutout { drawCutout(cr, cutout) }
        if let button = geometry.homeButton { drawHomeButton(cr, button) }
        if geometry.model.kind == .tablet || geometry.model.homeButton { drawFrontCamera(cr) }
    }

    /// The camera island, notch or hole, in black.
    private func drawCutout(_ cr: OpaquePointer, _ cutout: DeviceGeometry.Cutout) {
        CairoCanvas.setColor(cr, 0, 0, 0)
        switch cutout {
        case .island(let r):
            CairoCanvas.roundedRect(cr, r.x, r.y, r.width, r.height, r.height / 2)
        case .notch(let r, let radius):
            // Hanging from the screen's top edge (a hair over the bezel, so no seam shows), rounded
            // below, with small outward curves where it meets the edge.
            let top = r.y - max(1, 0.5 * geometry.unit)
            cairo_new_sub_path(cr)
            let flare = min(radius, 0.35 * r.height)
            cairo_move_to(cr, r.x - flare, top)
            cairo_line_to(cr, r.x + r.width + flare, top)
            cairo_line_to(cr, r.x + r.width + flare, r.y)
            cairo_arc_negative(cr, r.x + r.width + flare, r.y + flare, flare, -Double.pi / 2, -Double.pi)
            cairo_arc(cr, r.x + r.width - radius, r.y + r.height - radius, radius, 0, Double.pi / 2)
            cairo_arc(cr, r.x + radius, r.y + r.height - radius, radius, Double.pi / 2, Double.pi)
            cairo_arc_negative(cr, r.x - flare, r.y + flare, flare, 0, -Double.pi / 2)
            cairo_close_path(cr)
        case .hole(let r):
            cairo_new_sub_path(cr)
            cairo_arc(cr, r.x + r.width / 2, r.y + r.height / 2, r.width / 2, 0, 2 * Double.pi)
        }
        cairo_fill(cr)
    }

    /// The home indicator as drawn over a page, black (`dark`) or white (`light`), in page pixels.
    func homeIndicator(style: Device.StatusBar.Style) -> Sprite? {
        guard let indicator = geometry.homeIndicator else { return nil }
        let box = pixelBox(indicator, margin: 1)
        let pixmap = CairoCanvas.draw(width: box.width, height: box.height) { cr in
            cairo_translate(cr, -Double(box.x), -Double(box.y))
            cairo_scale(cr, scale, scale)
            glyphColor(cr, style, alpha: 0.9)
            CairoCanvas.roundedRect(cr, indicator.x, indicator.y, indicator.width, indicator.height, indicator.height / 2)
            cairo_fill(cr)
        }
        return Sprite(pixmap, x: box.x, y: box.y)
    }

    /// The status bar as drawn over a page: a band the page's width and the bar's height, in
    /// page pixels, with `style`'s glyphs.
    func statusBar(style: Device.StatusBar.Style) throws(RasterError) -> Sprite? {
        guard let bar = geometry.statusBar, let settings = device.statusBar else { return nil }
        let box = pixelBox(bar)
        var pixmap = CairoCanvas.draw(width: box.width, height: box.height) { cr in
            cairo_translate(cr, -Double(box.x), -Double(box.y))
            cairo_scale(cr, scale, scale)
            drawStatusIcons(cr, bar, style: style)
        }
        let (layout, x, y) = try timeLayout(settings.time, style: style, bar: bar)
        text.draw(layout, at: x * scale - Double(box.x), y: y * scale - Double(box.y), into: &pixmap)
        return Sprite(pixmap, x: box.x, y: box.y)
    }

    /// The bezel: the body's outline less the screen's rounded rectangle, and a faint edge light.
    private func drawBezel(_ cr: OpaquePointer) {
        let body = geometry.body, screen = geometry.screen
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        CairoCanvas.roundedRect(cr, body.x, body.y, body.width, body.height, geometry.bodyRadius)
        CairoCanvas.roundedRect(cr, screen.x, screen.y, screen.width, screen.height, geometry.screenRadius,
                                top: geometry.screenTopRadius)
        let c = device.color
        CairoCanvas.setColor(cr, c.r, c.g, c.b, Double(c.a) / 255)
        cairo_fill(cr)
        // A thin lighter rim along the outer edge reads as a rounded metal band.
        let rim = c.shifted(by: 0.22)
        CairoCanvas.setColor(cr, rim.r, rim.g, rim.b, 0.8)
        cairo_set_line_width(cr, max(1 / scale, 0.004 * screen.width))
        let inset = max(0.5 / scale, 0.002 * screen.width)
        CairoCanvas.roundedRect(cr, body.x + inset, body.y + inset, body.width - 2 * inset, body.height - 2 * inset,
                                geometry.bodyRadius - inset)
        cairo_stroke(cr)
    }

    private func drawHomeButton(_ cr: OpaquePointer, _ rect: Rect) {
        let ring = device.color.shifted(by: 0.2)
        CairoCanvas.setColor(cr, ring.r, ring.g, ring.b)
        cairo_set_line_width(cr, max(1 / scale, rect.width * 0.06))
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.x + rect.width / 2, rect.y + rect.height / 2, rect.width / 2 * 0.94, 0, 2 * Double.pi)
        cairo_stroke(cr)
        // The earpiece above the screen.
        let screen = geometry.screen, top = geometry.body.y
        let slot = Rect(x: screen.x + screen.width * 0.42, y: (top + screen.y) / 2 - screen.width * 0.008,
                        width: screen.width * 0.16, height: screen.width * 0.016)
        CairoCanvas.setColor(cr, 0, 0, 0, 0.7)
        CairoCanvas.roundedRect(cr, slot.x, slot.y, slot.width, slot.height, slot.height / 2)
        cairo_fill(cr)
    }

    /// A small dark lens centred in the top bezel.
    private func drawFrontCamera(_ cr: OpaquePointer) {
        let screen = geometry.screen, top = geometry.body.y
        let tablet = geometry.model.kind == .tablet
        let r = max(1.5, screen.width * (tablet ? 0.006 : 0.014))
        let x = screen.x + screen.width / 2 + (tablet ? 0 : -screen.width * 0.14)
        CairoCanvas.setColor(cr, 0, 0, 0, 0.85)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, (top + screen.y) / 2, r, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    /// White glyphs for the light style, black for the dark one.
    func glyphColor(_ cr: OpaquePointer, _ style: Device.StatusBar.Style, alpha: Double = 1) {
        let v: UInt8 = style == .light ? 255 : 0
        CairoCanvas.setColor(cr, v, v, v, alpha)
    }
}

extension Color {
    /// The colour moved toward white (dark colours) or black (light ones) by `amount` (−1…1;
    /// negative moves the other way).
    func shifted(by amount: Double) -> Color {
        let target = luminance < 128 ? 255.0 : 0.0
        func move(_ v: UInt8) -> UInt8 {
            UInt8(min(255, max(0, (Double(v) + (target - Double(v)) * amount).rounded())))
        }
        return Color(r: move(r), g: move(g), b: move(b), a: a)
    }
}
