// PageReelRaster: pixels, in software — it composes; it decodes nothing.
//
// Design note: `FrameRenderer` is the stage's entry point. For each scene it makes sure every page
// texture the scene names exists (rendering missing ones in parallel, MAG's reusable view: only
// visible pages are ever loaded, and a byte-bounded LRU keeps memory flat whatever the page count;
// an export also says which pages are still to come, and the rest is let go: `expect(pages:)`),
// lays out the text items, then hands everything to `SceneRasterizer`, which splits the frame into
// row bands across cores and runs the `QuadRasterizer` kernel. Output is premultiplied RGBA8.
// The module holds compositing (quads, texture sampling, blending, device chrome), text (Pango and
// Cairo) and the timeline plot. Images and recordings arrive as pixmaps from PageReelMedia
// (`ImageDecoder`, `VideoClip`), which owns every decoder's C library; here they become textures,
// each decoded once per path even when page renders race for it (`PageRenderer`, `VideoLibrary`).
// Compositing keeps an opaque canvas at alpha 255 exactly (`Blend.over`).
import Dispatch
import Foundation
import PageReelDeck
import PageReelMedia
import PageReelScene
import Synchronization

/// Turns scenes of one deck into pixels, caching rendered pages between frames.
public final class FrameRenderer: Sendable {
    public let deck: Deck
    public let pages: PageRenderer
    private let textures: LRUCache<RenderedPage, Texture>
    /// The backdrop and the device, made once per output scale.
    private let sprites = Mutex<[SpriteCacheKey: Sprite]>([:])
    private let rasterizer = SceneRasterizer()
    /// The images the pages still to be rendered draw, once a caller has said which pages the
    /// coming frames draw (`expect(pages:)`).
    private let imagePlan = Mutex<ImagePlan?>(nil)

    private struct ImagePlan {
        /// Each page still to be rendered that draws images: those images, and whether one render
        /// does (no recordings or parallax layers).
        var pages: [Int: (images: [String], once: Bool)] = [:]
        /// For each image, how many of `pages` draw it.
        var waiting: [String: Int] = [:]
    }

    /// A page texture as cached: a page's recordings at the same source frames look the same.
    private struct RenderedPage: Hashable {
        var page: Int
        var progress: Int
        var frames: [Int]
        /// Output pixels per point (a zoomed view draws its pages larger).
        var scale: Double
    }

    private struct SpriteCacheKey: Hashable {
        var key: SpriteKey
        var scale: Double
        var window: PixelWindow?
    }
    /// The last window of each sprite drawn.
    private let windowSprites = Mutex<[SpriteKey: (key: SpriteCacheKey, sprite: Sprite)]>([:])
    /// The pictures of the last layers drawn, the latest first (`texture(of:in:)`).
    private let layerPictures = Mutex<[(layer: LayerItem, texture: Texture)]>([])

    /// The device's status bar and home indicator in each style, per output scale, in page pixels
    /// (nil: none).
    private let screenParts = Mutex<[ScreenPartKey: Sprite?]>([:])

    private struct ScreenPartKey: Hashable {
        var homeIndicator: Bool
        var style: Device.StatusBar.Style
        var scale: Double
    }

    /// `baseDirectory` resolves the deck's relative paths (files are read wherever they are);
    /// `textureBudget` bounds the bytes of cached pages.
    public convenience init(deck: Deck, baseDirectory: String, textureBudget: Int = 96 << 20) {
        self.init(deck: deck, inputs: .anywhere(relativeTo: baseDirectory), textureBudget: textureBudget)
    }

    /// Every file the deck names is opened through `inputs`; `textureBudget` bounds the bytes of cached pages.
    /// `pages` shares a page renderer (its decoded images and text) between renderers of the same
    /// deck at other output scales; nil makes one of this renderer's own.
    public init(deck: Deck, inputs: InputRoots, textureBudget: Int = 96 << 20, pages: PageRenderer? = nil) {
        self.deck = deck
        self.pages = pages ?? FrameRenderer.pageRenderer(deck: deck, inputs: inputs)
        textures = LRUCache(budget: textureBudget)
    }

    /// The page renderer a renderer of `deck` makes for itself.
    public static func pageRenderer(deck: Deck, inputs: InputRoots) -> PageRenderer {
        PageRenderer(inputs: inputs, fonts: deck.fonts, screenshotsInDevice: deck.device != nil, language: deck.locale)
    }

