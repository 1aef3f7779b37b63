import Foundation
import PageReelJSON

/// Turns deck JSON into a `Deck`, or into every problem with it at once.
///
/// Authors fix decks in a loop of edit and run, so one run should report all that is wrong, each
/// with its JSON path (`pages[1].image: must not be empty`), rather than the first thing a
/// `Codable` decoder trips over. The decoder walks the tree with a `JSONReader`; each part of the
/// format has its own `read…` function in an extension (`DeckDecoder+Pages.swift`, …). Checks that
/// need other parts — the viewport against the canvas, tab titles and jump targets against the
/// page count — run after those parts are read, whatever order the keys were written in.
public enum DeckDecoder {
    /// The most pages a deck may have, as a list or a template.
    public static let maxPages = 1_000_000
    /// The longest video, in seconds.
    public static let maxDuration = 600.0

    /// Decodes a deck; `file` is the name the user gave, used in the error.
    public static func decode(_ data: Data, file: String) throws(DeckError) -> Deck {
        try decode(Array(data), file: file)
    }

    /// Decodes a deck from UTF-8 bytes; `file` is the name the user gave, used in the error.
    public static func decode(_ bytes: [UInt8], file: String) throws(DeckError) -> Deck {
        let (deck, issues) = decodeBestEffort(bytes)
        guard let deck, issues.isEmpty else { throw DeckError(file: file, issues: issues) }
        return deck
    }

    /// Decodes as much as it can: the deck with defaults where values were bad (page indices kept),
    /// and every issue. Lets a caller check the files a broken deck names in the same run.
    public static func decodeBestEffort(_ bytes: [UInt8]) -> (deck: Deck?, issues: [DeckIssue]) {
        let (root, issues) = parse(bytes)
        guard let root else { return (nil, issues) }
        let (deck, deckIssues, _) = decodeBestEffort(root, locale: nil)
        return (deck, deckIssues)
    }

    /// The deck's JSON tree, or nil and the syntax error that stops it being one.
    public static func parse(_ bytes: [UInt8]) -> (root: JSONValue?, issues: [DeckIssue]) {
        do {
            return (try JSONParser.parse(bytes), [])
        } catch {
            return (nil, [DeckIssue(path: "", message: error.message, position: error.position)])
        }
    }

    /// The locales a parsed deck declares (`locales`), or none when it declares none or they are
    /// wrong (decoding then says why).
    public static func locales(of root: JSONValue) -> [String] {
        var reader = JSONReader(root)
        guard root.members != nil else { return [] }
        return reader.member(DeckFormat.RootKeys.locales.name, readLocales) ?? []
    }

    /// Decodes a parsed deck as best it can (`decodeBestEffort(_:)`) in `locale`, one of its
    /// `locales` (nil = the first, or none when it has none): text given per locale is read in it,
    /// `{locale}` in paths becomes it, and a right-to-left one pages right to left unless the
    /// deck's layout gives a direction.
    /// `localized` holds the JSON paths of the paths that held `{locale}`.
    public static func decodeBestEffort(_ root: JSONValue,
                                        locale: String?) -> (deck: Deck?, issues: [DeckIssue], localized: Set<String>) {
        var reader = JSONReader(root)
        let deck = readDeck(&reader, locale: locale)
        return (deck, reader.issues.map { DeckIssue(path: $0.path, message: $0.message, position: $0.position) }, Set(reader.localized))
    }

