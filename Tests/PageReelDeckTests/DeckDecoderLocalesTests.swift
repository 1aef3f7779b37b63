import PageReelDeck
import PageReelJSON
import Testing

/// `locales`, text given per locale, `{locale}` in paths, and the direction a locale sets.
@Suite struct DeckDecoderLocalesTests {
    static let deck = """
        {"locales": ["en", "de", "ar"],
         "pages": [{"title": {"en": "Welcome", "de": "Willkommen", "ar": "مرحبا"}, "image": "shots/{locale}/home.png",
                    "caption": "Same everywhere",
                    "layers": [{"text": {"en": "Hi", "de": "Hallo", "ar": "أهلا"}},
                               {"video": {"file": "rec/{locale}.mp4"}}]},
                   {"subtitle": {"en": "Two", "de": "Zwei", "ar": "اثنان"}}],
         "tabs": {"titles": [{"en": "Home", "de": "Start", "ar": "الرئيسية"}, "2"]},
         "device": {"model": "iphone-16-pro", "statusBar": {"time": {"en": "9:41", "de": "9:41", "ar": "٩:٤١"}}},
         "audio": {"music": "music/{locale}.m4a"}}
        """

    /// The deck in `locale`, or its issues.
    static func decode(_ json: String, locale: String?) -> (deck: Deck?, issues: [String]) {
        let (root, syntax) = DeckDecoder.parse(Array(json.utf8))
        guard let root else { return (nil, syntax.map(\.description)) }
        let (deck, issues, _) = DeckDecoder.decodeBestEffort(root, locale: locale)
        return (issues.isEmpty ? deck : nil, issues.map(\.description))
    }

    @Test(arguments: [("en", "Welcome", "Hi", "Home", "9:41"), ("de", "Willkommen", "Hallo", "Start", "9:41"),
                      ("ar", "مرحبا", "أهلا", "الرئيسية", "٩:٤١")])
    func readsEveryTextInTheLocale(_ locale: String, _ title: String, _ layer: String, _ tab: String, _ time: String) throws {
        let deck = try #require(Self.decode(Self.deck, locale: locale).deck)
        #expect(deck.locales == ["en", "de", "ar"])
        #expect(deck.locale == locale)
        let page = deck.page(at: 0)
        #expect(page.title == title)
        #expect(page.caption == "Same everywhere")
        #expect(page.image == "shots/\(locale)/home.png")
        #expect(page.layers.first?.content == .text(TextStyle(string: layer)))
        #expect(page.videos.first?.file == "rec/\(locale).mp4")
        #expect(deck.tabs?.titles == [tab, "2"])
        #expect(deck.device?.statusBar?.time == time)
        #expect(deck.audio.music?.file == "music/\(locale).m4a")
    }

    @Test func readsTheFirstLocaleByDefault() throws {
        let deck = try #require(decodeDeck(Self.deck))
        #expect(deck.locale == "en")
        #expect(deck.page(at: 1).subtitle == "Two")
    }

    @Test func aRightToLeftLocalePagesRightToLeftUnlessTheLayoutSays() throws {
        #expect(try #require(Self.decode(Self.deck, locale: "ar").deck).layout.direction == .rtl)
        #expect(try #require(Self.decode(Self.deck, locale: "de").deck).layout.direction == .ltr)
        let explicit = #"{"locales": ["en", "he"], "layout": {"direction": "ltr"}, "pages": [{}]}"#
        #expect(try #require(Self.decode(explicit, locale: "he").deck).layout.direction == .ltr)
        let vertical = #"{"locales": ["he"], "layout": {"orientation": "vertical"}, "pages": [{}]}"#
        let deck = try #require(Self.decode(vertical, locale: "he").deck)
        #expect(deck.layout.direction == .rtl)
        #expect(!deck.layout.isRightToLeft)
    }

