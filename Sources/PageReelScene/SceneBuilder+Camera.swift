import Foundation
import PageReelDeck
import PageReelTimeline

/// The camera: the device (or the viewport), its pages and the touches zoomed about a point.
///
/// A zoomed view is never an enlarged frame. The device group is laid out again at the zoomed
/// output scale (`drawnZoom`: the zoom rounded up to a half step, within what a page's texture may
/// take), so screenshots are sampled at that size and text is set at it, and only the window of it
/// that shows is drawn — into a layer the camera (and the pose) then puts on the frame.
extension SceneBuilder {
    /// The most a view is drawn larger than the layout, and the most texels of one page drawn so.
    static let maxDrawnZoom = 4.0
    static let maxPageTexels = 16_000_000.0
    /// The grid, in pixels of the zoomed layout, that a zoomed view's window is widened to.
    static let windowGrid = 128.0

    /// The zoom a view at `zoom` is laid out at: a half step at or above it, within the limits.
    func drawnZoom(_ zoom: Double) -> Double {
        let page = deck.pageSize
        let cap = min(Self.maxDrawnZoom, (Self.maxPageTexels / max(1, page.width * page.height * scale * scale)).squareRoot())
        return max(1, min((zoom * 2).rounded(.up) / 2, (cap * 2).rounded(.down) / 2))
    }

    /// The output pixel `view` looks at, with the device turned by `pose` (flat → output pixels).
    func point(of view: CameraView, pose: Matrix4) -> (x: Double, y: Double) {
        switch view {
        case .layout:
            return (Double(width) / 2, Double(height) / 2)
        case .focus(let x, let y):
            // The screen's own points: the device's (a screenshot's pixels over its scale), else the viewport's.
            let k = deck.device.map { deck.viewport.width / $0.screenSize.width } ?? 1
            let p = ((deck.viewport.x + k * x) * scale, (deck.viewport.y + k * y) * scale)
            return pose.project(p.0, p.1) ?? p
        case .between(let a, let b, let t):
            let pa = point(of: a, pose: pose), pb = point(of: b, pose: pose)
            return (pa.x + (pb.x - pa.x) * t, pa.y + (pb.y - pa.y) * t)
        }
    }

    /// The camera's transform of the frame (output pixels → output pixels): `view` drawn at the
    /// frame's centre, `zoom` times larger.
    func cameraTransform(_ camera: CameraState, pose: Matrix4) -> Matrix4 {
        let v = point(of: camera.view, pose: pose)
        return Matrix4.translation(Double(width) / 2, Double(height) / 2) * .scale(camera.zoom, camera.zoom)
            * .translation(-v.x, -v.y)
    }

    /// The zoomed device group, after its shadow: as a layer, or straight onto the frame when it is
    /// drawn at the zoom it shows (flat, at a half step): then its pages are sampled once, as in the
    /// laid-out view. The clip is the frame's pages' in that case.
    func zoomed(state: TimelineState, posed: Bool)
        -> (items: [SceneItem], clip: (rect: Rect, radius: Double, topRadius: Double)?) {
        let pose = posed ? poseMatrix(state.pose) : .identity
        let camera = cameraTransform(state.camera, pose: pose)
        var items: [SceneItem] = []
        if let device { items.append(deviceShadow(device, under: pose, camera: camera)) }
        var zq = drawnZoom(state.camera.zoom)
        if !posed, abs(state.camera.zoom / zq - 1) < 1e-9 {
            // Drawn at the zoom it shows, the zoomed layout's pixels are the frame's, moved: laid
            // out straight at the frame's place, its pages sampled once.
            let full = camera * .scale(1 / zq, 1 / zq)
            let window = PixelWindow(x: 0, y: 0, width: width, height: height, dx: -full[0, 3], dy: -full[1, 3])
            let builder = SceneBuilder(deck: deck, transition: transitionOverride, scale: scale * zq, window: window)
            let (group, clip) = builder.group(state: state, shadowless: device != nil)
            return (items + group, clip)
        }
        // The window of the zoomed layout that shows, at the largest drawn zoom that keeps it
        // within four frames' pixels (a device turned nearly edge-on, seen close, shows much of it).
        while true {
            let full = camera * pose * .scale(1 / zq, 1 / zq)
            guard let window = shownWindow(full, zoom: zq) else { return (items, nil) }
            if Double(window.width * window.height) > 4 * Double(width * height), zq > 1 {
                zq = max(1, zq / 2)
                continue
            }
            let builder = SceneBuilder(deck: deck, transition: transitionOverride, scale: scale * zq, window: window)
            let (group, clip) = builder.group(state: state, shadowless: device != nil)
            var layer = LayerItem(items: group, transform: full * .translation(Double(window.x), Double(window.y)),
                                  window: window, scale: scale * zq)
            layer.clipPages(clip)
            items.append(.layer(layer))
            return (items, nil)
        }
    }

