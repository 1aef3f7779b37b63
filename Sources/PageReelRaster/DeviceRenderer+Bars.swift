import CPango
import PageReelDeck
import PageReelScene

/// The status bar's icons and time, and a browser's window bar: drawn as paths and text, in the
/// device's proportions (everything measured from the screen's width).
extension DeviceRenderer {
    /// The icons' height in points, for each model's status bar.
    var iconHeight: Double {
        let w = geometry.screen.width
        switch device.model {
        case .phoneHomeButton: return 0.03 * w
        case .tablet: return 0.014 * w
        default: return 0.026 * w
        }
    }

    /// The vertical centre of the status bar's content.
    func statusCentre(_ bar: Rect) -> Double {
        bar.y + bar.height * (device.model == .phone ? 0.56 : 0.5)
    }

    /// Signal bars, Wi-Fi and battery, right-aligned in the status bar (signal and Wi-Fi on the
    /// left for a phone with a home button, as such phones had them).
    func drawStatusIcons(_ cr: OpaquePointer, _ bar: Rect) {
        let h = iconHeight, cy = statusCentre(bar), w = geometry.screen.width
        let margin = device.model == .phone ? 0.075 * w : 0.03 * w
        let batteryWidth = 2.2 * h
        var x = bar.x + bar.width - margin - batteryWidth
        drawBattery(cr, x: x, cy: cy, h: h)
        if device.model == .phoneHomeButton { x = bar.x + margin + 2.4 * h } else { x -= 0.35 * h + 1.4 * h }
        drawWiFi(cr, x: x, cy: cy, h: h)
        x = device.model == .phoneHomeButton ? bar.x + margin : x - 0.35 * h - 1.0 * h
        drawSignal(cr, x: x, cy: cy, h: h)
    }

    private func drawSignal(_ cr: OpaquePointer, x: Double, cy: Double, h: Double) {
        glyphColor(cr)
        let barWidth = 0.19 * h, gap = 0.08 * h
        for (k, fraction) in [0.4, 0.6, 0.8, 1.0].enumerated() {
            let height = fraction * h
            CairoCanvas.roundedRect(cr, x + Double(k) * (barWidth + gap), cy + h / 2 - height, barWidth, height,
                                    0.06 * h)
            cairo_fill(cr)
        }
    }

    private func drawWiFi(_ cr: OpaquePointer, x: Double, cy: Double, h: Double) {
        glyphColor(cr)
        let cx = x + 0.7 * h, base = cy + h / 2
        cairo_set_line_width(cr, 0.17 * h)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for radius in [0.95 * h, 0.62 * h] {
            cairo_new_sub_path(cr)
            cairo_arc(cr, cx, base, radius, -3 * Double.pi / 4, -Double.pi / 4)
            cairo_stroke(cr)
        }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, cx, base)
        cairo_arc(cr, cx, base, 0.34 * h, -3 * Double.pi / 4, -Double.pi / 4)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    private func drawBattery(_ cr: OpaquePointer, x: Double, cy: Double, h: Double) {
        let width = 2.0 * h, top = cy - h / 2
        glyphColor(cr, alpha: 0.45)
        cairo_set_line_width(cr, 0.1 * h)
        CairoCanvas.roundedRect(cr, x, top, width, h, 0.28 * h)
        cairo_stroke(cr)
        glyphColor(cr)
        let inset = 0.16 * h
        CairoCanvas.roundedRect(cr, x + inset, top + inset, (width - 2 * inset) * 0.8, h - 2 * inset, 0.14 * h)
        cairo_fill(cr)
        glyphColor(cr, alpha: 0.45)
        CairoCanvas.roundedRect(cr, x + width + 0.06 * h, cy - 0.18 * h, 0.12 * h, 0.36 * h, 0.05 * h)
        cairo_fill(cr)
    }

    /// The time: left of a phone's camera island, centred on a phone with a home button, at the
    /// left of a tablet.
    func timeLayout(_ style: Device.StatusBar, bar: Rect) throws(RasterError) -> (TextLayout, x: Double, y: Double) {
        let h = iconHeight, w = geometry.screen.width
        let layout = try text.layout(TextStyle(string: style.time, size: 1.35 * h, weight: .bold, color: glyphColor,
                                               align: .left), scale: scale)
        let width = layout.width / scale, height = layout.height / scale
        let x: Double = switch device.model {
        case .phoneHomeButton: bar.x + (bar.width - width) / 2
        case .tablet: bar.x + 0.03 * w
        default: bar.x + 0.17 * w - width / 2
        }
        return (layout, x, statusCentre(bar) - height / 2)
    }

    // MARK: - Browser

    func drawWindowBar(_ cr: OpaquePointer) {
        guard let bar = geometry.windowBar else { return }
        for (button, color) in zip(geometry.windowButtons, [(255, 95, 87), (254, 188, 46), (40, 200, 64)]) {
            CairoCanvas.setColor(cr, UInt8(color.0), UInt8(color.1), UInt8(color.2))
            cairo_new_sub_path(cr)
            cairo_arc(cr, button.x + button.width / 2, button.y + button.height / 2, button.width / 2, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
        if let field = geometry.addressField {
            let fill = device.color.shifted(by: 0.12)
            CairoCanvas.setColor(cr, fill.r, fill.g, fill.b)
            CairoCanvas.roundedRect(cr, field.x, field.y, field.width, field.height, 6)
            cairo_fill(cr)
        }
        let line = device.color.shifted(by: -0.25)
        CairoCanvas.setColor(cr, line.r, line.g, line.b)
        cairo_rectangle(cr, bar.x, bar.y + bar.height - 1, bar.width, 1)
        cairo_fill(cr)
    }

    /// The URL, centred in the address field (cut to the field's width).
    func urlLayout(_ field: Rect) throws(RasterError) -> (TextLayout, x: Double, y: Double) {
        let dark = device.color.luminance < 128
        let color = dark ? Color(r: 0xC8, g: 0xC8, b: 0xCC) : Color(r: 0x3C, g: 0x3C, b: 0x43)
        // One line, shortened with "…" until it fits the field.
        let room = (field.width - 16) * scale
        var url = String(device.url.prefix(200)).replacingOccurrences(of: "\n", with: " ")
        var layout = try text.layout(TextStyle(string: url, size: 13, color: color), scale: scale)
        while layout.width > room, url.count > 1 {
            url = String(url.dropLast(max(1, url.count / 8)).dropLast()) + "…"
            layout = try text.layout(TextStyle(string: url, size: 13, color: color), scale: scale)
        }
        let x = field.x + (field.width - layout.width / scale) / 2
        return (layout, x, field.y + (field.height - layout.height / scale) / 2)
    }
}

extension Color {
    /// Perceived brightness 0…255 (Rec. 709 weights).
    var luminance: Double { 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b) }
}