    @Test func aMissingTranslationNamesItsPathAndLocale() {
        let json = #"{"locales": ["en", "de"], "pages": [{"title": {"en": "Hi"}}, {"title": {"de": "Hallo"}}]}"#
        #expect(Self.decode(json, locale: "de").issues == [#"pages[0].title: has no "de" text (locale de)"#])
        #expect(Self.decode(json, locale: "en").issues == [#"pages[1].title: has no "en" text (locale en)"#])
    }

    @Test(arguments: [
        (#"{"locales": ["en"], "pages": [{"title": {"en": "Hi", "fr": "Salut"}}]}"#,
         #"pages[0].title.fr: "fr" is not one of the deck's locales (en)"#),
        (#"{"pages": [{"title": {"en": "Hi"}}]}"#,
         #"pages[0].title: text given per locale needs the deck's "locales" (e.g. "locales": ["en", "de"])"#),
        (#"{"pages": [{"image": "shots/{locale}/a.png"}]}"#,
         #"pages[0].image: {locale} needs the deck's "locales" (e.g. "locales": ["en", "de"])"#),
        (#"{"locales": ["en"], "pages": [{"title": {"en": 5}}]}"#, "pages[0].title.en: expected a string, got a number"),
        (#"{"locales": [], "pages": [{}]}"#, "locales: needs at least one locale"),
        (#"{"locales": "en", "pages": [{}]}"#, "locales: expected an array of locale codes, got a string"),
        (#"{"locales": ["en", "english"], "pages": [{}]}"#,
         #"locales[1]: "english" is not a locale code (like "en", "de-DE" or "zh-Hans")"#),
        (#"{"locales": ["de", "de"], "pages": [{}]}"#, #"locales[1]: "de" is listed twice"#),
        (#"{"locales": ["en"], "pages": [{"layers": [{"image": {"en": "a.png"}}]}]}"#,
         "pages[0].layers[0].image: expected a string, got an object"),
    ])
    func reportsWrongLocaleValues(_ json: String, _ message: String) {
        #expect(issues(json) == [message])
    }

    @Test func aLocaleTheDeckLacksIsReported() {
        #expect(Self.decode(#"{"locales": ["en"], "pages": [{}]}"#, locale: "de").issues
            == [#"locales: has no locale "de" (it has en)"#])
    }

    @Test func templatesTakeTextPerLocaleAndLocalizedPaths() throws {
        let json = """
            {"locales": ["en", "de"], "pages": {"count": 3, "template": {"title": {"en": "Page {n}", "de": "Seite {n}"},
                                                                     "image": "shots/{locale}/{i}.png"}}}
            """
        let deck = try #require(Self.decode(json, locale: "de").deck)
        #expect(deck.page(at: 2).title == "Seite 3")
        #expect(deck.page(at: 2).image == "shots/de/2.png")
    }

    @Test func theLocalizedPathsAreListed() throws {
        let (root, _) = DeckDecoder.parse(Array(Self.deck.utf8))
        let (_, _, localized) = DeckDecoder.decodeBestEffort(try #require(root), locale: "de")
        #expect(localized == ["pages[0].image", "pages[0].layers[1].video.file", "audio.music"])
        #expect(DeckDecoder.locales(of: try #require(root)) == ["en", "de", "ar"])
    }

    @Test func encodesAndDecodesBackInItsLocale() throws {
        let deck = try #require(Self.decode(Self.deck, locale: "ar").deck)
        let again = Self.decode(DeckEncoder.json(deck), locale: "ar")
        #expect(again.issues == [])
        #expect(again.deck == deck)
    }

    @Test func mergesTheIssuesOfSeveralLocales() {
        let shared = DeckIssue(path: "pages[0].fit", message: "unknown fit")
        let merged = DeckIssue.merge([
            ("en", [shared, DeckIssue(path: "pages[1].image", message: "file not found: en/a.png")]),
            ("de", [shared, DeckIssue(path: "pages[0].title", message: #"has no "de" text (locale de)"#)]),
        ])
        #expect(merged.map(\.description) == [
            "pages[0].fit: unknown fit", "pages[1].image: file not found: en/a.png (locale en)",
            #"pages[0].title: has no "de" text (locale de)"#,
        ])
    }
}
