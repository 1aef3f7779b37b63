import CPango
import PageReelDeck
import PageReelScene

/// The status bar's icons and time, and a browser's window bar: drawn as paths and text, in the
/// device's proportions (everything measured from the screen's width).
extension DeviceRenderer {
    /// How a model's status bar is arranged.
    enum StatusLayout {
        /// Time in the left "ear" beside the island or notch, icons in the right one.
        case ears(left: Double, right: Double)
        /// Signal and Wi-Fi on the left, the time centred, the battery on the right (home button).
        case centredTime
        /// Time at the left edge, icons at the right (tablets, Android phones).
        case edges
    }

    var statusLayout: StatusLayout {
        let screen = geometry.screen
        switch geometry.cutout {
        case .island(let r), .notch(let r, _): return .ears(left: r.x - screen.x, right: screen.x + screen.width - r.x - r.width)
        default: return geometry.model.homeButton ? .centredTime : .edges
        }
    }

    /// The icons' height in points.
    var iconHeight: Double {
        let unit = geometry.unit
        if geometry.model.homeButton { return 9.5 * unit }
        return switch statusLayout {
        case .ears: 11.5 * unit
        default: (geometry.model.kind == .tablet ? 10.5 : 13) * unit
        }
    }

    /// The vertical centre of the status bar's content: level with the cut-out's centre.
    func statusCentre(_ bar: Rect) -> Double {
        switch geometry.cutout {
        case .island(let r), .hole(let r): return r.y + r.height / 2
        case .notch(let r, _): return bar.y + min(r.height, bar.height) * 0.55
        case nil: return bar.y + bar.height * 0.5
        }
    }

    /// The inner margin at the bar's sides.
    private var sideMargin: Double {
        let unit = geometry.unit
        if geometry.model.kind == .tablet { return 20 * unit }
        return max(16, geometry.model.cornerRadius * 0.42) * unit
    }

    /// Signal bars, Wi-Fi and battery.
    func drawStatusIcons(_ cr: OpaquePointer, _ bar: Rect, style: Device.StatusBar.Style) {
        let h = iconHeight, cy = statusCentre(bar)
        let signal = 4 * 0.19 * h + 3 * 0.08 * h, wifi = 1.4 * h, battery = 2.2 * h, gap = 0.35 * h
        let group = signal + gap + wifi + gap + battery
        var x: Double
        switch statusLayout {
        case .ears(_, let right):
            x = bar.x + bar.width - right / 2 - group / 2
        case .centredTime:
            x = bar.x + sideMargin
            drawSignal(cr, x: x, cy: cy, h: h, style: style)
            drawWiFi(cr, x: x + signal + gap, cy: cy, h: h, style: style)
            drawBattery(cr, x: bar.x + bar.width - sideMargin - battery, cy: cy, h: h, style: style)
            return
        case .edges:
            x = bar.x + bar.width - sideMargin - group
        }
        drawSignal(cr, x: x, cy: cy, h: h, style: style)
        drawWiFi(cr, x: x + signal + gap, cy: cy, h: h, style: style)
        drawBattery(cr, x: x + signal + gap + wifi + gap, cy: cy, h: h, style: style)
    }

    private func drawSignal(_ cr: OpaquePointer, x: Double, cy: Double, h: Double, style: Device.StatusBar.Style) {
        glyphColor(cr, style)
        let barWidth = 0.19 * h, gap = 0.08 * h
        for (k, fraction) in [0.4, 0.6, 0.8, 1.0].enumerated() {
            let height = fraction * h
            CairoCanvas.roundedRect(cr, x + Double(k) * (barWidth + gap), cy + h / 2 - height, barWidth, height,
                                    0.06 * h)
            cairo_fill(cr)
        }
    }

    private func drawWiFi(_ cr: OpaquePointer, x: Double, cy: Double, h: Double, style: Device.StatusBar.Style) {
        glyphColor(cr, style)
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

    private func drawBattery(_ cr: OpaquePointer, x: Double, cy: Double, h: Double, style: Device.StatusBar.Style) {
        let width = 2.0 * h, top = cy - h / 2
        glyphColor(cr, style, alpha: 0.45)
        cairo_set_line_width(cr, 0.1 * h)
        CairoCanvas.roundedRect(cr, x, top, width, h, 0.28 * h)
        cairo_stroke(cr)
        glyphColor(cr, style)
        let inset = 0.16 * h
        CairoCanvas.roundedRect(cr, x + inset, top + inset, (width - 2 * inset) * 0.8, h - 2 * inset, 0.14 * h)
        cairo_fill(cr)
        glyphColor(cr, style, alpha: 0.45)
        CairoCanvas.roundedRect(cr, x + width + 0.06 * h, cy - 0.18 * h, 0.12 * h, 0.36 * h, 0.05 * h)
        cairo_fill(cr)
    }

    /// The time: centred in the left ear of a phone with an island or notch, centred on a phone
    /// with a home button, at the left edge of a tablet or an Android phone.
    func timeLayout(_ time: String, style: Device.StatusBar.Style, bar: Rect) throws(RasterError)
        -> (TextLayout, x: Double, y: Double) {
        let h = iconHeight
        let layout = try text.layout(TextStyle(string: time, size: 1.4 * h, weight: .bold,
                                               color: style == .light ? .white : .black, align: .left), scale: scale)
        let width = layout.width / scale, height = layout.height / scale
        let x: Double = switch statusLayout {
        case .ears(let left, _): bar.x + left / 2 - width / 2 + 0.06 * left
        case .centredTime: bar.x + (bar.width - width) / 2
        case .edges: bar.x + sideMargin
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
