import Foundation
import PageReelDeck
import PageReelRaster
import PageReelTestSupport
import Testing

/// Shaping held against HarfBuzz's own `hb-shape` (libharfbuzz-bin): for every run of a layout,
/// the same characters shaped by `hb-shape` with the run's font file, direction and language give
/// the same glyph ids, clusters, advances and offsets. pagereel reaches HarfBuzz through Pango, so
/// this shows that itemizing, fallback, bidi and shaping reach the glyphs a direct HarfBuzz call
/// gives — ligatures, GPOS kerning, Arabic joining, Indic conjuncts, Thai marks.
@Suite struct TextEngineTests {
    static let size = 40.0

    /// One glyph of `hb-shape --output-format=json`.
    struct HBGlyph: Decodable {
        var g: UInt32
        var cl: Int
        var dx: Int
        var dy: Int
        var ax: Int
    }

    /// `hb-shape` of `text` in a font file at `size` pixels, positions in 1/1024 px (Pango's unit).
    static func hbShape(_ run: TextLayout.GlyphRun, size: Double) throws -> [HBGlyph] {
        try hbShape(run.text, fontFile: run.fontFile, faceIndex: run.faceIndex, rightToLeft: run.isRightToLeft,
                    language: run.language, size: size)
    }

    static func hbShape(_ text: String, fontFile: String, faceIndex: Int, rightToLeft: Bool, language: String,
                        size: Double) throws -> [HBGlyph] {
        var arguments = ["--font-file=\(fontFile)", "--face-index=\(faceIndex)",
                         "--font-size=\(Int(size * 1024))", "--output-format=json", "--no-glyph-names", "--utf8-clusters", "--cluster-level=1",
                         "--direction=\(rightToLeft ? "rtl" : "ltr")", "--text=\(text)"]
        if !language.isEmpty { arguments.append("--language=\(language)") }
        let out = try Command.check("hb-shape", arguments)
        // hb-shape prints one JSON array per line of input.
        let line = String(decoding: out, as: UTF8.self).split(separator: "\n").first ?? "[]"
        return try JSONDecoder().decode([HBGlyph].self, from: Data(line.utf8))
    }

