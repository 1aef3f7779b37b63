import Foundation
import PageReelDeck
import PageReelMedia
import PageReelRaster
import PageReelTestSupport
import Synchronization
import Testing

@Suite struct TextRendererTests {
    static let renderer = TextRenderer()

    static func white(_ width: Int, _ height: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        pixmap.fill(r: 255, g: 255, b: 255, a: 255)
        return pixmap
    }

    // MARK: - Against pango-view

    /// `pango-view` (pango1.0-tools) drawing `text` black on transparent at `size` px with the
    /// settings pagereel uses: 72 dpi, no hinting, unhinted metrics, grey anti-aliasing.
    static func pangoView(_ text: String, font: String, size: Double, width: Double? = nil,
                          language: String = "en") throws -> Pixmap {
        try ScratchFolder.with { folder in
            let output = folder.appendingPathComponent("reference.png").path
            var arguments = ["--no-display", "--output=\(output)", "--font=\(font) \(Int(size))px", "--dpi=72",
                             "--hinting=none", "--hint-metrics=off", "--antialias=gray", "--subpixel-positions",
                             "--language=\(language)", "--foreground=#000000", "--background=transparent", "--margin=8",
                             "--text=\(text)"]
            if let width { arguments += ["--width=\(Int(width))", "--wrap=word-char"] }
            _ = try Command.check("pango-view", arguments)
            return try ImageDecoder.decode(fileAt: output)
        }
    }

    /// Rows of `pixmap` holding ink (alpha ≥ 128), grouped into bands separated by empty rows: the
    /// lines of a text, whatever the line spacing.
    static func inkBands(_ pixmap: Pixmap) -> [Range<Int>] {
        var bands: [Range<Int>] = []
        var start: Int?
        for y in 0...pixmap.height {
            let inked = y < pixmap.height && (0..<pixmap.width).contains { pixmap.pixel(x: $0, y: y).a >= 128 }
            if inked, start == nil { start = y }
            if !inked, let s = start {
                bands.append(s..<y)
                start = nil
            }
        }
        return bands
    }

    /// Intersection over union of two ink masks (alpha ≥ 128), rows `a` of one and `b` of the
    /// other, after moving one so the top-left corners of their ink boxes meet.
    static func overlap(_ p: Pixmap, rows a: Range<Int>, _ q: Pixmap, rows b: Range<Int>) -> Double {
        func ink(_ m: Pixmap, _ rows: Range<Int>) -> Set<Int> {
            var points: [(Int, Int)] = []
            for y in rows { for x in 0..<m.width where m.pixel(x: x, y: y).a >= 128 { points.append((x, y)) } }
            let x0 = points.map(\.0).min() ?? 0, y0 = points.map(\.1).min() ?? 0
            return Set(points.map { ($0.1 - y0) * 65536 + ($0.0 - x0) })
        }
        let first = ink(p, a), second = ink(q, b)
        let union = first.union(second).count
        return union == 0 ? 1 : Double(first.intersection(second).count) / Double(union)
    }

    static let scripts: [(name: String, text: String, font: String, width: Double?)] = [
        ("Arabic", "مرحبا بالعالم", Page.defaultFont, nil),
        ("Hebrew", "שלום עולם", Page.defaultFont, nil),
        ("mixed bidi with digits", "السعر 120 ريال for 3 items", Page.defaultFont, nil),
        ("Devanagari", "नमस्ते क्षत्रिय", "Noto Sans Devanagari", nil),
        ("Thai", "ผู้ใหญ่ สวัสดีครับ", Page.defaultFont, nil),
        ("CJK wrapping", "日本語のテキストは単語の間にスペースがなくても折り返されます。", "Noto Sans CJK JP", 260),
        ("emoji and fallback in one string", "🎉 Hi 世界 नमस्ते", Page.defaultFont, nil),
    ]

