import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
@testable import PageReelRaster
import PageReelScene
import PageReelTestSupport
import PageReelTimeline
import Testing

@Suite struct FrameRendererTests {
    static func deck(pages: PageList) -> Deck {
        Deck(canvas: Canvas(width: 200, height: 120), viewport: Rect(x: 60, y: 10, width: 80, height: 100), pages: pages)
    }

    static func state(_ offset: Double) -> TimelineState {
        TimelineState(time: 0, offset: offset, velocity: 0, phase: .idle, touch: nil, position: offset / 80)
    }

    /// Only the pages a frame shows are rendered, whatever the page count (MAG's reuse).
    @Test func onlyVisiblePagesAreLoaded() throws {
        let deck = Self.deck(pages: .template(count: 100_000, page: Page(background: .color(.white), title: "{n}")))
        let renderer = FrameRenderer(deck: deck, baseDirectory: "/")
        let builder = SceneBuilder(deck: deck)
        var out = Pixmap(width: 1, height: 1)
        try renderer.render(builder.scene(for: Self.state(0)), into: &out)
        // Page 0 and its neighbour 1 (page −1 does not exist).
        #expect(renderer.cachedPageCount == 2)
        try renderer.render(builder.scene(for: Self.state(80 * 50_000 + 40)), into: &out)
        // Pages 49,999…50,002 lie within reach of position 50,000.5; the cache stays small.
        #expect(renderer.cachedPageCount <= 6)
    }

    /// A page is rendered once and reused while its parallax progress is unchanged.
    @Test func pagesAreRenderedOnceAndReused() throws {
        let deck = Self.deck(pages: .list([Page(background: .color(.white)), Page(background: .color(.black))]))
        let renderer = FrameRenderer(deck: deck, baseDirectory: "/")
        let builder = SceneBuilder(deck: deck)
        var a = Pixmap(width: 1, height: 1), b = Pixmap(width: 1, height: 1)
        for offset in stride(from: 0.0, through: 80, by: 8) {
            try renderer.render(builder.scene(for: Self.state(offset)), into: &a)
        }
        #expect(renderer.cachedPageCount == 2)
        // The same scene from a fresh renderer gives the same pixels.
        let scene = builder.scene(for: Self.state(33))
        try renderer.render(scene, into: &a)
        try FrameRenderer(deck: deck, baseDirectory: "/").render(scene, into: &b)
        #expect(a == b)
    }

    /// Pages with parallax layers get one texture per progress value.
    @Test func parallaxPagesVaryWithProgress() throws {
        let layered = Page(background: .color(.white),
                           layers: [Layer(content: .text(TextStyle(string: "Hi", color: .black)), x: 10, y: 10,
                                          parallax: Parallax(x: -1))])
        let deck = Self.deck(pages: .list([layered, layered]))
        let builder = SceneBuilder(deck: deck)
        let keys = builder.scene(for: Self.state(20)).textureKeys
        // Position 0.25: page 0 at s = −0.25 (progress −25), page 1 at s = 0.75 (progress 75).
        #expect(Set(keys) == [TextureKey(page: 0, progress: -25), TextureKey(page: 1, progress: 75)])
    }
}

extension FrameRendererTests {
    /// With `clip`, pages and their shadows stay inside the viewport, as UIScrollView's
    /// clipsToBounds keeps them; without it neighbours show beside it.
    @Test func clipKeepsPagesInsideTheViewport() throws {
        var deck = Self.deck(pages: .list([Page(background: .color(.white)), Page(background: .color(.white))]))
        deck.canvas.background = .color(.black)
        deck.pageStyle.shadow = Shadow()
        let state = Self.state(40)   // half way: page 1 sticks out on the right
        var open = Pixmap(width: 1, height: 1), clipped = Pixmap(width: 1, height: 1)
        try FrameRenderer(deck: deck, baseDirectory: "/").render(SceneBuilder(deck: deck).scene(for: state), into: &open)
        deck.clip = true
        try FrameRenderer(deck: deck, baseDirectory: "/").render(SceneBuilder(deck: deck).scene(for: state), into: &clipped)
        // Viewport x 60…140, y 10…110; page 1 spans x 100…180.
        #expect(open.pixel(x: 160, y: 50) == (255, 255, 255, 255))
        #expect(clipped.pixel(x: 160, y: 50) == (0, 0, 0, 255))
        #expect(clipped.pixel(x: 139, y: 50) == (255, 255, 255, 255))
        #expect(clipped.pixel(x: 140, y: 50) == (0, 0, 0, 255))
        // Nothing at all outside the viewport, shadows included.
        for y in 0..<120 {
            for x in 0..<200 where x < 60 || x >= 140 || y < 10 || y >= 110 {
                #expect(clipped.pixel(x: x, y: y) == (0, 0, 0, 255))
            }
        }
    }
}

