import PageReelDeck
import Testing

/// `pages`, page objects, fills, layers, `tabs` and `indicator`.
@Suite struct DeckDecoderPagesTests {
    @Test func decodesEveryPageKey() throws {
        let deck = try #require(decodeDeck("""
            {"pages": [{"background": "#336699", "image": "a.png", "fit": "fit", "title": "T", "subtitle": "S",
                        "textColor": "#000000", "layers": []}]}
            """))
        #expect(deck.page(at: 0) == Page(background: .color(Color(r: 0x33, g: 0x66, b: 0x99)), image: "a.png",
                                         fit: .fit, title: "T", subtitle: "S", textColor: .black))
    }

    @Test(arguments: [
        (#"[]"#, "pages: needs at least one page"),
        (#"5"#, #"pages: expected an array of pages or {"count", "template"}, got a number"#),
        (#"["x"]"#, "pages[0]: expected an object, got a string"),
        (#"[{}, {"titel": "x"}]"#, #"pages[1].titel: unknown key (did you mean "title"?)"#),
        (#"[{"image": ""}]"#, "pages[0].image: must not be empty"),
        (#"[{"image": 3}]"#, "pages[0].image: expected a string, got a number"),
        (#"[{"fit": "fil"}]"#, #"pages[0].fit: unknown fit "fil" (did you mean "fill"?)"#),
        (#"[{"fit": "cover"}]"#, #"pages[0].fit: unknown fit "cover" (use fill, fit or stretch)"#),
        (#"[{"title": null}]"#, "pages[0].title: expected a string, got null"),
        (#"[{"textColor": "white"}]"#, #"pages[0].textColor: "white" is not a colour (use #RGB, #RRGGBB or #RRGGBBAA)"#),
        (##"[{"background": "#12345"}]"##, ##"pages[0].background: "#12345" is not a colour (use #RGB, #RRGGBB or #RRGGBBAA)"##),
        (#"[{"background": 5}]"#, "pages[0].background: expected a colour string or a gradient object, got a number"),
        (##"[{"background": {"to": "#FFF"}}]"##, "pages[0].background.from: required"),
        (##"[{"background": {"from": "#FFF", "to": "#000", "angle": "up"}}]"##,
         "pages[0].background.angle: expected a number, got a string"),
        (#"[{"layers": {}}]"#, "pages[0].layers: expected an array of layers, got an object"),
    ])
    func rejectsBadPages(pages: String, message: String) {
        #expect(issues(#"{"pages": "# + pages + "}") == [message])
    }

    @Test func refusesMoreThanAMillionPages() {
        let zeros = String(repeating: "0,", count: DeckDecoder.maxPages) + "0"
        #expect(issues(#"{"pages": ["# + zeros + "]}") == ["pages: 1000001 pages is over the limit of 1000000"])
    }

    @Test func decodesATemplate() throws {
        let deck = try #require(decodeDeck(#"{"pages": {"count": 3, "template": {"title": "Page {n}"}}}"#))
        #expect(deck.pages == .template(count: 3, page: Page(title: "Page {n}")))
        #expect(deck.page(at: 2).title == "Page 3")
    }

    @Test(arguments: [
        (#"{"count": 2000000, "template": {}}"#, "pages.count: 2000000 is over the limit of 1000000"),
        (#"{"count": 0, "template": {}}"#, "pages.count: 0 is below the minimum of 1"),
        (#"{"count": 3}"#, "pages.template: required"),
        (#"{"template": {}}"#, "pages.count: required"),
        (#"{"count": 3, "template": {}, "size": 1}"#, "pages.size: unknown key"),
        (#"{"count": 3, "template": {"image": "{j}.png"}}"#,
         #"pages.template.image: unknown placeholder "{j}" (use {i}, {n} or {i%K})"#),
    ])
    func rejectsBadTemplates(pages: String, message: String) {
        #expect(issues(#"{"pages": "# + pages + "}") == [message])
    }

    @Test func reportsEveryUnknownPlaceholderInATemplate() {
        let pages = #"{"count": 3, "template": {"title": "Page {j} of {N}", "layers": [{"text": "{i%0}"}]}}"#
        #expect(issues(#"{"pages": "# + pages + "}") == [
            #"pages.template.title: unknown placeholders "{j}", "{N}" (use {i}, {n} or {i%K})"#,
            #"pages.template.layers[0].text: unknown placeholder "{i%0}" (use {i}, {n} or {i%K})"#,
        ])
    }

    @Test func leavesBracesAloneInAPageList() {
        #expect(decodeDeck(#"{"pages": [{"title": "{j}"}]}"#)?.page(at: 0).title == "{j}")
    }

    @Test func decodesLayers() throws {
        let deck = try #require(decodeDeck("""
            {"pages": [{"layers": [
              {"image": "a.png", "x": 1, "y": 2, "width": 3, "height": 4, "fit": "stretch", "opacity": 0.5,
               "parallax": {"y": 2}},
              {"text": "Hi", "size": 40, "weight": "bold", "color": "#F00", "align": "center", "font": "Noto Sans",
               "lineHeight": 1.5, "width": 200}
            ]}]}
            """))
        #expect(deck.page(at: 0).layers == [
            Layer(content: .image("a.png"), x: 1, y: 2, width: 3, height: 4, fit: .stretch, opacity: 0.5,
                  parallax: Parallax(y: 2)),
            Layer(content: .text(TextStyle(string: "Hi", size: 40, weight: .bold, color: Color(r: 255, g: 0, b: 0),
                                           align: .center, font: "Noto Sans", lineHeight: 1.5)),
                  width: 200),
        ])
    }

    @Test(arguments: [
        (#"{"x": 1}"#, #"pages[0].layers[0]: needs "image", "video" or "text""#),
        (#"{"image": "a.png", "text": "b"}"#, #"pages[0].layers[0]: has both "image" and "text"; use one per layer"#),
        (#"{"image": "a.png", "size": 20}"#, #"pages[0].layers[0].size: "size" applies to text layers only"#),
        (#"{"image": ""}"#, "pages[0].layers[0].image: must not be empty"),
        (#"{"text": 5}"#, "pages[0].layers[0].text: expected a string, got a number"),
        (#"{"text": "a", "opacity": 1.5}"#, "pages[0].layers[0].opacity: must be between 0 and 1"),
        (#"{"text": "a", "size": 2000}"#, "pages[0].layers[0].size: 2000 is over the limit of 1000"),
        (#"{"text": "a", "size": 0}"#, "pages[0].layers[0].size: must be > 0"),
        (#"{"text": "a", "weight": "heavy"}"#, #"pages[0].layers[0].weight: unknown weight "heavy" (use regular or bold)"#),
        (#"{"text": "a", "align": "centre"}"#, #"pages[0].layers[0].align: unknown alignment "centre" (did you mean "center"?)"#),
        (#"{"text": "a", "font": ""}"#, "pages[0].layers[0].font: must not be empty"),
        (#"{"text": "a", "lineHeight": 0}"#, "pages[0].layers[0].lineHeight: must be > 0"),
        (#"{"text": "a", "width": 0}"#, "pages[0].layers[0].width: must be > 0"),
        (#"{"text": "a", "parallax": {"z": 1}}"#, "pages[0].layers[0].parallax.z: unknown key"),
        (#"{"text": "a", "parallax": {"X": 1}}"#, #"pages[0].layers[0].parallax.X: unknown key (did you mean "x"?)"#),
        (##"{"text": "a", "colour": "#FFF"}"##, #"pages[0].layers[0].colour: unknown key (did you mean "color"?)"#),
    ])
    func rejectsBadLayers(layer: String, message: String) {
        #expect(issues(#"{"pages": [{"layers": ["# + layer + "]}]}") == [message])
    }

    @Test func reportsEveryTextKeyOnAnImageLayer() {
        #expect(issues(##"{"pages": [{"layers": [{"color": "#FFF", "image": "a.png", "size": 20}]}]}"##) == [
            #"pages[0].layers[0].color: "color" applies to text layers only"#,
            #"pages[0].layers[0].size: "size" applies to text layers only"#,
        ])
    }

    @Test func decodesTabs() throws {
        let deck = try #require(decodeDeck("""
            {"pages": {"count": 2, "template": {}},
             "tabs": {"titles": ["A", "B"], "height": 50, "background": "#111", "textColor": "#EEE", "fontSize": 17,
                      "weight": "regular", "font": "Noto Sans", "selector": {"color": "#F00", "alpha": 1, "height": 2}}}
            """))
        var tabs = Tabs(titles: ["A", "B"])
        tabs.height = 50
        tabs.background = Color(r: 0x11, g: 0x11, b: 0x11)
        tabs.textColor = Color(r: 0xEE, g: 0xEE, b: 0xEE)
        tabs.fontSize = 17
        tabs.weight = .regular
        tabs.font = "Noto Sans"
        tabs.selector = Tabs.Selector(color: Color(r: 255, g: 0, b: 0), alpha: 1, height: 2)
        #expect(deck.tabs == tabs)
    }

    @Test(arguments: [
        (#"{"titles": ["A", "B", "C"]}"#, "tabs.titles: 3 titles for 4 pages"),
        (#"{"titles": ["A"]}"#, "tabs.titles: 1 title for 4 pages"),
        (#"{"titles": []}"#, "tabs.titles: needs at least one title"),
        (#"{"titles": "A B C D"}"#, "tabs.titles: expected an array of strings, got a string"),
        (#"{"titles": ["A", "B", 3, "D"]}"#, "tabs.titles[2]: expected a string, got a number"),
        (#"{"height": 40}"#, "tabs.titles: required"),
        (#"{"titles": ["A", "B", "C", "D"], "selector": {"alpha": 2}}"#, "tabs.selector.alpha: must be between 0 and 1"),
        (#"{"titles": ["A", "B", "C", "D"], "fontSize": 0}"#, "tabs.fontSize: must be > 0"),
        (#"{"titles": ["A", "B", "C", "D"], "title": 1}"#, #"tabs.title: unknown key (did you mean "titles"?)"#),
    ])
    func rejectsBadTabs(tabs: String, message: String) {
        #expect(issues(#"{"pages": [{}, {}, {}, {}], "tabs": "# + tabs + "}") == [message])
    }

    @Test func decodesIndicators() throws {
        #expect(decodeDeck(with: #""indicator": "dots""#)?.indicator == Indicator(style: .dots))
        let custom = try #require(decodeDeck(with: """
            "indicator": {"style": "dots", "color": "#FFF", "activeColor": "#F00", "size": 10, "spacing": 0, "offset": 30}
            """))
        var expected = Indicator()
        expected.color = .white
        expected.activeColor = Color(r: 255, g: 0, b: 0)
        expected.size = 10
        expected.spacing = 0
        expected.offset = 30
        #expect(custom.indicator == expected)
    }

    @Test(arguments: [
        (#""bars""#, #"indicator: unknown indicator style "bars" (use dots)"#),
        (#""dot""#, #"indicator: unknown indicator style "dot" (did you mean "dots"?)"#),
        ("true", #"indicator: expected "dots" or an object, got a boolean"#),
        (#"{"size": 0}"#, "indicator.size: must be > 0"),
        (#"{"spacing": -1}"#, "indicator.spacing: must be >= 0"),
        (#"{"style": "line"}"#, #"indicator.style: unknown indicator style "line" (use dots)"#),
    ])
    func rejectsBadIndicators(indicator: String, message: String) {
        #expect(issues(with: #""indicator": "# + indicator) == [message])
    }

    @Test func checksTouches() {
        #expect(decodeDeck(with: #""touches": true"#)?.touches == true)
        #expect(issues(with: #""touches": "yes""#) == ["touches: expected true or false, got a string"])
    }
}
