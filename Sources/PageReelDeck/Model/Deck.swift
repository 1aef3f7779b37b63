// PageReelDeck: the deck format (DESIGN §2) as typed values.
//
// Design note: a deck is decoded once, from JSON into these value types, by `DeckDecoder`, which
// reports every problem at once with its JSON path. Everything downstream works on typed values
// and never re-reads JSON. Defaults live here, next to the fields they belong to, so the decoder,
// the schema and the docs agree. Templated page lists are kept as a template and resolved per
// index (`Deck.page(at:)`), so a deck of a million pages costs the memory of one. The JSON is
// read with PageReelJSON, which knows nothing of decks. Three of its types are part of this
// module's own promise, so they come with it: `MessageText`, how every message shows text from a
// deck; `SpellingSuggestion`, the "did you mean" of every unknown name (keys, transitions, fonts,
// commands); `NumberBounds`, the ranges the format declares for its numbers.
@_exported import enum PageReelJSON.MessageText
@_exported import enum PageReelJSON.SpellingSuggestion
@_exported import struct PageReelJSON.NumberBounds
import Foundation

/// A decoded, validated deck: pages, their presentation and the gesture script.
public struct Deck: Sendable, Equatable {
    /// The format version (`"pagereel": 1`).
    public var version: Int = 1
    public var canvas: Canvas = Canvas()
    /// The scroll view's frame on the canvas; the page size is the viewport size.
    public var viewport: Rect
    /// Whether the deck left the viewport out: a device then lays it out (`DeviceLayout`).
    public var automaticViewport: Bool
    public var transition: TransitionSpec = .named(.none)
    /// Eye distance in points for the named MAG transitions; 0 = orthographic.
    public var perspective: Double = 0
    /// How the pages are laid out: axis, direction, size, spacing, where the current one rests.
    public var layout: Layout = Layout()
    /// Draw pages only inside the viewport (UIScrollView's `clipsToBounds`); MAG shows neighbours.
    public var clip: Bool = false
    public var fold: FoldOptions = FoldOptions()
    public var pageStyle: PageStyle = PageStyle()
    public var pages: PageList
    public var tabs: Tabs?
    public var indicator: Indicator?
    public var touches: Bool = false
    public var physics: Physics = Physics()
    public var script: [Step] = []
    /// Seconds of stillness after the script settles.
    public var tail: Double = 0.5
    /// A fixed video length in seconds, overriding script + tail.
    public var duration: Double?
    /// Font files (or folders of them) beside the deck whose families text may name, so names
    /// resolve the same on every machine. Paths relative to the deck file.
    public var fonts: [String] = []
    /// The device the pages are shown in; nil = none.
    public var device: Device?
    /// How the pages' captions are set.
    public var captions: Captions = Captions()
    /// Music, touch sounds and whether recordings play their own audio.
    public var audio: Audio = Audio()
    /// The languages the deck is written in (`locales`), the first being the default; empty
    /// when it gives its text in one language only.
    public var locales: [String] = []
    /// The one of `locales` this deck was read in: its text, its paths and its direction are
    /// that locale's. nil when the deck has no locales.
    public var locale: String?

    public init(canvas: Canvas = Canvas(), viewport: Rect? = nil, pages: PageList) {
        self.canvas = canvas
        self.viewport = viewport ?? Deck.defaultViewport(for: canvas)
        automaticViewport = viewport == nil
        self.pages = pages
    }

    /// The number of pages.
    public var pageCount: Int { pages.count }

    /// Page `index`, with template strings resolved.
    public func page(at index: Int) -> Page { pages.page(at: index) }

    /// Whether any page has a recording that plays this way.
    public func hasRecording(playing play: Video.Play) -> Bool {
        switch pages {
        case .list(let list): list.contains { $0.videos.contains { $0.play == play } }
        case .template(_, let page): page.videos.contains { $0.play == play }
        }
    }

    /// A centred page area: 80% of the canvas height, portrait 9:16 when the canvas is landscape,
    /// and 80% of the width otherwise.
    public static func defaultViewport(for canvas: Canvas) -> Rect {
        let cw = Double(canvas.width), ch = Double(canvas.height)
        var h = (ch * 0.8).rounded()
        var w = cw > ch ? (h * 9 / 16).rounded() : (cw * 0.8).rounded()
        if w > cw { w = cw; h = min(h, ch) }
        return Rect(x: ((cw - w) / 2).rounded(), y: ((ch - h) / 2).rounded(), width: w, height: h)
    }
}

/// The output frame: size in pixels (= points), frame rate and the colour behind everything.
public struct Canvas: Sendable, Equatable {
    public var width: Int = 1280
    public var height: Int = 720
    public var fps: Int = 30
    /// What shows behind everything: a colour, a gradient or an image.
    public var background: Backdrop = .color(Color(r: 0x10, g: 0x14, b: 0x18))

    public init(width: Int = 1280, height: Int = 720, fps: Int = 30,
                background: Backdrop = .color(Color(r: 0x10, g: 0x14, b: 0x18))) {
        self.width = width
        self.height = height
        self.fps = fps
        self.background = background
    }
}

/// An axis-aligned rectangle in points.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// An sRGB colour with straight (not premultiplied) alpha.
public struct Color: Sendable, Equatable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let white = Color(r: 255, g: 255, b: 255)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive); nil if malformed.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.utf8.dropFirst())
        var values: [UInt8] = []
        for d in digits {
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(d - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(d - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(d - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch values.count {
        case 3: self.init(r: values[0] * 17, g: values[1] * 17, b: values[2] * 17)
        case 6, 8:
            let byte = { (i: Int) in values[2 * i] << 4 | values[2 * i + 1] }
            self.init(r: byte(0), g: byte(1), b: byte(2), a: values.count == 8 ? byte(3) : 255)
        default: return nil
        }
    }

    /// The colour with its alpha multiplied by `factor` (0...1).
    public func withAlpha(_ factor: Double) -> Color {
        var c = self
        c.a = UInt8((Double(a) * min(max(factor, 0), 1)).rounded())
        return c
    }
}
