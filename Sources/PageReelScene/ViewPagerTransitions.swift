import Foundation
import PageReelDeck

/// ToxicBakery ViewPagerTransforms' 18 page transformers (deck names `viewpager.<case>`) and Google's
/// two ViewPager2 samples (`viewpager2.depth`, `viewpager2.zoomOut`), reproduced as Android draws them.
///
/// Each transformer is restated as the View properties it sets for a position p (pivot, scale,
/// rotation, rotationX/Y, translation, alpha, visibility, translationZ); one function then turns those
/// properties into hwui's matrix: scale about the pivot, rotate (clockwise), or for rotationX/Y project
/// with Android's per-view camera, an eye D pixels in front of the pivot, then translate, and add the
/// page's layout position s·pitch.
///
/// Units. Deck points are taken as Android dp, and a page's pixels are points × `density` (default
/// 2.625, i.e. 420 dpi: a Pixel-class phone, whose 1080 px wide screen is 411 dp, and the density the
/// reference's test vectors use). Only the camera depends on it, because Android fixes the eye in
/// pixels: D = 72·cameraDistance/densityDpi px, 576 px by default at every density (so 219 pt at
/// 2.625); CubeOut sets cameraDistance = pageWidthPx·20, so D = 9·pageWidthPx/density px. The
/// projection is homogeneous, so working in points with D/density is the pixel maths scaled.
///
/// Position. ViewPager v1 (ToxicBakery) reports (layout left − scrollX)/pageWidth, i.e. s·pitch/W, so
/// with a page margin a neighbour at rest sits at ±(W+m)/W; the transformers see it clamped to [−1, 1]
/// (NaN → 0). ViewPager2 (Google's samples) reports the adapter distance s itself, unclamped.
///
/// Order. ToxicBakery's sample app calls setPageTransformer(true, …): left pages are drawn on top
/// (`reverseDrawingOrder`, default true). ViewPager2 has no such switch: pages are drawn in adapter
/// order (right on top) and Google's Depth sample lifts the outgoing page with translationZ.
///
/// Vertical. Both libraries are horizontal only. `vertical` gives every transformer its mirror image
/// across the page diagonal (x ↔ y, so rotationY becomes rotationX and a clockwise rotation
/// counter-clockwise): pages then stack downward and each effect acts along the vertical axis.
struct ViewPagerTransition: PageTransition {
    /// Its library's own vertical form and resting place (`LayoutMapping`).
    var handlesLayout: Bool { true }

    enum Transformer: String, CaseIterable, Sendable {
        // ToxicBakery, in the catalogue's (alphabetical) order.
        case accordion, backgroundToForeground, cubeIn, cubeOut, `default`, depthPage, drawer
        case flipHorizontal, flipVertical, foregroundToBackground, rotateDown, rotateUp, scaleInOut
        case stack, tablet, zoomIn, zoomOutSlide, zoomOut
        // Google's ViewPager2 samples.
        case viewPager2Depth, viewPager2ZoomOut

        var deckName: String {
            switch self {
            case .viewPager2Depth: "viewpager2.depth"
            case .viewPager2ZoomOut: "viewpager2.zoomOut"
            default: "viewpager." + rawValue
            }
        }

        var isViewPager2: Bool { self == .viewPager2Depth || self == .viewPager2ZoomOut }

        /// ABaseTransformer.isPagingEnabled: these keep the slide; the others cancel it (tx = −W·p).
        var isPaging: Bool {
            [.cubeIn, .cubeOut, .default, .depthPage, .rotateDown, .rotateUp].contains(self)
        }

        /// The ones that set rotationX/Y (or, for Tablet, measure with a camera): the eye matters.
        var usesCamera: Bool { [.cubeIn, .cubeOut, .flipHorizontal, .flipVertical, .tablet].contains(self) }
    }

    let transformer: Transformer
    /// Pixels per point (Android's `density`; densityDpi = 160·density).
    let density: Double
    /// View.setCameraDistance as a multiple of the page's pixel width (CubeOut's distanceMultiplier);
    /// nil = Android's default camera.
    let cameraDistance: Double?
    let hideOffscreenPages: Bool
    let reverseDrawingOrder: Bool
    let vertical: Bool
    let reach: Double

    init(_ transformer: Transformer, options: TransitionOptions = TransitionOptions(), vertical: Bool = false) {
        self.transformer = transformer
        self.vertical = vertical
        density = options.number("density").flatMap { $0 > 0 ? $0 : nil } ?? 2.625
        cameraDistance = options.number("cameraDistance").map(abs) ?? (transformer == .cubeOut ? 20 : nil)
        hideOffscreenPages = options.bool("hideOffscreenPages") ?? true
        reverseDrawingOrder = options.bool("reverseDrawingOrder") ?? true
        if transformer.isViewPager2 {
            // Both samples hide |p| > 1 but still draw a page at exactly ±1.
            reach = 1.0.nextUp
        } else if hideOffscreenPages && transformer != .zoomOutSlide {
            reach = 1
        } else {
            // ViewPager keeps the current page ±1 (offscreenPageLimit), so no page is 2 away.
            reach = 2
        }
    }

