import Foundation
import PageReelDeck
import PageReelRaster
import Synchronization
import Testing

@Suite struct TextRendererTests {
    static let renderer = TextRenderer()

    static func white(_ width: Int, _ height: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        pixmap.fill(r: 255, g: 255, b: 255, a: 255)
        return pixmap
    }

    /// The smallest rectangle holding every pixel that differs from `background` (nil if none).
    static func inkBounds(_ pixmap: Pixmap, background: Pixmap) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var bounds: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width where pixmap.pixel(x: x, y: y) != background.pixel(x: x, y: y) {
                let b = bounds ?? (x, y, x, y)
                bounds = (min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y))
            }
        }
        return bounds
    }

    @Test func blackTextInksOnlyInsideItsBox() throws {
        // No glyph here reaches past its advance (a "j" would, by its negative left bearing).
        let style = TextStyle(string: "Hägar the Horrible,\nbumpy quokka", size: 20, color: .black)
        let (x, y) = (10.3, 7.6)
        var pixmap = Self.white(260, 80)
        let layout = try Self.renderer.draw(style, at: x, y: y, into: &pixmap)
        let ink = try #require(Self.inkBounds(pixmap, background: Self.white(260, 80)))
        // Pen positions are rounded to whole pixels, so ink may start half a pixel early.
        #expect(ink.x0 >= Int(x.rounded(.down)) && ink.x1 < Int((x + layout.width).rounded(.up)))
        #expect(ink.y0 >= Int(y.rounded(.down)) && ink.y1 < Int((y + layout.height).rounded(.up)))
        // And the text fills its box: ink reaches within a couple of pixels of the left and right.
        #expect(ink.x0 <= Int(x) + 2 && ink.x1 >= Int(x + layout.width) - 2)
        // Black on white stays grey: r = g = b everywhere.
        for i in stride(from: 0, to: pixmap.pixels.count, by: 4) {
            #expect(pixmap.pixels[i] == pixmap.pixels[i + 1] && pixmap.pixels[i] == pixmap.pixels[i + 2])
        }
    }

    @Test func renderingIsDeterministic() throws {
        let style = TextStyle(string: "Déjà vu, twice", size: 17.5, color: Color(r: 30, g: 144, b: 255, a: 200))
        var first = Pixmap(width: 160, height: 30)
        var second = Pixmap(width: 160, height: 30)
        try Self.renderer.draw(style, at: 3.25, y: 2.5, opacity: 0.8, into: &first)
        try TextRenderer().draw(style, at: 3.25, y: 2.5, opacity: 0.8, into: &second)
        #expect(first == second)
        #expect(first.pixels.contains { $0 != 0 })
    }

    @Test func agGolden() throws {
        var pixmap = Self.white(96, 32)
        try Self.renderer.draw(TextStyle(string: "Ag", size: 20, color: .black), at: 8, y: 3, into: &pixmap)
        expectGolden(pixmap, "Ag-20px")
    }

    @Test func wrappedCenteredGolden() throws {
        var pixmap = Pixmap(width: 120, height: 64)
        pixmap.fill(r: 16, g: 20, b: 24, a: 255)
        let style = TextStyle(string: "Swipe to begin, then fling", size: 16, weight: .bold,
                              color: Color(r: 255, g: 107, b: 107), align: .center)
        try Self.renderer.draw(style, at: 10, y: 4, maxWidth: 100, into: &pixmap)
        expectGolden(pixmap, "wrapped-centered-bold")
    }

    /// U+2588 FULL BLOCK covers whole pixels, so blending can be checked against hand-computed values.
    func blockPixel(color: Color, opacity: Double, on background: (UInt8, UInt8, UInt8, UInt8)) throws
        -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        var pixmap = Pixmap(width: 60, height: 60)
        pixmap.fill(r: background.0, g: background.1, b: background.2, a: background.3)
        try Self.renderer.draw(TextStyle(string: "█", size: 40, color: color), at: 5, y: 5, opacity: opacity,
                               into: &pixmap)
        return pixmap.pixel(x: 20, y: 30)
    }

    @Test func blendsSourceOverInPremultipliedSpace() throws {
        // Opaque black at opacity 0.5 (α = 128) over white: 255 · (255 − 128) / 255 = 127.
        #expect(try blockPixel(color: .black, opacity: 0.5, on: (255, 255, 255, 255)) == (127, 127, 127, 255))
        // Red at α 128 on transparent: premultiplied (128, 0, 0, 128).
        #expect(try blockPixel(color: Color(r: 255, g: 0, b: 0, a: 128), opacity: 1, on: (0, 0, 0, 0))
            == (128, 0, 0, 128))
        // Colour alpha and opacity multiply: 255 · 0.5 = 128 → white at α 128 over premultiplied
        // (0, 0, 100, 200): r = 128 + 0 = 128, b = 128 + 100 · 127/255 = 128 + 50 = 178,
        // a = 128 + 200 · 127/255 = 128 + 100 = 228.
        #expect(try blockPixel(color: Color(r: 255, g: 255, b: 255, a: 255), opacity: 0.5, on: (0, 0, 100, 200))
            == (128, 128, 178, 228))
        #expect(try blockPixel(color: .black, opacity: 0, on: (1, 2, 3, 4)) == (1, 2, 3, 4))
        #expect(try blockPixel(color: .clear, opacity: 1, on: (1, 2, 3, 4)) == (1, 2, 3, 4))
    }

    @Test func textIsClippedToThePixmap() throws {
        let style = TextStyle(string: "Clip me", size: 24, color: .black)
        var whole = Self.white(120, 40)
        try Self.renderer.draw(style, at: 10, y: 5, into: &whole)
        // The same text 30 px further left and 12 px higher, on a smaller pixmap: every pixel matches
        // the corresponding pixel of the unclipped render.
        var clipped = Self.white(60, 20)
        try Self.renderer.draw(style, at: -20, y: -7, into: &clipped)
        for y in 0..<20 {
            for x in 0..<60 { #expect(clipped.pixel(x: x, y: y) == whole.pixel(x: x + 30, y: y + 12)) }
        }
        // Entirely outside: nothing drawn, no crash.
        var outside = Self.white(20, 20)
        try Self.renderer.draw(style, at: 500, y: -500, into: &outside)
        #expect(outside == Self.white(20, 20))
    }

    @Test func scaleMultipliesSizeAndWrapWidth() throws {
        let style = TextStyle(string: "one two three four", size: 10, lineHeight: 1.2)
        let base = try Self.renderer.layout(style, maxWidth: 60)
        let doubled = try Self.renderer.layout(style, scale: 2, maxWidth: 60)
        #expect(doubled.font.pixelSize == 20)
        #expect(doubled.lines.count == base.lines.count)
        #expect(abs(doubled.height - 2 * base.height) < 1e-9 && doubled.width == 120)
    }

    @Test func drawingFromManyThreadsMatchesSerial() throws {
        let renderer = TextRenderer()
        let styles = (0..<8).map { TextStyle(string: "Page \($0 + 1) of 8", size: 14 + Double($0), color: .black) }
        let expected = try styles.map { style in
            var pixmap = Self.white(150, 40)
            try TextRenderer().draw(style, at: 2, y: 2, into: &pixmap)
            return pixmap
        }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 32) { i in
            var pixmap = Self.white(150, 40)
            _ = try? renderer.draw(styles[i % 8], at: 2, y: 2, into: &pixmap)
            if pixmap != expected[i % 8] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