extension FrameRendererTests {
    /// Translucent content (a half-transparent image in a layer at opacity 0.7, rounded page
    /// edges, shadows) over an opaque page and an opaque canvas leaves every pixel at alpha 255.
    /// Src-over's old shift approximation left 254 wherever a source alpha of 128…254 landed.
    @Test func opaqueCanvasStaysExactlyOpaque() throws {
        try ScratchFolder.with { folder in
            var image = Pixmap(width: 40, height: 30)
            for y in 0..<30 {
                for x in 0..<40 {
                    let i = (y * 40 + x) * 4
                    image.pixels.replaceSubrange(i..<i + 4, with: [UInt8(x * 6), 90, UInt8(y * 8), UInt8(60 + x * 4)])
                }
            }
            // Straight → premultiplied, so the file holds the intended straight colours.
            image = Pixmap(width: 40, height: 30, straightRGBA: image.pixels)
            try PNGFile.write(image, to: folder.appendingPathComponent("glass.png").path)
            let layer = Layer(content: .image("glass.png"), x: 5, y: 10, width: 70, height: 50, opacity: 0.7)
            let page = Page(background: .color(Color(r: 78, g: 205, b: 196)), layers: [layer])
            var deck = Self.deck(pages: .list([page, page]))
            deck.canvas.background = .color(Color(r: 16, g: 20, b: 24))
            deck.pageStyle = PageStyle(cornerRadius: 9, shadow: Shadow())
            var out = Pixmap(width: 1, height: 1)
            let scene = SceneBuilder(deck: deck, transition: .named(.cards)).scene(for: Self.state(30))
            try FrameRenderer(deck: deck, baseDirectory: folder.path).render(scene, into: &out)
            let translucent = stride(from: 3, to: out.pixels.count, by: 4).filter { out.pixels[$0] != 255 }.count
            #expect(translucent == 0)
        }
    }
}

extension FrameRendererTests {
    /// After `expect`, an image stays while a page still to be rendered draws it and goes once the
    /// last such page is rendered; `release` drops the textures of pages no longer drawn; a page
    /// rendered again is the same.
    @Test func imagesStayOnlyForPagesStillToBeRendered() throws {
        try ScratchFolder.with { folder in
            for (name, shade) in [("a.png", 40), ("b.png", 200)] {
                var image = Pixmap(width: 16, height: 20)
                image.fill(r: UInt8(shade), g: 90, b: UInt8(255 - shade), a: 255)
                try PNGFile.write(image, to: folder.appendingPathComponent(name).path)
            }
            // Pages 0 and 3 share a.png; page 1 shows b.png; page 2 is a colour.
            let pages = [Page(image: "a.png"), Page(image: "b.png"), Page(background: .color(.white)), Page(image: "a.png")]
            let deck = Self.deck(pages: .list(pages))
            let renderer = FrameRenderer(deck: deck, baseDirectory: folder.path)
            let scene = { (position: Double) in SceneBuilder(deck: deck).scene(for: Self.state(position * 80)) }
            var out = Pixmap(width: 1, height: 1)
            try renderer.render(scene(0.5), into: &out)   // pages 0 and 1
            #expect(renderer.cachedPageCount == 2 && renderer.pages.cachedImageCount == 2)

            // Pages 0 to 3 to come: b.png goes (page 1 is rendered); a.png stays for page 3.
            renderer.expect(pages: [0, 1, 2, 3])
            #expect(renderer.cachedPageCount == 2 && renderer.pages.cachedImageCount == 1)
            // Page 0 no longer drawn: its texture goes, a.png still waits for page 3.
            renderer.release(pages: [0])
            #expect(renderer.cachedPageCount == 1 && renderer.pages.cachedImageCount == 1)
            // Page 3 rendered: a.png is no longer needed and goes at once.
            try renderer.render(scene(2.5), into: &out)
            #expect(renderer.cachedPageCount == 3 && renderer.pages.cachedImageCount == 0)

            // Page 0 back after all: rendered again (its image decoded again), to the same pixels.
            renderer.release(pages: [2, 3])
            #expect(renderer.cachedPageCount == 1)
            try renderer.render(scene(0.25), into: &out)
            var fresh = Pixmap(width: 1, height: 1)
            try FrameRenderer(deck: deck, baseDirectory: folder.path).render(scene(0.25), into: &fresh)
            #expect(out == fresh)
            #expect(renderer.cachedPageCount == 2 && renderer.pages.cachedImageCount == 0)
        }
    }

    /// A page with parallax layers is rendered again at each progress, so its images stay until
    /// it is no longer drawn.
    @Test func imagesOfMovingPagesStayUntilReleased() throws {
        try ScratchFolder.with { folder in
            var image = Pixmap(width: 8, height: 8)
            image.fill(r: 10, g: 20, b: 30, a: 255)
            try PNGFile.write(image, to: folder.appendingPathComponent("dot.png").path)
            let layer = Layer(content: .image("dot.png"), x: 10, y: 10, parallax: Parallax(x: -1))
            let deck = Self.deck(pages: .list([Page(background: .color(.white), layers: [layer]), Page(image: "dot.png")]))
            let renderer = FrameRenderer(deck: deck, baseDirectory: folder.path)
            var out = Pixmap(width: 1, height: 1)
            try renderer.render(SceneBuilder(deck: deck).scene(for: Self.state(20)), into: &out)
            renderer.expect(pages: [0, 1])
            #expect(renderer.pages.cachedImageCount == 1)
            renderer.release(pages: [0])
            #expect(renderer.pages.cachedImageCount == 0)
        }
    }
}
