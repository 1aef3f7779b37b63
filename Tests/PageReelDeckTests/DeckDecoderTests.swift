import Foundation
import PageReelDeck
import PageReelJSON
import Testing

@Suite struct DeckDecoderTests {
    /// The example deck of DESIGN §2, verbatim.
    static let designExample = """
    {
      "pagereel": 1,
      "canvas":   { "width": 1280, "height": 720, "fps": 30, "background": "#101418" },
      "viewport": { "x": 340, "y": 60, "width": 600, "height": 600 },
      "transition": "cards",
      "perspective": 0,
      "page":  { "cornerRadius": 24, "shadow": true },
      "pages": [
        { "background": "#FF6B6B", "title": "Welcome", "subtitle": "Swipe to begin" },
        { "image": "shots/feed.png", "fit": "fill" },
        { "background": { "from": "#4ECDC4", "to": "#556270", "angle": 90 },
          "layers": [
            { "image": "phone.png", "x": 150, "y": 60, "width": 300, "height": 420, "parallax": { "x": -1 } },
            { "text": "Details", "x": 40, "y": 520, "size": 28, "weight": "bold", "color": "#FFFFFF",
              "parallax": { "x": -4, "y": 1 } } ] }
      ],
      "tabs":      { "titles": ["Home", "Feed", "Profile"], "selector": { "color": "#00FF00", "alpha": 0.8, "height": 4 } },
      "indicator": "dots",
      "touches":   true,
      "physics":   { "paging": true, "deceleration": "normal", "flingVelocity": 100,
                     "snap": { "response": 0.35, "dampingRatio": 1.0 }, "rubberBand": 0.55, "bounces": true },
      "script": [
        { "wait": 0.6 },
        { "drag":  { "by": 0.45, "duration": 0.35 } },
        { "swipe": "next" },
        { "fling": { "velocity": -1800 } },
        { "tap":   { "tab": 2 } },
        { "jump":  { "to": 0, "through": false } },
        { "hint":  { "distance": 30 } }
      ]
    }
    """

