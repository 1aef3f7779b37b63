import Dispatch
import PageReelDeck
import PageReelMedia
import PageReelScene

/// Draws a `Scene` into a pixmap: background, then every item in painter's order, with the frame
/// split into row bands rendered on all cores.
///
/// Each band walks the whole display list for its own rows, so bands never touch the same pixels and
/// the result does not depend on the number of cores. Text items are drawn whole, between the batches
/// of quads around them, to keep painter's order.
public struct SceneRasterizer: Sendable {
    /// Rows per band; small enough to balance cores, large enough to amortise per-quad setup.
    public var bandHeight: Int = 32

    public init(bandHeight: Int = 32) {
        self.bandHeight = bandHeight
    }

    /// What a band draws, in painter's order: a quad, or a sprite.
    enum BandItem: Sendable {
        case quad(QuadRasterizer)
        case sprite(Sprite)

        func render(rows: Range<Int>, into frame: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
                    hidden: [(start: Int, end: Int)]?) {
            switch self {
            case .quad(let quad): quad.render(rows: rows, into: frame, width: width, hidden: hidden)
            case .sprite(let sprite): sprite.render(rows: rows, into: frame, width: width, height: height, hidden: hidden)
            }
        }

        /// Whether it overwrites some pixels with opaque ones whatever was beneath: a quad that is
        /// an opaque cover (`QuadRasterizer.isOpaqueCover`), a sprite with opaque runs.
        var isCover: Bool {
            switch self {
            case .quad(let quad): quad.isOpaqueCover
            case .sprite(let sprite): sprite.widestOpaque.contains { $0.start < $0.end }
            }
        }

        /// The columns [start, end) it overwrites with opaque pixels in `rows`, a run at a time with
        /// the rows it holds for: a quad's for each group of `coverGroup` rows (its spans take
        /// arithmetic; a row's own run can be wider by the outline's slope times the group's height,
        /// a sliver of a chunk), a sprite's row by row (looked up).
        func opaqueRuns(rows: Range<Int>, width: Int, _ body: (_ rows: Range<Int>, _ start: Int, _ end: Int) -> Void) {
            switch self {
            case .quad(let quad):
                for top in stride(from: rows.lowerBound, to: rows.upperBound, by: SceneRasterizer.coverGroup) {
                    let group = top..<min(top + SceneRasterizer.coverGroup, rows.upperBound)
                    if let run = quad.opaqueColumns(rows: group, width: width) { body(run.rows, run.start, run.end) }
                }
            case .sprite(let sprite):
                for y in rows {
                    if let run = sprite.opaqueColumns(row: y, width: width) { body(y..<(y + 1), run.start, run.end) }
                }
            }
        }
    }

    /// Renders `scene` into `pixmap` (resized to the scene's size). `textures` must hold every page
    /// texture the scene names and `sprites` every sprite; `drawText` draws one text item in place.
    /// `layers` holds the flat picture of each of the scene's layers, in order.
    func render(_ scene: Scene, textures: [TextureKey: Texture], sprites: [SpriteKey: Sprite] = [:],
                layers: [Texture] = [], drawText: (TextItem, inout Pixmap) -> Void, into pixmap: inout Pixmap) {
        pixmap.resize(width: scene.width, height: scene.height)
        let bg = scene.background
        let bgWord = Blend.premultiplied(r: bg.r, g: bg.g, b: bg.b, a: bg.a)
        var batch: [BandItem] = []
        var cleared = false
        var nextLayer = 0
        func flush(_ pixmap: inout Pixmap) {
            draw(batch, clearTo: cleared ? nil : bgWord, into: &pixmap)
            cleared = true
            batch.removeAll(keepingCapacity: true)
        }
        for item in scene.items {
            switch item {
            case .text(let text):
                flush(&pixmap)
                drawText(text, &pixmap)
            case .sprite(let sprite):
                if let made = sprites[sprite.key] { batch.append(.sprite(made)) }
            case .layer(let layer):
                guard nextLayer < layers.count else { preconditionFailure("no picture for layer \(nextLayer)") }
                let texture = layers[nextLayer]
                nextLayer += 1
                // The layer's pixels are its flat output pixels: one texel per local unit.
                if let quad = QuadRasterizer(transform: layer.transform, source: layer.bounds, outline: layer.bounds,
                                             cornerRadius: 0, antialiased: .all, opacity: 1,
                                             paint: .texture(texture, origin: (0, 0), scale: (1, 1), shading: nil),
                                             clipHeight: scene.height) {
                    batch.append(.quad(quad))
                }
            default:
                if let quad = Self.rasterizer(for: item, scene: scene, textures: textures) { batch.append(.quad(quad)) }
            }
        }
        flush(&pixmap)
    }

    /// Draws quads band by band in parallel; clears each band first when asked.
    func draw(_ quads: [QuadRasterizer], clearTo background: UInt32?, into pixmap: inout Pixmap) {
        draw(quads.map(BandItem.quad), clearTo: background, into: &pixmap)
    }

