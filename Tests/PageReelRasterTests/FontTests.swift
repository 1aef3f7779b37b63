import Foundation
import PageReelRaster
import Synchronization
import Testing

@Suite struct FontTests {
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test func metricsScaleWithTheSize() throws {
        let small = try Font(path: Self.sans, pixelSize: 20)
        let large = try Font(path: Self.sans, pixelSize: 50)
        #expect(small.familyName == "DejaVu Sans")
        #expect(small.ascender > 0 && small.descender < 0 && small.lineHeight > small.ascender - small.descender - 1e-9)
        // Unhinted design metrics are linear in the size.
        #expect(abs(large.ascender - small.ascender * 2.5) < 1e-9)
        #expect(abs(large.descender - small.descender * 2.5) < 1e-9)
    }

    @Test func fractionalSizesScaleAdvancesLinearly() throws {
        let whole = try Font(path: Self.sans, pixelSize: 20)
        let fractional = try Font(path: Self.sans, pixelSize: 20.5)
        for scalar in "AMgW .".unicodeScalars {
            let a = whole.advance(ofGlyph: whole.glyphIndex(for: scalar))
            let b = fractional.advance(ofGlyph: fractional.glyphIndex(for: scalar))
            #expect(a > 0)
            // linearHoriAdvance is 16.16 fixed point: allow its rounding.
            #expect(abs(b - a * 20.5 / 20) < 1e-3, "\(scalar): \(a) at 20 px, \(b) at 20.5 px")
        }
    }

    @Test func avIsKernedTighter() throws {
        let font = try Font(path: Self.sans, pixelSize: 22)
        #expect(font.hasKerning)
        let a = font.glyphIndex(for: "A"), v = font.glyphIndex(for: "V")
        // DejaVu Sans's kern table pulls "AV" together by about a pixel at 22 px.
        let kern = font.kerning(between: a, and: v)
        #expect(kern < -0.5 && kern > -2)
        let h = font.glyphIndex(for: "H")
        #expect(font.kerning(between: h, and: h) == 0)
    }

    @Test func monoFontHasNoKerning() throws {
        let font = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", pixelSize: 22)
        #expect(!font.hasKerning)
        #expect(font.kerning(between: font.glyphIndex(for: "A"), and: font.glyphIndex(for: "V")) == 0)
    }

    @Test func glyphMaskSitsOnTheBaseline() throws {
        let font = try Font(path: Self.sans, pixelSize: 40)
        let block = font.glyph(font.glyphIndex(for: "█"))  // U+2588 FULL BLOCK: solid ink
        #expect(block.width > 10 && block.height > 10)
        #expect(block.coverage.filter { $0 == 255 }.count > block.coverage.count / 2)
        // "x" sits on the baseline: its mask ends at (or one pixel below) it, and starts x-height above.
        let x = font.glyph(font.glyphIndex(for: "x"))
        #expect((0...1).contains(x.height - x.top))
        #expect(Double(x.top) > 0.4 * 40 && Double(x.top) < 0.65 * 40)
        #expect(font.glyph(font.glyphIndex(for: " ")).coverage.allSatisfy { $0 == 0 })
    }

    @Test func missingCharacterUsesTheNotdefBox() throws {
        let font = try Font(path: Self.sans, pixelSize: 20)
        #expect(font.glyphIndex(for: "\u{E000}") == 0)  // private use: not in DejaVu
        let notdef = font.glyph(0)
        #expect(notdef.advance > 0)
        #expect(notdef.coverage.contains { $0 > 0 })
    }

    @Test func badFontFilesFail() throws {
        #expect(throws: RasterError.notFound(path: "/nonexistent/f.ttf")) {
            try Font(path: "/nonexistent/f.ttf", pixelSize: 12)
        }
        try Fixtures.withScratchFolder { folder in
            let path = try Fixtures.write(Array("not a font".utf8), named: "fake.ttf", in: folder)
            #expect(throws: RasterError.font(name: path, message: "FT_New_Face: unknown file format")) {
                try Font(path: path, pixelSize: 12)
            }
        }
        for size in [0, -3, .nan, .infinity, 5000] {
            #expect(throws: RasterError.self) { try Font(path: Self.sans, pixelSize: size) }
        }
    }

    @Test func glyphsFromManyThreadsMatchSerialRendering() throws {
        let shared = try Font(path: Self.sans, pixelSize: 17.5)
        let reference = try Font(path: Self.sans, pixelSize: 17.5)
        let scalars = Array("The quick brown fox jumps over the lazy dog 0123456789".unicodeScalars)
        let expected = scalars.map { reference.glyph(reference.glyphIndex(for: $0)) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 200) { i in
            let k = (i * 7) % scalars.count
            if shared.glyph(shared.glyphIndex(for: scalars[k])) != expected[k] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
