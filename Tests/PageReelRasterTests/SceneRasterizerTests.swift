import PageReelDeck
import PageReelMedia
@testable import PageReelRaster
import PageReelScene
import Testing

@Suite struct SceneRasterizerTests {
    static let back = TextureKey(page: 0, progress: 0)
    static let front = TextureKey(page: 1, progress: 0)

    /// A page turned under perspective behind a smaller, minified one that hides much of it.
    static func overlappingPages() -> (Scene, [TextureKey: Texture]) {
        let textures = [back: Texture(noisePixmap(width: 160, height: 120)),
                        front: Texture(noisePixmap(width: 160, height: 120, seed: 12345))]
        let turned = Matrix4.translation(100, 80) * .perspective(300) * .rotation(0.4, axis: 0, 1, 0)
            * .translation(-80, -60)
        let shrunk = Matrix4.translation(110, 85) * .scale(0.45, 0.5) * .translation(-80, -60)
        let source = Rect(x: 0, y: 0, width: 160, height: 120)
        let items: [SceneItem] = [.page(PageQuad(texture: back, transform: turned, source: source, cornerRadius: 12)),
                                  .page(PageQuad(texture: front, transform: shrunk, source: source, cornerRadius: 8))]
        return (scene(width: 220, height: 170, pageWidth: 160, pageHeight: 120, items: items), textures)
    }

    /// Skipping what a later opaque page hides gives the pixels of drawing every page whole, one
    /// after the other (each `draw` call alone, where nothing is hidden).
    @Test func hiddenColumnsDoNotChangePixels() throws {
        let (scene, textures) = Self.overlappingPages()
        let quads = scene.items.compactMap { SceneRasterizer.rasterizer(for: $0, scene: scene, textures: textures) }
        try #require(quads.count == 2 && quads[1].isOpaqueCover)
        // The front page does hide part of the back one, so the skip is exercised.
        let hidden = SceneRasterizer.hiddenColumns([quads[0], quads[1]], rows: 0..<scene.height, width: scene.width)
        #expect(hidden[1].contains { $0.end - $0.start >= 32 })

        var skipped = Pixmap(width: 1, height: 1)
        SceneRasterizer().render(scene, textures: textures, drawText: { _, _ in }, into: &skipped)
        var whole = Pixmap(width: scene.width, height: scene.height)
        let bg = Blend.premultiplied(r: 0, g: 0, b: 0, a: 255)
        SceneRasterizer().draw([QuadRasterizer](), clearTo: bg, into: &whole)
        for quad in quads { SceneRasterizer().draw([quad], clearTo: nil, into: &whole) }
        #expect(skipped == whole)
    }

    /// A translucent page hides nothing.
    @Test func translucentPageIsNotACover() {
        let (scene, textures) = Self.overlappingPages()
        var items = scene.items
        if case .page(var quad) = items[1] { quad.opacity = 0.5; items[1] = .page(quad) }
        let faded = Scene(width: scene.width, height: scene.height, background: scene.background,
                          pageWidth: scene.pageWidth, pageHeight: scene.pageHeight, scale: 1, items: items)
        let quad = SceneRasterizer.rasterizer(for: items[1], scene: faded, textures: textures)
        #expect(quad?.isOpaqueCover == false)
    }
}