    /// Draws quads and sprites band by band in parallel; clears each band first when asked.
    ///
    /// The workers write straight into the frame, each to its own rows: the one place in
    /// pagereel where threads share memory the compiler cannot check (`nonisolated(unsafe)`
    /// below). Disjointness holds by construction: iteration k touches only rows
    /// [k·band, (k+1)·band) — the clear is bounded by them, and `QuadRasterizer.render(rows:)`
    /// and `Sprite.render(rows:)` clamp every span to them — and `concurrentPerform` returns only when every iteration
    /// has, inside `withUnsafeMutableBytes`, so no pointer outlives the exclusive access to the
    /// pixels. The checked alternative, each band rendered into a buffer of its own and copied
    /// into the frame afterwards, measured 3–4% fewer frames per second on the cards benchmark
    /// (the copy is serial: only the pixels' owner may write them).
    func draw(_ items: [BandItem], clearTo background: UInt32?, into pixmap: inout Pixmap) {
        guard background != nil || !items.isEmpty else { return }
        let width = pixmap.width, height = pixmap.height
        let band = max(1, bandHeight)
        let bands = (height + band - 1) / band
        let covers = items.map { $0.isCover ? $0 : nil }
        let anyCover = covers.contains { $0 != nil }
        pixmap.pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
            nonisolated(unsafe) let frame = base
            DispatchQueue.concurrentPerform(iterations: bands) { k in
                let rows = (k * band)..<min(height, (k + 1) * band)
                let hidden = anyCover ? Self.hiddenColumns(covers, rows: rows, width: width) : nil
                if let bg = background {
                    for (r, y) in rows.enumerated() {
                        let (start, end) = hidden?[0][r] ?? (0, 0), row = frame + y * width
                        row.update(repeating: bg, count: start < end ? start : width)
                        if start < end { (row + end).update(repeating: bg, count: width - end) }
                    }
                }
                for (j, item) in items.enumerated() {
                    item.render(rows: rows, into: frame, width: width, height: height, hidden: hidden?[j + 1])
                }
            }
        }
    }

    /// For each item and the clear before them (index 0 is the clear, j + 1 item j), row by row,
    /// the widest run of columns that a later opaque cover overwrites: painting there first is wasted.
    /// One run per row keeps it simple; the front page, drawn last, hides most of what is behind it.
    static func hiddenColumns(_ covers: [QuadRasterizer?], rows: Range<Int>,
                              width: Int) -> [[(start: Int, end: Int)]] {
        hiddenColumns(covers.map { $0.map(BandItem.quad) }, rows: rows, width: width)
    }

    static func hiddenColumns(_ covers: [BandItem?], rows: Range<Int>,
                              width: Int) -> [[(start: Int, end: Int)]] {
        var hidden = [[(start: Int, end: Int)]](repeating: [], count: covers.count + 1)
        var widest = [(start: Int, end: Int)](repeating: (0, 0), count: rows.count)
        for j in stride(from: covers.count, through: 0, by: -1) {
            hidden[j] = widest
            guard j > 0, let cover = covers[j - 1] else { continue }
            cover.opaqueRuns(rows: rows, width: width) { covered, start, end in
                for y in covered where end - start > widest[y - rows.lowerBound].end - widest[y - rows.lowerBound].start {
                    widest[y - rows.lowerBound] = (start, end)
                }
            }
        }
        return hidden
    }

    /// Rows that share one run of a quad's hidden columns.
    static let coverGroup = 16

    /// The kernel set-up for one scene item (nil when it is off-screen or invisible).
    static func rasterizer(for item: SceneItem, scene: Scene, textures: [TextureKey: Texture]) -> QuadRasterizer? {
        let full = Rect(x: 0, y: 0, width: scene.pageWidth, height: scene.pageHeight)
        let clip = scene.pageClip.map { PixelBox($0, radius: scene.pageClipRadius, topRadius: scene.pageClipTopRadius) }
        switch item {
        case .page(let quad):
            guard let texture = textures[quad.texture] else {
                preconditionFailure("no texture for page \(quad.texture.page)")
            }
            let scale = (Double(texture.width) / scene.pageWidth, Double(texture.height) / scene.pageHeight)
            return QuadRasterizer(transform: quad.transform, source: quad.source, outline: full,
                                  cornerRadius: quad.cornerRadius, antialiased: quad.antialiasedEdges,
                                  opacity: quad.opacity,
                                  paint: .texture(texture, origin: (0, 0), scale: scale, shading: quad.shading),
                                  clipHeight: scene.height, clip: clip)
        case .shadow(let s):
            let sigma = max(s.shadow.radius / 2, 0.5)
            let reach = 3.5 * sigma
            let o = s.outline
            let outline = Rect(x: o.x + s.shadow.offsetX, y: o.y + s.shadow.offsetY, width: o.width, height: o.height)
            let area = Rect(x: outline.x - reach, y: outline.y - reach,
                            width: outline.width + 2 * reach, height: outline.height + 2 * reach)
            return QuadRasterizer(transform: s.transform, source: area, outline: outline,
                                  cornerRadius: s.cornerRadius, antialiased: [], opacity: s.opacity,
                                  paint: .shadow(s.shadow.color, sigma: sigma), clipHeight: scene.height, clip: clip)
        case .shape(let shape):
            let c = shape.color
            return QuadRasterizer(transform: .identity, source: shape.rect, outline: shape.rect,
                                  cornerRadius: shape.cornerRadius, antialiased: .all, opacity: 1,
                                  paint: .solid(Blend.premultiplied(r: c.r, g: c.g, b: c.b, a: c.a)),
                                  clipHeight: scene.height)
        case .text, .sprite, .layer:
            return nil
        }
    }
}