    /// Renders `scene` into `pixmap` (resized to the scene).
    public func render(_ scene: Scene, into pixmap: inout Pixmap) throws(RasterError) {
        // Each layer first, flat, into a texture of its own.
        var layers: [Texture] = []
        for case .layer(let layer) in scene.items {
            layers.append(try texture(of: layer, in: scene))
        }
        let textures = try prepareTextures(for: scene)
        let sprites = try prepareSprites(for: scene)
        var layouts: [TextLayout] = []
        for case .text(let item) in scene.items {
            layouts.append(try pages.text.layout(item.style, scale: item.scale, maxWidth: item.box.width / item.scale))
        }
        var next = 0
        rasterizer.render(scene, textures: textures, sprites: sprites, layers: layers, drawText: { item, pixmap in
            let layout = layouts[next]
            next += 1
            let y = switch item.anchor {
            case .top: item.box.y
            case .center: item.box.y + (item.box.height - layout.height) / 2
            case .bottom: item.box.y + item.box.height - layout.height
            }
            pages.text.draw(layout, at: item.box.x, y: y, opacity: item.opacity, into: &pixmap)
        }, into: &pixmap)
    }

    /// The picture of `layer`, drawn flat, as a texture with a mip chain when the layer's transform
    /// makes it smaller: the last few are kept, so a layer that draws the same picture as before
    /// (a shadow; a device turning while its pages rest) is drawn once.
    private func texture(of layer: LayerItem, in scene: Scene) throws(RasterError) -> Texture {
        let minified = QuadRasterizer.minifies(layer.transform, source: layer.bounds, texelsPerUnit: 1)
        let kept = layerPictures.withLock { kept in kept.firstIndex { $0.layer.drawsSame(as: layer) }.map { kept.remove(at: $0) } }
        var texture: Texture
        if let kept {
            texture = kept.texture
        } else {
            var flat = Pixmap(width: 0, height: 0)
            try render(scene.scene(of: layer), into: &flat)
            texture = Texture(flat, mipmapped: false).findingOpaqueCross()
        }
        if minified { texture = texture.withMipmaps() }
        let picture = (layer: layer, texture: texture)
        layerPictures.withLock { kept in
            kept.insert(picture, at: 0)
            var bytes = 0
            kept = kept.prefix { bytes += $0.texture.texels.count * 4; return bytes <= Self.layerBudget }
                .prefix(Self.keptLayers).map { $0 }
        }
        return texture
    }

    /// How many layer pictures are kept, and the most bytes they take.
    static let keptLayers = 4
    static let layerBudget = 96 << 20

    /// The sprites the scene draws, made on first use and kept.
    func prepareSprites(for scene: Scene) throws(RasterError) -> [SpriteKey: Sprite] {
        var found: [SpriteKey: Sprite] = [:]
        for case .sprite(let item) in scene.items {
            // A window (of a zoomed or a turned view) is kept until another is drawn.
            let cacheKey = SpriteCacheKey(key: item.key, scale: item.scale, window: item.window)
            if item.window != nil {
                if let kept = windowSprites.withLock({ $0[item.key] }), kept.key == cacheKey {
                    found[item.key] = kept.sprite
                    continue
                }
                let sprite = try makeSprite(item.key, scale: item.scale, width: scene.width, height: scene.height,
                                            window: item.window)
                windowSprites.withLock { $0[item.key] = (cacheKey, sprite) }
                found[item.key] = sprite
                continue
            }
            if let sprite = sprites.withLock({ $0[cacheKey] }) {
                found[item.key] = sprite
                continue
            }
            let sprite = try makeSprite(item.key, scale: item.scale, width: scene.width, height: scene.height)
            sprites.withLock { $0[cacheKey] = sprite }
            found[item.key] = sprite
        }
        return found
    }

    private func makeSprite(_ key: SpriteKey, scale: Double, width: Int, height: Int,
                            window: PixelWindow? = nil) throws(RasterError) -> Sprite {
        switch key {
        case .backdrop:
            return try BackdropRenderer.sprite(deck.canvas.background, width: width, height: height, pages: pages)
        case .deviceBack, .deviceBody, .deviceFront:
            let device = deck.device ?? Device(model: .phone)
            let renderer = DeviceRenderer(device: device, geometry: DeviceGeometry(device: device, screen: deck.viewport),
                                          scale: scale, text: pages.text)
            switch key {
            case .deviceBack: return renderer.back(window: window)
            case .deviceBody: return renderer.back(shadow: false, window: window)
            default: return try renderer.front(window: window)
            }
        }
    }

