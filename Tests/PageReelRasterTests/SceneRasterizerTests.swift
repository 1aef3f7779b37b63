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

    /// What a quad says it overwrites with opaque pixels, for a group of rows, it does: drawn alone
    /// over black and over white, every pixel of the run in every row it names is the same opaque
    /// word both times. Turned under perspective with rounded corners, and shrunk; groups of 1, 5
    /// and 16 rows from every offset; a group's runs are most of the single rows' (the convex
    /// parts' spans narrow by their slope over the group, no more).
    @Test(arguments: [1, 5, 16])
    func aGroupsRunIsOverwrittenInEveryRow(group: Int) throws {
        let (scene, textures) = Self.overlappingPages()
        let quads = scene.items.compactMap { SceneRasterizer.rasterizer(for: $0, scene: scene, textures: textures) }
        try #require(quads.count == 2 && quads.allSatisfy(\.isOpaqueCover))
        func width(of quad: QuadRasterizer, groupsOf n: Int) -> Int {
            stride(from: 0, to: scene.height, by: n).reduce(0) { sum, top in
                guard let run = quad.opaqueColumns(rows: top..<min(top + n, scene.height), width: scene.width) else { return sum }
                return sum + run.rows.count * (run.end - run.start)
            }
        }
        var rowsWithRuns = 0
        for quad in quads {
            var onBlack = Pixmap(width: scene.width, height: scene.height), onWhite = onBlack
            SceneRasterizer().draw([quad], clearTo: 0xFF00_0000, into: &onBlack)
            SceneRasterizer().draw([quad], clearTo: 0xFFFF_FFFF, into: &onWhite)
            for top in stride(from: 0, to: scene.height, by: group) {
                let rows = top..<min(top + group, scene.height)
                guard let run = quad.opaqueColumns(rows: rows, width: scene.width) else { continue }
                #expect(rows.contains(run.rows.lowerBound) && rows.contains(run.rows.upperBound - 1))
                for y in run.rows {
                    rowsWithRuns += 1
                    for x in run.start..<run.end {
                        let black = onBlack.pixel(x: x, y: y), white = onWhite.pixel(x: x, y: y)
                        #expect(black == white && black.a == 255, "rows \(rows): pixel \(x),\(y) is \(black) over black, \(white) over white")
                    }
                }
            }
            #expect(Double(width(of: quad, groupsOf: group)) >= 0.8 * Double(width(of: quad, groupsOf: 1)))
        }
        #expect(rowsWithRuns > 100)
    }

    /// An opaque shape hides what is under it — here a shadow, as under a device's body — and the
    /// pixels are those of drawing each whole; a translucent one hides nothing.
    @Test func anOpaqueShapeHidesTheShadowUnderIt() throws {
        let body = Rect(x: 30, y: 20, width: 120, height: 100)
        func items(_ color: Color) -> [SceneItem] {
            [.shadow(ShadowQuad(transform: .identity, outline: body, cornerRadius: 18,
                                shadow: Shadow(color: Color(r: 0, g: 0, b: 0, a: 150), radius: 20, offsetX: 0, offsetY: 8))),
             .shape(ShapeItem(rect: body, cornerRadius: 18, color: color)),
             .shape(ShapeItem(rect: Rect(x: 40, y: 30, width: 100, height: 80), cornerRadius: 10, color: Color(r: 0, g: 0, b: 0)))]
        }
        for (color, covers) in [(Color(r: 30, g: 30, b: 34), true), (Color(r: 30, g: 30, b: 34, a: 200), false)] {
            let scene = Scene(width: 180, height: 160, background: .clear, pageWidth: 1, pageHeight: 1, scale: 1,
                              items: items(color))
            let quads = scene.items.compactMap { SceneRasterizer.rasterizer(for: $0, scene: scene, textures: [:]) }
            try #require(quads.count == 3)
            #expect(!quads[0].isOpaqueCover && quads[1].isOpaqueCover == covers && quads[2].isOpaqueCover)
            let hidden = SceneRasterizer.hiddenColumns(quads, rows: 0..<scene.height, width: scene.width)
            // Under an opaque body most of the shadow is skipped; under a translucent one only what
            // the screen hides.
            #expect(hidden[1].contains { $0.end - $0.start >= (covers ? 100 : 80) })
            var skipped = Pixmap(width: 1, height: 1)
            SceneRasterizer().render(scene, textures: [:], drawText: { _, _ in }, into: &skipped)
            var whole = Pixmap(width: scene.width, height: scene.height)
            SceneRasterizer().draw([QuadRasterizer](), clearTo: 0, into: &whole)
            for quad in quads { SceneRasterizer().draw([quad], clearTo: nil, into: &whole) }
            let same = skipped == whole
            #expect(same, "skipping what the shape hides changed pixels (covers: \(covers))")
            // The shadow shows around the body: below it, inside its reach.
            #expect(skipped.pixel(x: 90, y: 130).a > 20)
        }
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

    /// A device-like layer picture: noise inside a rounded rectangle, transparent outside it.
    static func roundedBody(width: Int, height: Int, radius: Double) -> Pixmap {
        var body = noisePixmap(width: width, height: height, seed: 777)
        for y in 0..<height {
            for x in 0..<width {
                let dx = max(radius - (Double(x) + 0.5), Double(x) + 0.5 - (Double(width) - radius), 0)
                let dy = max(radius - (Double(y) + 0.5), Double(y) + 0.5 - (Double(height) - radius), 0)
                if dx * dx + dy * dy > radius * radius { body.pixels.replaceSubrange((y * width + x) * 4..<(y * width + x + 1) * 4, with: [0, 0, 0, 0]) }
            }
        }
        return body
    }

    /// The opaque cross found in a layer's picture holds only opaque texels and leaves the
    /// rounded corners out.
    @Test func theOpaqueCrossIsOpaque() throws {
        let texture = Texture(Self.roundedBody(width: 120, height: 200, radius: 30), mipmapped: false).findingOpaqueCross()
        try #require(texture.opaqueRects.count == 2)
        for r in texture.opaqueRects {
            for y in r.y0..<r.y1 {
                for x in r.x0..<r.x1 { #expect(texture.texels[y * 120 + x] >= 0xFF00_0000, "\(x) \(y)") }
            }
        }
        // Together they reach most of the body: near each side, and all but its corners.
        #expect(texture.opaqueRects.contains { $0.x1 - $0.x0 >= 100 && $0.y1 - $0.y0 >= 150 }, "\(texture.opaqueRects)")
        #expect(texture.opaqueRects.contains { $0.y1 - $0.y0 >= 180 && $0.x1 - $0.x0 >= 60 }, "\(texture.opaqueRects)")
    }

    /// A layer with transparent corners, turned (and shrunk, so sampled from its mip levels), over
    /// a page it hides much of: skipping what its opaque cross hides gives the pixels of drawing
    /// both whole.
    @Test(arguments: [0.9, 0.45])
    func aLayersOpaqueCrossHidesWhatIsUnderIt(_ size: Double) throws {
        let (scene, textures) = Self.overlappingPages()
        let back = try #require(SceneRasterizer.rasterizer(for: scene.items[0], scene: scene, textures: textures))
        var texture = Texture(Self.roundedBody(width: 120, height: 200, radius: 30), mipmapped: false).findingOpaqueCross()
        let turn = Matrix4.translation(110, 85) * .perspective(400) * .rotation(0.35, axis: 0, 1, 0)
            * .rotation(0.2, axis: 0, 0, 1) * .scale(size, size) * .translation(-60, -100)
        let source = Rect(x: 0, y: 0, width: 120, height: 200)
        if QuadRasterizer.minifies(turn, source: source, texelsPerUnit: 1) { texture = texture.withMipmaps() }
        if size < 0.5 { #expect(texture.levels.count > 1) }
        let front = try #require(QuadRasterizer(transform: turn, source: source, outline: source, cornerRadius: 0,
                                                antialiased: .all, opacity: 1,
                                                paint: .texture(texture, origin: (0, 0), scale: (1, 1), shading: nil),
                                                clipHeight: scene.height))
        try #require(front.isOpaqueCover)
        let hidden = SceneRasterizer.hiddenColumns([back, front], rows: 0..<scene.height, width: scene.width)
        #expect(hidden[1].contains { $0.end - $0.start >= 32 })
        let bg = Blend.premultiplied(r: 0, g: 0, b: 0, a: 255)
        var skipped = Pixmap(width: scene.width, height: scene.height)
        SceneRasterizer().draw([back, front], clearTo: bg, into: &skipped)
        var whole = Pixmap(width: scene.width, height: scene.height)
        SceneRasterizer().draw([QuadRasterizer](), clearTo: bg, into: &whole)
        for quad in [back, front] { SceneRasterizer().draw([quad], clearTo: nil, into: &whole) }
        let same = skipped == whole
        #expect(same, "skipping what the cross hides changed pixels")
    }

    /// Sprites hide what is under their opaque runs and skip what a later opaque item hides (a
    /// backdrop under a device's body, the body under its screen's page): the same pixels as
    /// drawing each item whole, one after the other.
    @Test func spritesHideAndAreHidden() throws {
        let (scene, textures) = Self.overlappingPages()
        let page = try #require(SceneRasterizer.rasterizer(for: scene.items[1], scene: scene, textures: textures))
        let backdrop = Sprite(noisePixmap(width: scene.width, height: scene.height, seed: 99), x: 0, y: 0)
        // A body: an opaque rounded rectangle in a translucent rim (a shadow), partly off the frame.
        var rimmed = Self.roundedBody(width: 150, height: 130, radius: 24)
        for i in stride(from: 0, to: rimmed.pixels.count, by: 4) where rimmed.pixels[i + 3] == 0 {
            rimmed.pixels.replaceSubrange(i..<i + 4, with: [10, 10, 10, 60])
        }
        let body = Sprite(rimmed, x: 90, y: -20)
        let items: [SceneRasterizer.BandItem] = [.sprite(backdrop), .sprite(body), .quad(page)]
        let allCover = items.allSatisfy { $0.isCover }
        #expect(allCover)
        let hidden = SceneRasterizer.hiddenColumns(items.map { $0 }, rows: 0..<scene.height, width: scene.width)
        let backdropHidden = hidden[1].contains { $0.end - $0.start >= 100 }
        let bodyHidden = hidden[2].contains { $0.end - $0.start >= 32 }
        #expect(backdropHidden && bodyHidden)
        let bg = Blend.premultiplied(r: 0, g: 0, b: 0, a: 255)
        var skipped = Pixmap(width: scene.width, height: scene.height)
        SceneRasterizer().draw(items, clearTo: bg, into: &skipped)
        var whole = Pixmap(width: scene.width, height: scene.height)
        SceneRasterizer().draw([SceneRasterizer.BandItem](), clearTo: bg, into: &whole)
        for item in items { SceneRasterizer().draw([item], clearTo: nil, into: &whole) }
        let same = skipped == whole
        #expect(same, "skipping what is hidden changed pixels")
    }
}