    @Test func decodesTheDesignExample() throws {
        let deck = try DeckDecoder.decode(Data(Self.designExample.utf8), file: "deck.json")
        #expect(deck.version == 1)
        #expect(deck.canvas == Canvas(width: 1280, height: 720, fps: 30, background: .color(Color(r: 0x10, g: 0x14, b: 0x18))))
        #expect(deck.viewport == Rect(x: 340, y: 60, width: 600, height: 600))
        #expect(deck.transition == .named(.cards))
        #expect(deck.pageStyle == PageStyle(cornerRadius: 24, shadow: Shadow()))
        #expect(deck.pageCount == 3)
        #expect(deck.page(at: 0) == Page(background: .color(Color(r: 0xFF, g: 0x6B, b: 0x6B)),
                                         title: "Welcome", subtitle: "Swipe to begin"))
        #expect(deck.page(at: 1) == Page(image: "shots/feed.png", fit: .fill))
        let third = deck.page(at: 2)
        #expect(third.background == .gradient(from: Color(r: 0x4E, g: 0xCD, b: 0xC4),
                                               to: Color(r: 0x55, g: 0x62, b: 0x70), angle: 90))
        #expect(third.layers == [
            Layer(content: .image("phone.png"), x: 150, y: 60, width: 300, height: 420, parallax: Parallax(x: -1)),
            Layer(content: .text(TextStyle(string: "Details", size: 28, weight: .bold, color: .white)),
                  x: 40, y: 520, parallax: Parallax(x: -4, y: 1)),
        ])
        var tabs = Tabs(titles: ["Home", "Feed", "Profile"])
        tabs.selector = Tabs.Selector(color: Color(r: 0, g: 255, b: 0), alpha: 0.8, height: 4)
        #expect(deck.tabs == tabs)
        #expect(deck.indicator == Indicator(style: .dots))
        #expect(deck.touches)
        #expect(deck.physics == Physics())
        #expect(deck.script == [
            Step(.wait(0.6)),
            Step(.drag(Step.Drag(by: 0.45, duration: 0.35))),
            Step(.swipe(.next)),
            Step(.fling(velocity: -1800)),
            Step(.tap(tab: 2)),
            Step(.jump(Step.Jump(to: 0, through: false))),
            Step(.hint(Step.Hint(distance: 30))),
        ])
        #expect(deck.tail == 0.5)
        #expect(deck.duration == nil)
    }

    @Test func fillsDefaultsForAMinimalDeck() throws {
        let deck = try #require(decodeDeck(#"{"pages": [{}]}"#))
        #expect(deck.canvas == Canvas(width: 1280, height: 720, fps: 30, background: .color(Color(r: 0x10, g: 0x14, b: 0x18))))
        // 80% of 720 high, 9:16 wide, centred: worked out by hand.
        #expect(deck.viewport == Rect(x: 478, y: 72, width: 324, height: 576))
        #expect(deck.transition == .named(.none))
        #expect(deck.perspective == 0)
        #expect(deck.fold.folds == 5)
        #expect(deck.pageStyle == PageStyle())
        #expect(deck.pages == .list([Page()]))
        #expect(deck.tabs == nil && deck.indicator == nil && !deck.touches)
        #expect(deck.script.isEmpty && deck.tail == 0.5 && deck.duration == nil)
    }

    @Test func checksTheVersion() {
        #expect(decodeDeck(with: #""pagereel": 1"#) != nil)
        #expect(issues(with: #""pagereel": 2"#) == ["pagereel: unsupported version 2 (this pagereel reads 1)"])
        // Only the version is reported: the rest follows rules this decoder does not know.
        #expect(issues(#"{"pagereel": 2, "pages": [], "scenes": {}}"#)
            == ["pagereel: unsupported version 2 (this pagereel reads 1)"])
        #expect(issues(with: #""pagereel": "1""#) == ["pagereel: expected an integer, got a string"])
    }

    @Test func decodesTheCanvas() throws {
        let deck = try #require(decodeDeck(with: ##""canvas": {"width": 1920.0, "height": 1080, "fps": 60, "background": "#000"}"##))
        #expect(deck.canvas == Canvas(width: 1920, height: 1080, fps: 60, background: .color(.black)))
        #expect(deck.viewport == Deck.defaultViewport(for: deck.canvas))
    }

    @Test(arguments: [
        (#"{"width": 8000}"#, "canvas.width: 8000 is over the limit of 7680"),
        (#"{"width": "wide"}"#, "canvas.width: expected an integer, got a string"),
        (#"{"width": 1e20}"#, "canvas.width: 1e+20 is over the limit of 7680"),
        (#"{"height": 8}"#, "canvas.height: 8 is below the minimum of 16"),
        (#"{"height": 4321}"#, "canvas.height: 4321 is over the limit of 4320"),
        (#"{"fps": 30.5}"#, "canvas.fps: expected an integer, got 30.5"),
        (#"{"fps": 0}"#, "canvas.fps: 0 is below the minimum of 1"),
        (#"{"fps": 121}"#, "canvas.fps: 121 is over the limit of 120"),
        (##"{"background": "#12345"}"##, ##"canvas.background: "#12345" is not a colour (use #RGB, #RRGGBB or #RRGGBBAA)"##),
        (#"{"fsp": 30}"#, #"canvas.fsp: unknown key (did you mean "fps"?)"#),
        ("[1280, 720]", "canvas: expected an object, got an array"),
    ])
    func rejectsBadCanvases(canvas: String, message: String) {
        #expect(issues(with: #""canvas": "# + canvas) == [message])
    }

    @Test func centresAViewportWithoutAPosition() throws {
        let deck = try #require(decodeDeck(with: #""viewport": {"width": 600, "height": 600}"#))
        #expect(deck.viewport == Rect(x: 340, y: 60, width: 600, height: 600))
        let placed = try #require(decodeDeck(with: #""viewport": {"x": 0, "y": 0.5, "width": 1280, "height": 719.5}"#))
        #expect(placed.viewport == Rect(x: 0, y: 0.5, width: 1280, height: 719.5))
    }

    @Test func checksTheViewportAgainstTheCanvasWhateverTheKeyOrder() {
        let deck = #"{"viewport": {"width": 300, "height": 400}, "pages": [{}], "canvas": {"width": 400, "height": 300}}"#
        #expect(issues(deck) == ["viewport.height: 400 is over the canvas height of 300"])
        #expect(issues(with: #""viewport": {"width": 1400, "height": 600}"#)
            == ["viewport.width: 1400 is over the canvas width of 1280"])
    }

    @Test func rejectsIncompleteViewports() {
        #expect(issues(with: #""viewport": {"width": 600}"#) == ["viewport.height: required"])
        #expect(issues(with: #""viewport": {}"#) == ["viewport.width: required", "viewport.height: required"])
        #expect(issues(with: #""viewport": {"width": 0, "height": -5}"#)
            == ["viewport.width: must be > 0", "viewport.height: must be > 0"])
        #expect(issues(with: #""viewport": {"width": 10, "height": 10, "x": "left"}"#)
            == ["viewport.x: expected a number, got a string"])
    }

    @Test func checksTailAndDuration() throws {
        let deck = try #require(decodeDeck(with: #""tail": 0, "duration": 12.5"#))
        #expect(deck.tail == 0 && deck.duration == 12.5)
        #expect(decodeDeck(with: #""duration": 600"#)?.duration == 600)
        #expect(issues(with: #""tail": -1"#) == ["tail: must be >= 0"])
        #expect(issues(with: #""duration": 900"#) == ["duration: 900 is over the limit of 600 s"])
        #expect(issues(with: #""duration": 0"#) == ["duration: must be > 0"])
    }

    @Test func suggestsTopLevelKeys() {
        #expect(issues(with: #""transtion": "cards""#) == [#"transtion: unknown key (did you mean "transition"?)"#])
        #expect(issues(with: #""Touches": true"#) == [#"Touches: unknown key (did you mean "touches"?)"#])
        #expect(issues(with: #""sound": "on""#) == ["sound: unknown key"])
        #expect(issues(with: #""my key": 1"#) == [#"["my key"]: unknown key"#])
        #expect(issues(with: #""canvas": {"a.b": 1}"#) == [#"canvas["a.b"]: unknown key"#])
        #expect(issues(with: #""canvas": null"#) == ["canvas: expected an object, got null"])
    }

    @Test func requiresPages() {
        #expect(issues(#"{"Pages": [{}]}"#) == ["pages: required", #"Pages: unknown key (did you mean "pages"?)"#])
    }

    @Test func rejectsADeckThatIsNotAnObject() {
        #expect(issues("[1]") == ["expected the deck to be an object, got an array"])
        #expect(issues(#""deck""#) == ["expected the deck to be an object, got a string"])
    }

    @Test func reportsASyntaxErrorWithAnEmptyPath() throws {
        let error = try #require(throws: DeckError.self) {
            try DeckDecoder.decode(Array("{\n  \"pages\": [{}],\n}".utf8), file: "deck.json")
        }
        #expect(error.issues == [DeckIssue(path: "", message: "trailing comma before '}'")])
        #expect(error.issues.first?.position == SourcePosition(line: 3, column: 1))
        #expect(error.description == "deck.json:3:1: trailing comma before '}'")
    }

    @Test func reportsAnOverflowingNumberAsASyntaxError() {
        #expect(issues(with: #""tail": 1e400"#) == ["number 1e400 is out of range"])
    }

    @Test func reportsEveryIssueInDocumentOrder() throws {
        let json = """
        {
          "duration": 900,
          "script": [{"jump": {"to": 7}}],
          "canvas": {"width": 8000, "fps": 30.5},
          "transition": "card",
          "pages": [{"titel": "x"}, {"background": "#12345"}]
        }
        """
        let error = try #require(throws: DeckError.self) { try DeckDecoder.decode(Array(json.utf8), file: "demo.json") }
        let expected = [
            "duration: 900 is over the limit of 600 s",
            "script[0].jump.to: page 7 is past the last page (1)",
            "canvas.width: 8000 is over the limit of 7680",
            "canvas.fps: expected an integer, got 30.5",
            #"transition: unknown transition "card" (did you mean "cards"?)"#,
            #"pages[0].titel: unknown key (did you mean "title"?)"#,
            ##"pages[1].background: "#12345" is not a colour (use #RGB, #RRGGBB or #RRGGBBAA)"##,
        ]
        #expect(error.issues.map(\.description) == expected)
        // Counted by hand on the text above: each value's first character (an unknown key's quote).
        let places = ["2:15", "3:30", "4:23", "4:36", "5:17", "6:14", "6:44"]
        #expect(error.description == zip(places, expected).map { "demo.json:\($0): \($1)" }.joined(separator: "\n"))
        #expect(error.issues.allSatisfy { $0.kind == .invalid })
        #expect(!error.isOnlyMissingInput)
        #expect(error.issues[1].path == "script[0].jump.to")
        #expect(error.issues[1].message == "page 7 is past the last page (1)")
    }

    @Test func decodesTheSameFromDataAndBytes() throws {
        let fromData = try DeckDecoder.decode(Data(Self.designExample.utf8), file: "a.json")
        let fromBytes = try DeckDecoder.decode(Array(Self.designExample.utf8), file: "a.json")
        #expect(fromData == fromBytes)
    }
}
