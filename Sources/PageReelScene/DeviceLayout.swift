import PageReelDeck

/// Where a device goes on the canvas when the deck gives no viewport: its screen takes the model's
/// shape, as large as the canvas allows with the captions and a margin around everything; the
/// device is centred across, the device and its captions together centred down.
public enum DeviceLayout {
    /// The clear border kept around the device and its captions: 4% of the canvas's shorter side,
    /// at least 12 points.
    public static func margin(for canvas: Canvas) -> Double {
        max(12, (0.04 * Double(min(canvas.width, canvas.height))).rounded())
    }

    /// The height captions take next to the device: the gap and the tallest caption (0 without any).
    public static func captionBand(_ captions: Captions, tallest: Double) -> Double {
        tallest > 0 ? captions.gap + tallest : 0
    }

    /// The screen (the viewport) for `device` on `canvas`, leaving `captionBand` points above or
    /// below it (`captions.position`); nil when the canvas leaves no room for a screen 40 points wide.
    public static func screen(for device: Device, canvas: Canvas, captions: Captions, captionBand: Double) -> Rect? {
        let model = device.model
        guard model.kind != .browser else { return nil }
        let cw = Double(canvas.width), ch = Double(canvas.height), margin = margin(for: canvas)
        // The screen as held, and the frame's reach past it, in proportion to its width.
        let (sw, sh) = device.screenSize
        let probe = DeviceGeometry(device: device, screen: Rect(x: 0, y: 0, width: sw, height: sh))
        let m = probe.margins
        let across = 1 + (m.left + m.right) / sw
        let down = sh / sw + (m.top + m.bottom) / sw
        let width = min((ch - 2 * margin - captionBand) / down, (cw - 2 * margin) / across).rounded(.down)
        guard width >= 40 else { return nil }
        let height = (width * sh / sw).rounded()
        let k = width / sw
        let group = height + (m.top + m.bottom) * k + captionBand
        var top = ((ch - group) / 2).rounded() + m.top * k
        if captionBand > 0, captions.position == .top { top += captionBand }
        return Rect(x: ((cw - width) / 2).rounded(), y: top.rounded(), width: width, height: height)
    }
}