    /// The whole pixels of the layout at `zoom` that `full` (its pixels → output pixels) puts on
    /// the frame, within the device and what stands out of it (or the canvas); nil when none do.
    func shownWindow(_ full: Matrix4, zoom: Double) -> PixelWindow? {
        var bounds = Rect(x: 0, y: 0, width: Double(width) * zoom, height: Double(height) * zoom)
        if let device {
            let body = device.body.inset(by: -(8 * device.unit + 2))
            bounds = Rect(x: body.x * scale * zoom, y: body.y * scale * zoom, width: body.width * scale * zoom,
                          height: body.height * scale * zoom)
        }
        // The frame's corners taken back into the layout; where that fails (a corner beyond the
        // turned device's horizon), all of it.
        var shown = bounds
        if let inverse = full.planeInverse {
            let corners = [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))]
                .compactMap { inverse.project($0.0, $0.1) }
            if corners.count == 4 {
                let xs = corners.map(\.x), ys = corners.map(\.y)
                shown = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            }
        }
        let left = max(bounds.x, shown.x), top = max(bounds.y, shown.y)
        let right = min(bounds.x + bounds.width, shown.x + shown.width)
        let bottom = min(bounds.y + bounds.height, shown.y + shown.height)
        guard right > left, bottom > top else { return nil }
        // Widened to whole cells of a grid, within the bounds: a camera moving a little from one
        // frame to the next keeps the same window, and the layer drawn for one frame serves the next.
        let grid = Self.windowGrid
        let x0 = max(bounds.x.rounded(.down), (left / grid).rounded(.down) * grid) - 1
        let y0 = max(bounds.y.rounded(.down), (top / grid).rounded(.down) * grid) - 1
        let x1 = min((bounds.x + bounds.width).rounded(.up), (right / grid).rounded(.up) * grid) + 1
        let y1 = min((bounds.y + bounds.height).rounded(.up), (bottom / grid).rounded(.up) * grid) + 1
        return PixelWindow(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }
}

extension Matrix4 {
    /// The inverse of the map this matrix makes of the plane z = 0 onto the frame, (x, y, 1) →
    /// (x′, y′, w), as a matrix of the same kind; nil when it is singular.
    var planeInverse: Matrix4? {
        let a = self[0, 0], b = self[0, 1], c = self[0, 3]
        let d = self[1, 0], e = self[1, 1], f = self[1, 3]
        let g = self[3, 0], h = self[3, 1], i = self[3, 3]
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let k = 1 / det
        return Matrix4(rows: [
            [(e * i - f * h) * k, (c * h - b * i) * k, 0, (b * f - c * e) * k],
            [(f * g - d * i) * k, (a * i - c * g) * k, 0, (c * d - a * f) * k],
            [0, 0, 1, 0],
            [(d * h - e * g) * k, (b * g - a * h) * k, 0, (a * e - b * d) * k],
        ])
    }
}
