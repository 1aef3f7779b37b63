import Foundation

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

    static let deckKeys = ["pagereel", "canvas", "viewport", "clip", "transition", "perspective", "fold", "page",
                           "pages", "tabs", "indicator", "touches", "physics", "script", "tail", "duration", "fonts"]

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
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return (nil, [DeckIssue(path: "", message: error.description)])
        }
        var reader = JSONReader(root)
        let deck = readDeck(&reader)
        return (deck, reader.issues)
    }

    static func readDeck(_ r: inout JSONReader) -> Deck? {
        guard r.value.members != nil else {
            r.report("expected the deck to be an object, got \(r.value.kindDescription)")
            return nil
        }
        let version = r.member("pagereel", readVersion) ?? 1
        // Another version has other rules; judging its deck by version 1's would only add noise.
        guard version == 1 else { return nil }
        _ = r.expectObject(keys: deckKeys)
        let canvas = r.member("canvas", readCanvas) ?? Canvas()
        let viewport = r.member("viewport") { readViewport(&$0, canvas: canvas) }
        let pages = r.require("pages") ? r.member("pages", readPages) : nil
        var deck = Deck(canvas: canvas, viewport: viewport, pages: pages ?? .list([]))
        deck.version = version
        deck.transition = r.member("transition", readTransition) ?? deck.transition
        deck.perspective = r.number("perspective", .nonNegative) ?? deck.perspective
        deck.clip = r.bool("clip") ?? deck.clip
        deck.fold = r.member("fold", readFold) ?? deck.fold
        deck.pageStyle = r.member("page", readPageStyle) ?? deck.pageStyle
        deck.tabs = r.member("tabs") { readTabs(&$0, pageCount: pages?.count) }
        deck.indicator = r.member("indicator", readIndicator)
        deck.touches = r.bool("touches") ?? deck.touches
        deck.physics = r.member("physics", readPhysics) ?? deck.physics
        let context = ScriptContext(pageCount: pages?.count, hasTabs: r.has("tabs"),
                                    tabCount: deck.tabs?.titles.count)
        deck.script = r.member("script") { readScript(&$0, context: context) } ?? deck.script
        deck.tail = r.number("tail", .nonNegative) ?? deck.tail
        deck.duration = r.number("duration", .positive(max: maxDuration, unit: " s"))
        deck.fonts = r.member("fonts", readFonts) ?? deck.fonts
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
        return r.elements { r, _ in r.readString(nonEmpty: true) }
    }

    static let canvasKeys = ["width", "height", "fps", "background"]

    static func readCanvas(_ r: inout JSONReader) -> Canvas? {
        guard r.expectObject(keys: canvasKeys) else { return nil }
        var canvas = Canvas()
        canvas.width = r.int("width", in: 16...7680) ?? canvas.width
        canvas.height = r.int("height", in: 16...4320) ?? canvas.height
        canvas.fps = r.int("fps", in: 1...120) ?? canvas.fps
        canvas.background = r.color("background") ?? canvas.background
        return canvas
    }

    static let viewportKeys = ["x", "y", "width", "height"]

    /// The viewport; x and y default to centring it on the canvas.
    static func readViewport(_ r: inout JSONReader, canvas: Canvas) -> Rect? {
        guard r.expectObject(keys: viewportKeys) else { return nil }
        _ = r.require("width")
        _ = r.require("height")
        let width = r.member("width") { fitting(&$0, within: canvas.width, "width") }
        let height = r.member("height") { fitting(&$0, within: canvas.height, "height") }
        let x = r.number("x")
        let y = r.number("y")
        guard let width, let height else { return nil }
        return Rect(x: x ?? ((Double(canvas.width) - width) / 2).rounded(),
                    y: y ?? ((Double(canvas.height) - height) / 2).rounded(),
                    width: width, height: height)
    }

    /// A size > 0 that fits in the canvas's `dimension`.
    private static func fitting(_ r: inout JSONReader, within limit: Int, _ dimension: String) -> Double? {
        guard let size = r.readNumber(.positive) else { return nil }
        if size > Double(limit) {
            r.report("\(formatNumber(size)) is over the canvas \(dimension) of \(limit)")
            return nil
        }
        return size
    }
}
