import PageReelDeck
import Testing

@Suite struct ColorTests {
    @Test(arguments: [
        ("#000", Color(r: 0, g: 0, b: 0)),
        ("#fff", Color(r: 255, g: 255, b: 255)),
        ("#1aF", Color(r: 0x11, g: 0xAA, b: 0xFF)),
        ("#101418", Color(r: 16, g: 20, b: 24)),
        ("#FF6b6B", Color(r: 255, g: 107, b: 107)),
        ("#00000080", Color(r: 0, g: 0, b: 0, a: 128)),
        ("#12345678", Color(r: 0x12, g: 0x34, b: 0x56, a: 0x78)),
    ])
    func parsesHexColours(hex: String, expected: Color) {
        #expect(Color(hex: hex) == expected)
    }

    @Test(arguments: ["", "##", "000", "#12", "#1234", "#12345", "#1234567", "#123456789", "#GGG", "## 12345", "#ｆｆｆ",
                      "red", "#12345g"])
    func rejectsMalformedColours(hex: String) {
        #expect(Color(hex: hex) == nil)
    }

    @Test func scalesAlpha() {
        #expect(Color(r: 1, g: 2, b: 3, a: 200).withAlpha(0.5) == Color(r: 1, g: 2, b: 3, a: 100))
        #expect(Color.white.withAlpha(2) == .white)
        #expect(Color.white.withAlpha(-1).a == 0)
    }

    @Test func reportsBadColoursWhereverTheyAre() {
        let json = """
            {"canvas": {"background": "#12345"},
             "page": {"shadow": {"color": 0}},
             "pages": [{"background": {"from": "blue", "to": "#FFF"}}],
             "indicator": {"activeColor": "#GGGGGG"}}
            """
        let hint = "is not a colour (use #RGB, #RRGGBB or #RRGGBBAA)"
        #expect(issues(json) == [
            ##"canvas.background: "#12345" "## + hint,
            "page.shadow.color: expected a colour string, got a number",
            #"pages[0].background.from: "blue" "# + hint,
            ##"indicator.activeColor: "#GGGGGG" "## + hint,
        ])
    }

    @Test func acceptsEveryColourForm() throws {
        let deck = try #require(decodeDeck(##"{"pages": [{"background": "#00FF0080", "textColor": "#abc"}]}"##))
        #expect(deck.page(at: 0).background == .color(Color(r: 0, g: 255, b: 0, a: 128)))
        #expect(deck.page(at: 0).textColor == Color(r: 0xAA, g: 0xBB, b: 0xCC))
    }
}