    /// Draws the device's home indicator over a rendered page, and its status bar unless the page
    /// brings its own (a screenshot or recording whose top shows) or its `statusBar` says
    /// otherwise: in the deck's style, or else the one that contrasts with the page under each.
    func drawScreenParts(over pixmap: inout Pixmap, of page: Page, scale: Double) throws(RasterError) {
        guard let device = deck.device, device.model.kind != .browser else { return }
        let viewport = deck.viewport
        // Only a page that is the whole screen shows the screen's bars.
        guard deck.pageSize == (viewport.width, viewport.height) else { return }
        let unit = viewport.width / device.screenSize.width * scale
        if device.homeIndicator, device.model.homeIndicatorWidth != nil {
            let rows = min(pixmap.height, max(1, Int((16 * unit).rounded())))
            let style = Self.contrastingStyle(pixmap, rows: (pixmap.height - rows)..<pixmap.height)
            try screenPart(device, homeIndicator: true, style: style, scale: scale)?.draw(into: &pixmap)
        }
        // Phones hide their status bar in landscape.
        guard let settings = device.statusBar, !device.isLandscape || device.model.kind == .tablet else { return }
        if let wanted = page.statusBar {
            guard wanted else { return }
        } else if !settings.always, try pages.bringsOwnStatusBar(page, width: viewport.width, height: viewport.height) {
            return
        }
        let band = min(pixmap.height, max(1, Int((device.model.statusBarHeight * unit).rounded())))
        let style = settings.style ?? Self.contrastingStyle(pixmap, rows: 0..<band)
        try screenPart(device, homeIndicator: false, style: style, scale: scale)?.draw(into: &pixmap)
    }