    /// The same text, font and size drawn by pagereel and by pango-view covers the same pixels,
    /// line by line.
    @Test(arguments: scripts.indices)
    func matchesPangoView(_ index: Int) throws {
        let sample = Self.scripts[index]
        let layout = try Self.renderer.layout(TextStyle(string: sample.text, size: 32, color: .black, font: sample.font),
                                              maxWidth: sample.width)
        let reference = try Self.pangoView(sample.text, font: sample.font, size: 32, width: sample.width)
        let ours = Self.inkBands(layout.image), theirs = Self.inkBands(reference)
        #expect(ours.count == theirs.count, "\(sample.name): \(ours.count) lines of ink, pango-view \(theirs.count)")
        #expect(ours.count >= (sample.width == nil ? 1 : 3))
        for (a, b) in zip(ours, theirs) {
            let iou = Self.overlap(layout.image, rows: a, reference, rows: b)
            #expect(iou > 0.97, "\(sample.name): ink overlaps pango-view's by \(iou)")
        }
    }

    // MARK: - Colour emoji

    /// Pixels that are clearly coloured (channels far apart), not grey or the text colour.
    static func colourfulPixels(_ pixmap: Pixmap) -> Int {
        var count = 0
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let p = pixmap.pixel(x: x, y: y)
                guard p.a > 200 else { continue }
                let channels = [Int(p.r), Int(p.g), Int(p.b)]
                if channels.max()! - channels.min()! > 80 { count += 1 }
            }
        }
        return count
    }

    /// A deck's locale picks the fonts: Han characters take their Japanese forms in `ja` and
    /// their Simplified Chinese ones in `zh-Hans`, as pango-view draws them in those languages.
    @Test func theLanguagePicksTheHanForms() throws {
        let text = "直骨角"
        var images: [String: Pixmap] = [:]
        for language in ["ja", "zh-Hans"] {
            let image = try TextRenderer(language: language).layout(TextStyle(string: text, size: 64, color: .black)).image
            let reference = try Self.pangoView(text, font: Page.defaultFont, size: 64, language: language)
            let (ours, theirs) = (Self.inkBands(image), Self.inkBands(reference))
            #expect(ours.count == 1 && theirs.count == 1)
            if let a = ours.first, let b = theirs.first {
                #expect(Self.overlap(image, rows: a, reference, rows: b) > 0.9, "\(language)")
            }
            images[language] = image
        }
        #expect(images["ja"] != images["zh-Hans"])
    }

    @Test func emojiAreInColourAndNotTinted() throws {
        let white = try Self.renderer.layout(TextStyle(string: "🎉", size: 48, color: .white))
        let green = try Self.renderer.layout(TextStyle(string: "🎉", size: 48, color: Color(r: 0, g: 255, b: 0)))
        #expect(Self.colourfulPixels(white.image) > 200)
        // The text colour does not reach the emoji's pixels.
        #expect(white.image == green.image)
        // Scaled to the size: the bitmap strike (136 px) comes out about 48 px wide.
        #expect((44...64).contains(white.image.width), "\(white.image.width) px wide")
        // A letter beside it does take the colour.
        let mixed = try Self.renderer.layout(TextStyle(string: "🎉 A", size: 48, color: Color(r: 0, g: 255, b: 0)))
        #expect(Self.colourfulPixels(mixed.image) > Self.colourfulPixels(white.image) + 100)
    }

    // MARK: - Markup

    @Test func markupStylesRuns() throws {
        let plain = try Self.renderer.layout(TextStyle(string: "Bold and red", size: 30, color: .black))
        let marked = try Self.renderer.layout(TextStyle(string: "<b>Bold</b> and <span color=\"#FF0000\">red</span>",
                                                        size: 30, color: .black, markup: true))
        #expect(marked.lines.map(\.text) == ["Bold and red"])
        #expect(marked.runs.contains { $0.fontFile.hasSuffix("DejaVuSans-Bold.ttf") })
        #expect(plain.runs.allSatisfy { !$0.fontFile.contains("Bold") })
        var red = 0
        for y in 0..<marked.image.height {
            for x in 0..<marked.image.width {
                let p = marked.image.pixel(x: x, y: y)
                if p.a == 255 && p.r == 255 && p.g == 0 { red += 1 }
            }
        }
        #expect(red > 50)
        // Without markup the tags are text.
        let literal = try Self.renderer.layout(TextStyle(string: "<b>x</b>", size: 20))
        #expect(literal.lines[0].text == "<b>x</b>")
    }

    @Test func badMarkupIsAnError() throws {
        #expect(throws: RasterError.self) {
            try Self.renderer.layout(TextStyle(string: "<b>open", size: 20, markup: true))
        }
        do {
            _ = try TextRenderer.plainText(ofMarkup: "<i>x</b>")
            Issue.record("parsed")
        } catch {
            if case .markup(let message) = error {
                #expect(message.contains("i") && message.contains("b"), "\(message)")
            } else {
                Issue.record("\(error)")
            }
        }
    }

    @Test func markupTextWithoutTags() throws {
        #expect(try TextRenderer.plainText(ofMarkup: "<b>a</b> &amp; <span color=\"red\">b</span>") == "a & b")
    }

    // MARK: - Compositing

    @Test func textInksInsideItsBox() throws {
        // No glyph here reaches past its advance (a "j" would, by its negative left bearing).
        let style = TextStyle(string: "Hägar the Horrible,\nbumpy quokka", size: 20, color: .black)
        var pixmap = Self.white(260, 80)
        let layout = try Self.renderer.draw(style, at: 10, y: 7, into: &pixmap)
        var inked: [(Int, Int)] = []
        for y in 0..<80 { for x in 0..<260 where pixmap.pixel(x: x, y: y) != (255, 255, 255, 255) { inked.append((x, y)) } }
        let x0 = inked.map(\.0).min()!, x1 = inked.map(\.0).max()!
        let y0 = inked.map(\.1).min()!, y1 = inked.map(\.1).max()!
        #expect(x0 >= 10 && x1 < 10 + Int(layout.width.rounded(.up)) + 1)
        #expect(y0 >= 7 && y1 < 7 + Int(layout.height.rounded(.up)))
        #expect(x0 <= 12 && x1 >= 10 + Int(layout.width) - 3)
        // Black on white stays grey: r = g = b everywhere (greyscale anti-aliasing, no fringes).
        for i in stride(from: 0, to: pixmap.pixels.count, by: 4) {
            #expect(pixmap.pixels[i] == pixmap.pixels[i + 1] && pixmap.pixels[i] == pixmap.pixels[i + 2])
        }
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
        // White at opacity 0.5 over premultiplied (0, 0, 100, 200): r = 128, b = 128 + 100 · 127/255
        // = 178, a = 128 + 200 · 127/255 = 228.
        #expect(try blockPixel(color: .white, opacity: 0.5, on: (0, 0, 100, 200)) == (128, 128, 178, 228))
        #expect(try blockPixel(color: .black, opacity: 0, on: (1, 2, 3, 4)) == (1, 2, 3, 4))
        #expect(try blockPixel(color: .clear, opacity: 1, on: (1, 2, 3, 4)) == (1, 2, 3, 4))
    }

    @Test func opaqueStaysExactlyOpaque() throws {
        var pixmap = Pixmap(width: 200, height: 60)
        pixmap.fill(r: 20, g: 40, b: 60, a: 255)
        for opacity in [0.13, 0.5, 0.77, 1] {
            try Self.renderer.draw(TextStyle(string: "Opaque 🎉 ক", size: 30, color: Color(r: 250, g: 200, b: 10, a: 180)),
                                   at: 4, y: 10, opacity: opacity, into: &pixmap)
        }
        #expect(stride(from: 3, to: pixmap.pixels.count, by: 4).allSatisfy { pixmap.pixels[$0] == 255 })
    }

    @Test func textIsClippedToThePixmap() throws {
        let style = TextStyle(string: "Clip me", size: 24, color: .black)
        var whole = Self.white(120, 40)
        try Self.renderer.draw(style, at: 10, y: 5, into: &whole)
        var clipped = Self.white(60, 20)
        try Self.renderer.draw(style, at: -20, y: -7, into: &clipped)
        for y in 0..<20 {
            for x in 0..<60 { #expect(clipped.pixel(x: x, y: y) == whole.pixel(x: x + 30, y: y + 12)) }
        }
        var outside = Self.white(20, 20)
        try Self.renderer.draw(style, at: 500, y: -500, into: &outside)
        #expect(outside == Self.white(20, 20))
    }

    @Test func scaleMultipliesSizeAndWrapWidth() throws {
        let style = TextStyle(string: "one two three four", size: 10, lineHeight: 1.2)
        let base = try Self.renderer.layout(style, maxWidth: 60)
        let doubled = try Self.renderer.layout(style, scale: 2, maxWidth: 60)
        #expect(doubled.lineSpacing == 24)
        #expect(doubled.lines.map(\.text) == base.lines.map(\.text))
        #expect(abs(doubled.height - 2 * base.height) < 1e-9 && doubled.width == 120)
    }

    /// A size scaled past what can be drawn is drawn at the largest size, not refused: whatever a
    /// deck validates with renders at any `--size`.
    @Test func hugeAndTinySizesAreClamped() throws {
        let huge = try Self.renderer.layout(TextStyle(string: "x", size: 1000, lineHeight: 1e300), scale: 50)
        #expect(huge.lineSpacing == 2_000_000)
        let capped = try Self.renderer.layout(TextStyle(string: "x", size: 4096))
        #expect(huge.image.width == capped.image.width)
        let tiny = try Self.renderer.layout(TextStyle(string: "x", size: 1e-300))
        #expect(tiny.lines.count == 1)
    }

    /// Layouts made on many threads at once, each renderer with its own fonts, are the serial
    /// ones: Pango's shared state is only ever touched by one thread.
    @Test func layoutsFromManyThreadsMatchSerial() throws {
        let styles = ["👨‍👩‍👧‍👦🇫🇷क्षत्रि👩🏽‍💻", "مرحبا بالعالم 123", "日本語のテキスト", "Page 1 of 8"].map {
            TextStyle(string: $0, size: 40, color: .black)
        }
        let expected = try styles.map { try TextRenderer().layout($0, maxWidth: 50) }
        let mismatches = Mutex(0)
        let shared = TextRenderer()
        DispatchQueue.concurrentPerform(iterations: 32) { i in
            let renderer = i % 2 == 0 ? shared : TextRenderer()
            guard let layout = try? renderer.layout(styles[i % styles.count], maxWidth: 50) else {
                return mismatches.withLock { $0 += 1 }
            }
            let reference = expected[i % styles.count]
            if layout.image != reference.image || layout.lines != reference.lines { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    // MARK: - Goldens (compared with a tolerance, so a FreeType or HarfBuzz update does not break them)

    @Test func agGolden() throws {
        var pixmap = Self.white(96, 32)
        try Self.renderer.draw(TextStyle(string: "Ag", size: 20, color: .black), at: 8, y: 3, into: &pixmap)
        expectGolden(pixmap, "Ag-20px", tolerance: .text)
    }

    @Test func wrappedCenteredGolden() throws {
        var pixmap = Pixmap(width: 120, height: 64)
        pixmap.fill(r: 16, g: 20, b: 24, a: 255)
        let style = TextStyle(string: "Swipe to begin, then fling", size: 16, weight: .bold,
                              color: Color(r: 255, g: 107, b: 107), align: .center)
        try Self.renderer.draw(style, at: 10, y: 4, maxWidth: 100, into: &pixmap)
        expectGolden(pixmap, "wrapped-centered-bold", tolerance: .text)
    }
}