    static func named(_ deckName: String) -> Transformer? {
        Transformer.allCases.first { $0.deckName == deckName }
    }

    static var deckNames: [String] { Transformer.allCases.map(\.deckName) }

    /// A View's transform properties, in page points and degrees, as a transformer leaves them.
    struct ViewState: Equatable {
        var translationX = 0.0, translationY = 0.0, translationZ = 0.0
        var pivotX = 0.0, pivotY = 0.0
        var scaleX = 1.0, scaleY = 1.0
        var rotation = 0.0, rotationX = 0.0, rotationY = 0.0
        var alpha = 1.0
        var visible = true
    }

    func place(page: Int, s: Double, geometry g: PageGeometry) -> [PlacedQuad] {
        guard s.isFinite else { return [] }
        // Work in the horizontal frame; a vertical pager is its mirror image across the diagonal.
        let (w, h) = vertical ? (g.height, g.width) : (g.width, g.height)
        let (vw, vh) = vertical ? (g.viewportHeight, g.viewportWidth) : (g.viewportWidth, g.viewportHeight)
        let pitch = w + g.spacing
        let position = transformer.isViewPager2 ? s : s * pitch / w
        let view = state(position: position, width: w, height: h)
        let opacity = min(max(view.alpha, 0), 1)
        guard view.visible, opacity > 0, view.scaleX != 0, view.scaleY != 0 else { return [] }
        let origin = ((vw - w) / 2 + s * pitch, (vh - h) / 2)
        var transform = Self.matrix(view, origin: origin, eye: eyeDistance(pageWidth: w))
        if vertical { transform = Self.transpose * transform * Self.transpose }
        let order = transformer.isViewPager2 ? 10 * view.translationZ + s : (reverseDrawingOrder ? -s : s)
        return [PlacedQuad(transform: transform, source: g.fullPage, opacity: opacity, order: order)]
    }

    /// The eye distance D in points: 72·cameraDistance/densityDpi pixels, or Skia's 576 px.
    func eyeDistance(pageWidth w: Double) -> Double {
        guard let multiplier = cameraDistance else { return 576 / density }
        let pixels = 72 * (w * density).rounded() * multiplier / (160 * density)
        return pixels / density
    }

    /// The transformer's properties for ViewPager position `position` on a W × H page.
    func state(position: Double, width w: Double, height h: Double) -> ViewState {
        transformer.isViewPager2 ? googleState(p: position, width: w, height: h)
            : toxicBakeryState(p: position.isNaN ? 0 : min(max(position, -1), 1), width: w, height: h)
    }