    static func readDeck(_ r: inout JSONReader, locale: String? = nil) -> Deck? {
        typealias K = DeckFormat.RootKeys
        guard r.value.members != nil else {
            r.report("expected the deck to be an object, got \(r.value.kindDescription)")
            return nil
        }
        let version = r.member(K.version.name, readVersion) ?? 1
        // Another version has other rules; judging its deck by version 1's would only add noise.
        guard version == 1 else { return nil }
        _ = r.expectObject(K.spec)
        // First, since every text and path after it may depend on the locale.
        // Wrong locales are reported once; the text is then read against the codes that are right.
        let locales = r.member(K.locales.name, readLocales) ?? r.value[K.locales.name]?.elements.map { items in
            var seen = Set<String>()
            return items.compactMap(\.string).filter { LocaleCode.isValid($0) && seen.insert($0).inserted }
        } ?? []
        let current = locale ?? locales.first
        if let current {
            if locales.contains(current) {
                r.locales = JSONReader.Locales(codes: locales, current: current)
            } else {
                r.report("has no locale \(MessageText.quoted(current))" + (locales.isEmpty ? "" : " (it has \(locales.joined(separator: ", ")))"),
                         key: K.locales.name)
            }
        }
        let canvas = r.member(K.canvas.name, readCanvas) ?? Canvas()
        let viewport = r.member(K.viewport.name) { readViewport(&$0, canvas: canvas) }
        let pages = r.has(K.pages.name) ? r.member(K.pages.name, readPages) : nil
        var deck = Deck(canvas: canvas, viewport: viewport, pages: pages ?? .list([]))
        deck.version = version
        deck.transition = r.member(K.transition.name, readTransition) ?? deck.transition
        deck.perspective = r.read(K.perspective) ?? deck.perspective
        deck.layout = r.member(K.layout.name, readLayout) ?? deck.layout
        let givesDirection = r.member(K.layout.name) { $0.has(DeckFormat.LayoutKeys.direction.name) } ?? false
        if let current = r.locales?.current, !givesDirection, LocaleCode.isRightToLeft(current) {
            deck.layout.direction = .rtl
        }
        deck.locales = locales
        deck.locale = r.locales?.current
        deck.clip = r.read(K.clip) ?? deck.clip
        deck.fold = r.member(K.fold.name, readFold) ?? deck.fold
        deck.pageStyle = r.member(K.page.name, readPageStyle) ?? deck.pageStyle
        deck.tabs = r.member(K.tabs.name) { readTabs(&$0, pageCount: pages?.count) }
        deck.indicator = r.member(K.indicator.name, readIndicator)
        deck.touches = r.read(K.touches) ?? deck.touches
        deck.physics = r.member(K.physics.name, readPhysics) ?? deck.physics
        let device = r.value[K.device.name]
        let context = ScriptContext(pageCount: pages?.count, hasTabs: r.has(K.tabs.name),
                                    tabCount: deck.tabs?.titles.count,
                                    hasDevice: device.map { $0.string != "none" } ?? false)
        deck.script = r.member(K.script.name) { readScript(&$0, context: context) } ?? deck.script
        deck.tail = r.read(K.tail) ?? deck.tail
        deck.duration = r.read(K.duration)
        deck.fonts = r.member(K.fonts.name, readFonts) ?? deck.fonts
        deck.device = r.member(K.device.name, readDevice)
        deck.captions = r.member(K.captions.name, readCaptions) ?? deck.captions
        deck.audio = r.member(K.audio.name, readAudio) ?? deck.audio
        return pages == nil ? nil : deck
    }

    /// The format version, reported when it is not 1, the only one this decoder reads.
    static func readVersion(_ r: inout JSONReader) -> Int? {
        let version = r.readInt()
        if let version, version != 1 { r.report("unsupported version \(version) (this pagereel reads 1)") }
        return version
    }

    /// `fonts`: font files (or folders) beside the deck, each a non-empty path.
    static func readFonts(_ r: inout JSONReader) -> [String]? {
        guard r.value.elements != nil else {
            r.reportType(expected: "an array of font file paths")
            return nil
        }
        return r.elements { r, _ in readPath(&r) }
    }

    static func readCanvas(_ r: inout JSONReader) -> Canvas? {
        typealias K = DeckFormat.CanvasKeys
        guard r.expectObject(K.spec) else { return nil }
        var canvas = Canvas()
        canvas.width = r.read(K.width) ?? canvas.width
        canvas.height = r.read(K.height) ?? canvas.height
        canvas.fps = r.read(K.fps) ?? canvas.fps
        canvas.background = r.member(K.background.name, readBackdrop) ?? canvas.background
        return canvas
    }

    static func readLayout(_ r: inout JSONReader) -> Layout? {
        typealias K = DeckFormat.LayoutKeys
        guard r.expectObject(K.spec) else { return nil }
        var layout = Layout()
        layout.orientation = r.read(K.orientation) ?? layout.orientation
        layout.direction = r.read(K.direction) ?? layout.direction
        layout.pageWidth = r.read(K.pageWidth)
        layout.pageHeight = r.read(K.pageHeight)
        layout.spacing = r.read(K.spacing) ?? layout.spacing
        layout.align = r.read(K.align) ?? layout.align
        layout.wrap = r.read(K.wrap) ?? layout.wrap
        return layout
    }

    /// The viewport; x and y default to centring it on the canvas.
    static func readViewport(_ r: inout JSONReader, canvas: Canvas) -> Rect? {
        typealias K = DeckFormat.ViewportKeys
        guard r.expectObject(K.spec) else { return nil }
        let width = r.member(K.width.name) { fitting(&$0, K.width, within: canvas.width) }
        let height = r.member(K.height.name) { fitting(&$0, K.height, within: canvas.height) }
        let x = r.read(K.x)
        let y = r.read(K.y)
        guard let width, let height else { return nil }
        return Rect(x: x ?? ((Double(canvas.width) - width) / 2).rounded(),
                    y: y ?? ((Double(canvas.height) - height) / 2).rounded(),
                    width: width, height: height)
    }

    /// A size as `key` declares it that also fits in the canvas's dimension of the same name.
    private static func fitting(_ r: inout JSONReader, _ key: Key<Double>, within limit: Int) -> Double? {
        guard let size = key.read(&r) else { return nil }
        if size > Double(limit) {
            r.report("\(JSONNumber.format(size)) is over the canvas \(key.name) of \(limit)")
            return nil
        }
        return size
    }
}