    /// Lays out `text` and checks every run against hb-shape; returns the layout.
    @discardableResult
    static func expectShapedLikeHarfBuzz(_ text: String, font: String = Page.defaultFont, weight: FontWeight = .regular,
                                         sourceLocation: SourceLocation = #_sourceLocation) throws -> TextLayout {
        let layout = try TextRenderer().layout(TextStyle(string: text, size: size, weight: weight, font: font))
        #expect(!layout.runs.isEmpty, sourceLocation: sourceLocation)
        for run in layout.runs {
            let reference = try hbShape(run, size: size)
            #expect(run.glyphs == reference.map(\.g), "glyphs of \"\(run.text)\" in \(run.fontFile)",
                    sourceLocation: sourceLocation)
            #expect(run.clusters == reference.map(\.cl), "clusters of \"\(run.text)\"", sourceLocation: sourceLocation)
            guard run.glyphs.count == reference.count else { continue }
            for (k, glyph) in reference.enumerated() {
                // 1/1024 px units on both sides; Pango may round a unit differently.
                #expect(abs(run.advances[k] * 1024 - Double(glyph.ax)) <= 1, "advance \(k) of \"\(run.text)\"",
                        sourceLocation: sourceLocation)
                #expect(abs(run.offsets[k].x * 1024 - Double(glyph.dx)) <= 1, sourceLocation: sourceLocation)
                // HarfBuzz's y grows upwards, Pango's downwards.
                #expect(abs(run.offsets[k].y * 1024 + Double(glyph.dy)) <= 1, sourceLocation: sourceLocation)
            }
        }
        return layout
    }

    @Test func latinKerningAndLigaturesAreHarfBuzzs() throws {
        let text = "AVATAR To office ffi"
        let layout = try Self.expectShapedLikeHarfBuzz(text)
        // DejaVu Sans's ligatures: "ffi" is one glyph, twice.
        #expect(layout.runs.reduce(0) { $0 + $1.glyphs.count } == text.count - 4)
        // GPOS kerning pulls A and V together: A's advance is less than its own width in the font.
        let plain = try TextRenderer().layout(TextStyle(string: "A", size: Self.size))
        #expect(layout.runs[0].advances[0] < plain.runs[0].advances[0] - 1)
    }

    @Test func arabicJoinsRightToLeft() throws {
        let text = "مرحبا بالعالم"
        let layout = try Self.expectShapedLikeHarfBuzz(text)
        #expect(layout.lines.count == 1 && layout.lines[0].isRightToLeft)
        #expect(layout.runs.allSatisfy { $0.isRightToLeft })
        // Joined forms: the same letters shaped one by one (isolated) give other glyphs.
        let joined = Set(layout.runs.flatMap(\.glyphs))
        var isolated = Set<UInt32>()
        for letter in text where letter != " " {
            isolated.formUnion(try TextRenderer().layout(TextStyle(string: String(letter), size: Self.size)).runs.flatMap(\.glyphs))
        }
        #expect(!joined.isSubset(of: isolated))
    }

    @Test func hebrewReadsRightToLeft() throws {
        let layout = try Self.expectShapedLikeHarfBuzz("שלום עולם")
        #expect(layout.lines[0].isRightToLeft)
        // Visual order: the first letter (shin) is the rightmost glyph.
        let run = try #require(layout.runs.first)
        let shin = try Self.hbShape("ש", fontFile: run.fontFile, faceIndex: run.faceIndex, rightToLeft: true,
                                    language: run.language, size: Self.size)
        #expect(layout.runs.last?.glyphs.last == shin.first?.g)
    }

    @Test func mixedBidiWithDigitsKeepsNumbersLeftToRight() throws {
        let layout = try Self.expectShapedLikeHarfBuzz("السعر 120 ريال for 3 items")
        // An Arabic paragraph: the runs alternate direction, digits and Latin are left-to-right runs.
        #expect(layout.lines[0].isRightToLeft)
        let ltr = layout.runs.filter { !$0.isRightToLeft }.map(\.text).joined()
        #expect(ltr.contains("120") && ltr.contains("for 3 items"))
        // Visual order of a right-to-left paragraph: the Latin, written last, is drawn leftmost.
        #expect(layout.runs.first?.text.contains("items") == true)
    }

    @Test func devanagariConjunctsAndThaiMarks() throws {
        // क्ष and त्र are conjuncts: fewer glyphs than characters.
        let hindi = try Self.expectShapedLikeHarfBuzz("क्षत्रिय नमस्ते", font: "Noto Sans Devanagari")
        let conjunct = try #require(hindi.runs.first)
        #expect(conjunct.glyphs.count < conjunct.text.unicodeScalars.count)
        // Thai: DejaVu has no Thai, so it comes from a fallback font, marks positioned by GPOS.
        let thai = try Self.expectShapedLikeHarfBuzz("ผู้ใหญ่ สวัสดี")
        #expect(thai.runs.contains { !$0.fontFile.contains("DejaVu") })
        #expect(thai.unknownCharacters.isEmpty)
    }

    @Test func fallbackInOneString() throws {
        let layout = try Self.expectShapedLikeHarfBuzz("Hi 世界 नमस्ते 🎉")
        let fonts = Set(layout.runs.map(\.fontFile))
        // DejaVu for Latin, a CJK font, a Devanagari font, the colour emoji font.
        #expect(fonts.count >= 4, "\(fonts)")
        #expect(fonts.contains { $0.contains("DejaVuSans") })
        #expect(fonts.contains { $0.contains("Emoji") })
        #expect(layout.unknownCharacters.isEmpty)
    }

    @Test func uncoveredCharacterIsReported() throws {
        // U+0F00 (Tibetan) is in no font Scripts/setup installs; a private-use character in none.
        let layout = try TextRenderer().layout(TextStyle(string: "a\u{E123}b", size: 20))
        #expect(layout.unknownCharacters == ["\u{E123}"])
    }
}