    /// ABaseTransformer.onPreTransform, then the transformer's onTransform / onPostTransform (§2.3-2.4).
    private func toxicBakeryState(p: Double, width w: Double, height h: Double) -> ViewState {
        var v = ViewState()
        v.translationX = transformer.isPaging ? 0 : -w * p
        v.alpha = hideOffscreenPages && (p <= -1 || p >= 1) ? 0 : 1
        let centre = (w / 2, h / 2)
        switch transformer {
        case .accordion:
            v.pivotX = p < 0 ? 0 : w
            v.scaleX = p < 0 ? 1 + p : 1 - p
        case .backgroundToForeground:
            let scale = max(p < 0 ? 1 : abs(1 - p), 0.5)
            (v.scaleX, v.scaleY, v.pivotX, v.pivotY) = (scale, scale, centre.0, centre.1)
            v.translationX = p < 0 ? w * p : -0.25 * w * p
        case .cubeIn:
            v.pivotX = p > 0 ? 0 : w
            v.rotationY = -90 * p
        case .cubeOut:
            (v.pivotX, v.pivotY) = (p < 0 ? w : 0, h / 2)
            v.rotationY = 90 * p
        case .default:
            break
        case .depthPage:
            if p > 0 {
                let scale = 0.75 + 0.25 * (1 - abs(p))
                (v.alpha, v.pivotY, v.translationX, v.scaleX, v.scaleY) = (1 - p, h / 2, -w * p, scale, scale)
            }
        case .drawer:
            // Kotlin's integer division of the page's pixel width.
            if p > 0 { v.translationX = -((w * density).rounded() / 2).rounded(.down) / density * p }
        case .flipHorizontal, .flipVertical:
            let r = (transformer == .flipHorizontal ? 180 : -180) * p
            v.alpha = abs(r) > 90 ? 0 : 1
            (v.pivotX, v.pivotY) = centre
            if transformer == .flipHorizontal { v.rotationY = r } else { v.rotationX = r }
            v.visible = p > -0.5 && p < 0.5
        case .foregroundToBackground:
            let scale = max(p > 0 ? 1 : abs(1 + p), 0.5)
            (v.scaleX, v.scaleY, v.pivotX, v.pivotY) = (scale, scale, centre.0, centre.1)
            v.translationX = p > 0 ? w * p : -0.25 * w * p
        case .rotateDown:
            (v.pivotX, v.pivotY, v.rotation) = (w / 2, h, 18.75 * p)
        case .rotateUp:
            (v.pivotX, v.pivotY, v.translationX, v.rotation) = (w / 2, 0, 0, -15 * p)
        case .scaleInOut:
            (v.pivotX, v.pivotY) = (p < 0 ? 0 : w, h / 2)
            (v.scaleX, v.scaleY) = (1 - abs(p), 1 - abs(p))
        case .stack:
            v.translationX = p < 0 ? 0 : -w * p
        case .tablet:
            let degrees = -30 * p
            (v.pivotX, v.pivotY, v.rotationY) = (w / 2, 0, degrees)
            // A separate camera turns the page's right half by |δ| about its centre line; the shift
            // puts the inner top corner back where the slide had it.
            let a = abs(degrees) * Double.pi / 180, d = eyeDistance(pageWidth: w)
            let turned = (w / 2) * cos(a) / (1 + (w / 2) * sin(a) / d)
            v.translationX = (degrees > 0 ? 1 : -1) * (w / 2 - turned)
        case .zoomIn:
            let scale = p < 0 ? p + 1 : abs(1 - p)
            (v.scaleX, v.scaleY, v.pivotX, v.pivotY) = (scale, scale, centre.0, centre.1)
            v.alpha = 1 - (scale - 1)
        case .zoomOutSlide:
            zoomOutSlide(&v, p: p, width: w, height: h)
        case .zoomOut:
            let scale = 1 + abs(p)
            (v.scaleX, v.scaleY, v.pivotX, v.pivotY, v.alpha) = (scale, scale, centre.0, centre.1, 1 - abs(p))
            if p == -1 { v.translationX = -w }
        case .viewPager2Depth, .viewPager2ZoomOut:
            preconditionFailure("ViewPager2 samples are placed by googleState")
        }
        return v
    }

    /// Google's samples: no pivot set (hwui's default is the centre), the slide kept, |p| > 1 hidden.
    private func googleState(p: Double, width w: Double, height h: Double) -> ViewState {
        var v = ViewState(pivotX: w / 2, pivotY: h / 2)
        guard p >= -1, p <= 1 else { v.alpha = 0; return v }
        if transformer == .viewPager2ZoomOut {
            zoomOutSlide(&v, p: p, width: w, height: h)
        } else if p > 0 {
            let scale = 0.75 + 0.25 * (1 - abs(p))
            (v.alpha, v.translationX, v.translationZ, v.scaleX, v.scaleY) = (1 - p, -w * p, -1, scale, scale)
        }
        return v
    }

    /// ZoomOutPageTransformer, shared by ToxicBakery's ZoomOutSlide and Google's sample.
    private func zoomOutSlide(_ v: inout ViewState, p: Double, width w: Double, height h: Double) {
        let scale = max(0.85, 1 - abs(p))
        let vertical = h * (1 - scale) / 2, horizontal = w * (1 - scale) / 2
        v.translationX = p < 0 ? horizontal - vertical / 2 : -horizontal + vertical / 2
        (v.scaleX, v.scaleY, v.pivotX, v.pivotY) = (scale, scale, w / 2, h / 2)
        v.alpha = 0.5 + (scale - 0.85) / 0.15 * 0.5
    }

    /// hwui's RenderProperties::updateMatrix: scale about the pivot; rotate clockwise, or with
    /// rotationX/Y turn and project from an eye `eye` points in front of the pivot (rotationY = θ is a
    /// turn by θ about +y with the right side receding, rotationX = θ about +x with the lower side
    /// approaching); then the translation, and the layout origin.
    static func matrix(_ v: ViewState, origin: (x: Double, y: Double), eye: Double) -> Matrix4 {
        let degree = Double.pi / 180
        var turn = Matrix4.rotation(v.rotation * degree, axis: 0, 0, 1)
        if v.rotationX != 0 || v.rotationY != 0 {
            turn = .perspective(eye) * .rotation(v.rotationX * degree, axis: 1, 0, 0)
                * .rotation(v.rotationY * degree, axis: 0, 1, 0) * turn
        }
        return .translation(origin.x + v.pivotX + v.translationX, origin.y + v.pivotY + v.translationY)
            * turn * .scale(v.scaleX, v.scaleY) * .translation(-v.pivotX, -v.pivotY)
    }

    /// Swaps x and y (its own inverse): the horizontal frame ↔ a vertical pager's.
    static let transpose = Matrix4(rows: [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
}
