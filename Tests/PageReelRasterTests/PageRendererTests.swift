import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
@testable import PageReelRaster
import PageReelScene
import Testing

@Suite struct PageRendererTests {
    /// Writes an image into a scratch folder and returns a renderer rooted there.
    static func renderer(with images: [String: Pixmap]) throws -> (PageRenderer, String) {
        let folder = NSTemporaryDirectory() + "pagereel-pages-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, pixmap) in images { try PNGFile.write(pixmap, to: folder + "/" + name) }
        return (PageRenderer(baseDirectory: folder), folder)
    }

    /// A 400×300 image stretched onto a 400×300 page comes out unchanged: no blur, no shift.
    @Test func imageAtOneToOneIsExact() throws {
        let image = noisePixmap(width: 400, height: 300)
        let (renderer, folder) = try Self.renderer(with: ["shot.png": image])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = try renderer.render(Page(image: "shot.png", fit: .stretch), style: PageStyle(), width: 400,
                                       height: 300, scale: 1, progress: 0)
        #expect(page == image)
    }

    /// An image's mip chain is made only when it is drawn small enough to sample it, and the page
    /// is then the one a texture mipmapped from the start draws (a box-filtered quarter-size
    /// image, not level 0 point-sampled).
    @Test func mipLevelsAreMadeWhenAnImageIsDrawnSmall() throws {
        let image = noisePixmap(width: 256, height: 128)
        let (renderer, folder) = try Self.renderer(with: ["shot.png": image])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try renderer.render(Page(image: "shot.png", fit: .stretch), style: PageStyle(), width: 300, height: 150,
                                scale: 1, progress: 0)
        #expect(try renderer.image("shot.png").levels.count == 1)
        let small = try renderer.render(Page(image: "shot.png", fit: .stretch), style: PageStyle(), width: 64,
                                        height: 32, scale: 1, progress: 0)
        let cached = try renderer.image("shot.png")
        #expect(cached.levels.count == 9)
        var expected = Pixmap(width: 64, height: 32)
        Fills.fill(&expected, with: PageStyle().background)
        try PageRenderer(baseDirectory: folder).draw(Texture(image, mipmapped: true),
                                                     in: Rect(x: 0, y: 0, width: 64, height: 32), fit: .stretch,
                                                     opacity: 1, into: &expected)
        #expect(small == expected)
        #expect(cached.texels == Texture(image, mipmapped: true).texels)
        // Level 1 is 2×2 averages: a 4× reduction does not alias to single texels of level 0.
        let pointSampled = (0..<32).allSatisfy { y in
            (0..<64).allSatisfy { x in
                let (r, g, b, _) = small.pixel(x: x, y: y), (ir, ig, ib, _) = image.pixel(x: x * 4 + 2, y: y * 4 + 2)
                return (r, g, b) == (ir, ig, ib)
            }
        }
        #expect(!pointSampled)
    }

    /// fill crops to cover, fit letterboxes on the page background, stretch distorts.
    @Test func fitModes() throws {
        // 40×20 image: left half red, right half blue.
        var image = Pixmap(width: 40, height: 20)
        for y in 0..<20 { for x in 0..<40 {
            let i = (y * 40 + x) * 4
            image.pixels.replaceSubrange(i..<(i + 4), with: x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255])
        } }
        let (renderer, folder) = try Self.renderer(with: ["img.png": image])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let style = PageStyle(background: .color(Color(r: 0, g: 255, b: 0)))
        func render(_ fit: Fit) throws -> Pixmap {
            try renderer.render(Page(image: "img.png", fit: fit), style: style, width: 60, height: 60, scale: 1, progress: 0)
        }
        // fit: scaled to 60×30, centred: green bands above and below, the image between.
        let fit = try render(.fit)
        #expect(fit.pixel(x: 30, y: 5) == (0, 255, 0, 255))
        #expect(fit.pixel(x: 10, y: 30) == (255, 0, 0, 255))
        #expect(fit.pixel(x: 50, y: 30) == (0, 0, 255, 255))
        #expect(fit.pixel(x: 30, y: 55) == (0, 255, 0, 255))
        // fill: scaled to 120×60 and cropped to the middle 60: the red/blue split runs through x = 30.
        let fill = try render(.fill)
        #expect(fill.pixel(x: 5, y: 5) == (255, 0, 0, 255))
        #expect(fill.pixel(x: 55, y: 55) == (0, 0, 255, 255))
        // stretch: the whole image, split at x = 30, no background.
        let stretch = try render(.stretch)
        #expect(stretch.pixel(x: 10, y: 2) == (255, 0, 0, 255))
        #expect(stretch.pixel(x: 50, y: 57) == (0, 0, 255, 255))
    }

    @Test func gradientRunsAlongItsAngle() throws {
        let (renderer, folder) = try Self.renderer(with: [:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let black = Color(r: 0, g: 0, b: 0), white = Color.white
        let down = try renderer.render(Page(background: .gradient(from: black, to: white, angle: 90)), style: PageStyle(),
                                       width: 100, height: 100, scale: 1, progress: 0)
        // Top row dark, bottom row light, each row uniform; the middle is mid grey.
        #expect(down.pixel(x: 10, y: 0).r < 3 && down.pixel(x: 90, y: 0).r < 3)
        #expect(down.pixel(x: 50, y: 99).r > 252)
        #expect(abs(Int(down.pixel(x: 20, y: 50).r) - 128) <= 2)
        let across = try renderer.render(Page(background: .gradient(from: black, to: white, angle: 0)), style: PageStyle(),
                                         width: 100, height: 100, scale: 1, progress: 0)
        #expect(across.pixel(x: 0, y: 50).r < 3 && across.pixel(x: 99, y: 10).r > 252)
    }

    /// A layer moves by x·p horizontally and y·|p| vertically for parallax progress p.
    @Test func parallaxMovesLayers() throws {
        var block = Pixmap(width: 10, height: 10)
        block.fill(r: 0, g: 0, b: 0, a: 255)
        let (renderer, folder) = try Self.renderer(with: ["block.png": block])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = Page(background: .color(.white), layers: [
            Layer(content: .image("block.png"), x: 50, y: 40, parallax: Parallax(x: -0.2, y: 0.1)),
        ])
        func blockOrigin(progress: Int) throws -> (Int, Int) {
            let p = try renderer.render(page, style: PageStyle(), width: 120, height: 100, scale: 1, progress: progress)
            for y in 0..<100 { for x in 0..<120 where p.pixel(x: x, y: y).r == 0 { return (x, y) } }
            return (-1, -1)
        }
        #expect(try blockOrigin(progress: 0) == (50, 40))
        // p = 50: x 50 − 0.2·50 = 40, y 40 + 0.1·50 = 45.
        #expect(try blockOrigin(progress: 50) == (40, 45))
        // p = −50: x 50 + 10 = 60, y 40 + 0.1·|−50| = 45.
        #expect(try blockOrigin(progress: -50) == (60, 45))
    }

    @Test func titlesAndScale() throws {
        let (renderer, folder) = try Self.renderer(with: [:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = Page(background: .color(Color(r: 0x5B, g: 0x5F, b: 0xEF)), title: "Welcome", subtitle: "Swipe to start")
        let small = try renderer.render(page, style: PageStyle(), width: 160, height: 120, scale: 1, progress: 0)
        expectGolden(small, "title-subtitle", tolerance: .text)
        let large = try renderer.render(page, style: PageStyle(), width: 160, height: 120, scale: 2, progress: 0)
        #expect(large.width == 320 && large.height == 240)
    }
}
