import Foundation
import PageReelDeck
import PageReelMedia
import PageReelRaster

/// Checks a deck's text before rendering: its font files, that every font it names is installed,
/// that markup parses, and which characters no installed font can show.
///
/// A missing family or font file is an error (66) naming it — a substitute font would change the
/// video without a word — and a bad font file or bad markup makes the deck invalid (65). A
/// character no font covers is only a warning: the text still renders, with a box where the
/// character is. Each font and each character is reported once, at the first place naming it.
/// A template deck is checked on its first page: placeholders only ever add digits.
struct TextChecker {
    let inputs: InputRoots

    /// One run of text in the deck and where it is.
    private struct Text {
        /// JSON path of the string, and of the key naming its font (the string's for the default).
        var path: String
        var fontPath: String
        var style: TextStyle
    }

    /// What checking found, and the text renderer with the deck's fonts (to measure captions with).
    func check(_ deck: Deck) -> (issues: [DeckIssue], warnings: [DeckIssue], renderer: TextRenderer) {
        var issues: [DeckIssue] = []
        let library = FontLibrary(inputs: inputs)
        for (index, file) in deck.fonts.enumerated() {
            do throws(RasterError) {
                try library.add(file)
            } catch {
                issues.append(issue(error, at: "fonts[\(index)]", file: file))
            }
        }
        let renderer = TextRenderer(fonts: library, language: deck.locale)
        var badFonts = Set<String>()
        var coverage: [FontKey: [(scalar: Unicode.Scalar, path: String)]] = [:]
        var seen: [FontKey: Set<Unicode.Scalar>] = [:]
        for text in texts(of: deck) {
            let style = text.style
            if badFonts.contains(style.font) { continue }
            do throws(RasterError) {
                _ = try library.family(for: style.font)
            } catch {
                badFonts.insert(style.font)
                issues.append(issue(error, at: text.fontPath, file: style.font))
                continue
            }
            var plain = style.string
            if style.markup {
                do throws(RasterError) {
                    plain = try TextRenderer.plainText(ofMarkup: style.string)
                } catch {
                    issues.append(DeckIssue(path: text.path, message: error.description))
                    continue
                }
            }
            let key = FontKey(font: style.font, weight: style.weight)
            for scalar in plain.unicodeScalars where scalar.value > 0x20 && seen[key, default: []].insert(scalar).inserted {
                coverage[key, default: []].append((scalar, text.path))
            }
        }
        var warnings: [DeckIssue] = []
        var warned = Set<Unicode.Scalar>()
        for (key, characters) in coverage.sorted(by: { $0.value[0].path < $1.value[0].path }) {
            let text = String(String.UnicodeScalarView(characters.map(\.scalar)))
            guard let uncovered = try? renderer.uncoveredCharacters(in: text, font: key.font, weight: key.weight)
            else { continue }
            for scalar in uncovered where warned.insert(scalar).inserted {
                let path = characters.first { $0.scalar == scalar }?.path ?? ""
                warnings.append(DeckIssue(path: path, message: "no installed font has \(Self.describe(scalar))"))
            }
        }
        return (issues, warnings, renderer)
    }

    private struct FontKey: Hashable {
        var font: String
        var weight: FontWeight
    }

    /// `U+0F00 "ༀ"`: the code point, and the character itself when it is printable.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            return code
        default:
            return "\(code) \"\(scalar)\""
        }
    }

    private func issue(_ error: RasterError, at path: String, file: String) -> DeckIssue {
        let file = MessageText.safe(file, limit: 200)
        return switch error {
        case .notFound, .media(.notFound): DeckIssue(path: path, message: "font not found: \(file)", kind: .missingInput)
        case .io(_, let message), .media(.io(_, let message)):
            DeckIssue(path: path, message: "cannot read \(file): \(message)", kind: .missingInput)
        case .media(.outside(_, let resolved, let folders)):
            DeckIssue(path: path, message: "\(file) is " + MediaError.outsideMessage(resolved: resolved, folders: folders),
                      kind: .missingInput)
        case .font: DeckIssue(path: path, message: error.description, kind: .missingInput)
        default: DeckIssue(path: path, message: error.description)
        }
    }

    /// Every text the deck draws: titles, subtitles and text layers of each page (the first one of
    /// a template), and tab titles.
    private func texts(of deck: Deck) -> [Text] {
        var texts: [Text] = []
        let pageCount: Int
        switch deck.pages {
        case .list(let pages): pageCount = pages.count
        case .template: pageCount = 1
        }
        for index in 0..<pageCount {
            let base: String
            if case .template = deck.pages { base = "pages.template" } else { base = "pages[\(index)]" }
            let page = deck.page(at: index)
            if let title = page.title {
                texts.append(Text(path: base + ".title", fontPath: base + ".title",
                                  style: TextStyle(string: title, weight: .bold, markup: page.markup)))
            }
            if let subtitle = page.subtitle {
                texts.append(Text(path: base + ".subtitle", fontPath: base + ".subtitle",
                                  style: TextStyle(string: subtitle, markup: page.markup)))
            }
            for (k, layer) in page.layers.enumerated() {
                guard case .text(let style) = layer.content else { continue }
                let path = base + ".layers[\(k)]"
                let names = style.font != Page.defaultFont
                texts.append(Text(path: path + ".text", fontPath: names ? path + ".font" : path + ".text", style: style))
            }
        }
        if pageCount > 0 {
            let captions = deck.captions
            let names = captions.font != Page.defaultFont
            for index in 0..<pageCount {
                guard let caption = deck.page(at: index).caption else { continue }
                let path = (deck.pages.isTemplate ? "pages.template" : "pages[\(index)]") + ".caption"
                texts.append(Text(path: path, fontPath: names ? "captions.font" : path,
                                  style: TextStyle(string: caption, weight: captions.weight, font: captions.font)))
            }
        }
        if let device = deck.device {
            if let bar = device.statusBar, device.model != .browser {
                texts.append(Text(path: "device.statusBar.time", fontPath: "device.statusBar.time",
                                  style: TextStyle(string: bar.time, weight: .bold)))
            }
            if device.model == .browser {
                texts.append(Text(path: "device.url", fontPath: "device.url", style: TextStyle(string: device.url)))
            }
        }
        if let tabs = deck.tabs {
            let names = tabs.font != Page.defaultFont
            for (k, title) in tabs.titles.enumerated() {
                texts.append(Text(path: "tabs.titles[\(k)]", fontPath: names ? "tabs.font" : "tabs.titles[\(k)]",
                                  style: TextStyle(string: title, weight: tabs.weight, font: tabs.font)))
            }
        }
        return texts
    }
}
