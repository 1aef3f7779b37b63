import PageReelDeck
import Testing

@Suite struct PageTemplateTests {
    @Test(arguments: [
        ("img-{i}.png", 4, "img-4.png"),
        ("{n}", 0, "1"),
        ("{n}/{i%3}", 7, "8/1"),
        ("shots/{i%4}.png", 999_999, "shots/3.png"),
        ("no placeholders", 5, "no placeholders"),
        ("{x} stays", 5, "{x} stays"),
        ("{i%0} stays", 5, "{i%0} stays"),
        ("open {i", 5, "open {i"),
        ("{i}{i}", 12, "1212"),
    ])
    func resolvesPlaceholders(text: String, index: Int, expected: String) {
        #expect(PageTemplate.resolve(text, index: index) == expected)
    }

    /// After how many pages the strings repeat: the least common multiple of their {i%K}, checked
    /// against resolving them page by page.
    @Test(arguments: [
        (["a.png"], 1 as Int?),
        (["{i%6}.png", "b{i%4}.png"], 12),
        (["{i%3}/{i%5}", "{x}"], 15),
        (["{i%3}", "{n}"], nil),
        (["{i}.png"], nil),
        (["{i%1000}", "{i%999}"], nil),   // 999,000 pages: past the limit
    ] as [([String], Int?)])
    func findsThePeriodOfTheStrings(texts: [String], expected: Int?) {
        let period = PageTemplate.period(of: texts, limit: 100_000)
        #expect(period == expected)
        if let period {
            for index in 0..<3 * period {
                #expect(texts.map { PageTemplate.resolve($0, index: index) }
                        == texts.map { PageTemplate.resolve($0, index: index % period) })
            }
        }
    }

    @Test func findsUnknownPlaceholders() {
        #expect(PageTemplate.unknownPlaceholders(in: "{j} {i} {i%0} {i%-2} {n} {i%12} {}")
            == ["{j}", "{i%0}", "{i%-2}", "{}"])
        #expect(PageTemplate.unknownPlaceholders(in: "Page {n} of 10").isEmpty)
    }

    /// A million pages stay one template: the decoded list is not expanded, and the last page
    /// resolves from it.
    @Test func decodesAMillionPageTemplateWithoutExpandingIt() throws {
        let json = """
            {"pages": {"count": 1000000, "template": {
              "title": "Page {n}", "image": "shots/{i%4}.png",
              "layers": [{"text": "#{i}"}, {"image": "badge-{i%2}.png"}]}}}
            """
        let deck = try #require(decodeDeck(json))
        #expect(deck.pageCount == 1_000_000)
        guard case .template(let count, let page) = deck.pages else {
            Issue.record("pages were expanded: \(deck.pages.count)")
            return
        }
        #expect(count == 1_000_000)
        #expect(page.title == "Page {n}")
        let last = deck.page(at: 999_999)
        #expect(last.title == "Page 1000000")
        #expect(last.image == "shots/3.png")
        #expect(last.layers.map(\.content) == [.text(TextStyle(string: "#999999")), .image("badge-1.png")])
        #expect(deck.page(at: 0).layers.map(\.content) == [.text(TextStyle(string: "#0")), .image("badge-0.png")])
    }

    @Test func keepsNonTemplatedFieldsAsWritten() throws {
        let deck = try #require(decodeDeck(
            #"{"pages": {"count": 2, "template": {"layers": [{"text": "{n}", "font": "Font {i}"}]}}}"#))
        guard case .text(let style) = deck.page(at: 1).layers[0].content else {
            Issue.record("expected a text layer")
            return
        }
        #expect(style.string == "2")
        #expect(style.font == "Font {i}")
    }
}