    /// Dark glyphs over a light band, light ones over a dark one: whichever contrasts more with
    /// the band's mean colour (WCAG's relative luminance; black wins above 0.179).
    static func contrastingStyle(_ pixmap: Pixmap, rows: Range<Int>) -> Device.StatusBar.Style {
        var sum = (r: 0, g: 0, b: 0), count = 0
        let step = max(1, pixmap.width / 64)
        pixmap.pixels.withUnsafeBufferPointer { p in
            for y in stride(from: rows.lowerBound, to: rows.upperBound, by: max(1, rows.count / 16)) {
                for x in stride(from: 0, to: pixmap.width, by: step) {
                    let i = (y * pixmap.width + x) * 4
                    sum.r += Int(p[i])
                    sum.g += Int(p[i + 1])
                    sum.b += Int(p[i + 2])
                    count += 1
                }
            }
        }
        func linear(_ total: Int) -> Double {
            let c = Double(total) / Double(max(count, 1)) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(sum.r) + 0.7152 * linear(sum.g) + 0.0722 * linear(sum.b)
        return luminance > 0.179 ? .dark : .light
    }

    /// The status bar (or home indicator) sprite in `style` at `scale`, made once.
    private func screenPart(_ device: Device, homeIndicator: Bool, style: Device.StatusBar.Style,
                            scale: Double) throws(RasterError) -> Sprite? {
        let key = ScreenPartKey(homeIndicator: homeIndicator, style: style, scale: scale)
        if let sprite = screenParts.withLock({ $0[key] }) { return sprite }
        // Drawn on a screen at the page's origin: the parts land on the page's own pixels.
        let screen = Rect(x: 0, y: 0, width: deck.viewport.width, height: deck.viewport.height)
        let renderer = DeviceRenderer(device: device, geometry: DeviceGeometry(device: device, screen: screen),
                                      scale: scale, text: pages.text)
        let sprite = homeIndicator ? renderer.homeIndicator(style: style) : try renderer.statusBar(style: style)
        screenParts.withLock { $0[key] = sprite }
        return sprite
    }

    /// The textures of every page the scene draws, rendering the missing ones in parallel.
    func prepareTextures(for scene: Scene) throws(RasterError) -> [TextureKey: Texture] {
        let keys = scene.textureKeys
        var cacheKeys: [RenderedPage] = []
        for key in keys {
            let frames = try key.clock.map { clock throws(RasterError) in
                try pages.videoFrames(of: deck.page(at: key.page), at: clock)
            } ?? []
            cacheKeys.append(RenderedPage(page: key.page, progress: key.progress, frames: frames,
                                          scale: key.scale ?? scene.scale))
        }
        var found: [TextureKey: Texture] = [:]
        var missing: [(key: TextureKey, cached: RenderedPage)] = []
        for (key, cached) in zip(keys, cacheKeys) {
            if let texture = textures.value(for: cached) { found[key] = texture } else { missing.append((key, cached)) }
        }
        guard !missing.isEmpty else { return found }
        let work = missing
        // One slot per page; each worker fills only its own.
        let results = Mutex([Result<Texture, RasterError>?](repeating: nil, count: work.count))
        let pageSize = deck.pageSize
        DispatchQueue.concurrentPerform(iterations: work.count) { k in
            let cached = work[k].cached
            let result = Result { () throws(RasterError) -> Texture in
                let content = deck.page(at: cached.page)
                var page = try pages.render(content, style: deck.pageStyle, width: pageSize.width,
                                            height: pageSize.height, scale: cached.scale, progress: cached.progress,
                                            frames: cached.frames)
                try drawScreenParts(over: &page, of: content, scale: cached.scale)
                return Texture(page)
            }
            results.withLock { $0[k] = result }
        }
        let keep = Set(cacheKeys)
        for ((key, cached), result) in zip(work, results.withLock { $0 }) {
            switch result ?? .failure(.io(path: "", message: "page was not rendered")) {
            case .success(let texture):
                found[key] = texture
                textures.insert(texture, for: cached, cost: texture.texels.count * 4, keep: keep)
            case .failure(let error):
                throw error
            }
        }
        settle(work.map(\.cached.page), ended: false)
        return found
    }

    /// Says which pages the coming frames draw (all of them, whenever that is), so that decoded
    /// images go as soon as no page still to be rendered needs them: a page is rendered for good
    /// once its texture is made, unless it has recordings or parallax layers (it is rendered again
    /// as they play or as it moves, so its images stay until `release(pages:)` says it is done).
    /// Images already cached that none of `pages` draws go now. Rendering gives the same pixels.
    public func expect(pages: some Sequence<Int>) {
        var plan = ImagePlan()
        let movesCamera = self.movesCamera
        for index in pages {
            let page = deck.page(at: index)
            let images = self.pages.imagePaths(of: page)
            // A camera draws pages again at other sizes, so their images stay while it may.
            let once = page.videos.isEmpty && !page.hasParallax && !movesCamera
            let rendered = textures.contains { $0.page == index && $0.progress == 0 && $0.frames.isEmpty }
            guard !images.isEmpty, !(once && rendered) else {
                continue
            }
            plan.pages[index] = (images, once)
            for path in images { plan.waiting[path, default: 0] += 1 }
        }
        let waiting = plan.waiting
        imagePlan.withLock { $0 = plan }
        self.pages.releaseImages { waiting[$0] == nil }
    }

    /// Lets go of `ended`, pages no coming frame draws: their textures, and the images that no
    /// page still to be rendered needs once they are out of the plan (`expect(pages:)`).
    public func release(pages ended: some Sequence<Int>) {
        let ended = Set(ended)
        textures.removeAll { ended.contains($0.page) }
        settle(ended, ended: true)
    }

    /// Takes `pages` out of the image plan, when rendered for good or (`ended`) no longer drawn, and
    /// drops the images they draw that no page left in the plan waits for. The work is in
    /// proportion to `pages`, not to the deck: an export calls it as pages come and go.
    private func settle(_ pages: some Collection<Int>, ended: Bool) {
        guard !pages.isEmpty, imagePlan.withLock({ $0 != nil }) else { return }
        let drawn = pages.map { ($0, self.pages.imagePaths(of: deck.page(at: $0))) }
        let unneeded = imagePlan.withLock { plan -> Set<String> in
            guard plan != nil else { return [] }
            var candidates = Set<String>()
            for (index, images) in drawn {
                candidates.formUnion(images)
                guard let entry = plan!.pages[index], ended || entry.once else { continue }
                plan!.pages[index] = nil
                for path in entry.images {
                    let left = plan!.waiting[path, default: 1] - 1
                    plan!.waiting[path] = left > 0 ? left : nil
                }
            }
            return candidates.filter { plan!.waiting[$0] == nil }
        }
        if !unneeded.isEmpty { self.pages.releaseImages { unneeded.contains($0) } }
    }

    /// Whether the deck's script moves the camera.
    private var movesCamera: Bool {
        deck.script.contains { if case .camera = $0.action { true } else { false } }
    }

    /// Number of page textures currently cached (for tests and memory checks).
    public var cachedPageCount: Int { textures.count }
}
