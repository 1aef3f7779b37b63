import Testing
@testable import PageReelDeck

/// The libraries' transitions in a deck: by name, with options, each checked against its entry.
@Suite struct TransitionCatalogueTests {
    @Test func byNameAndWithOptions() throws {
        let named = try #require(decodeDeck(with: #""transition": "icarousel.wheel""#))
        #expect(named.transition == .catalogue(CatalogueTransition(name: "icarousel.wheel")))
        let options = try #require(decodeDeck(with: #""transition": {"name": "icarousel.wheel", "arc": 3.14, "spacing": 0.5}"#))
        #expect(options.transition == .catalogue(CatalogueTransition(
            name: "icarousel.wheel", options: TransitionOptions(["arc": .number(3.14), "spacing": .number(0.5)]))))
        let android = try #require(decodeDeck(with: #""transition": {"name": "viewpager.cubeOut", "hideOffscreenPages": false}"#))
        #expect(android.transition == .catalogue(CatalogueTransition(
            name: "viewpager.cubeOut", options: TransitionOptions(["hideOffscreenPages": .bool(false)]))))
        // A script step switches to one the same way.
        let step = try #require(decodeDeck(with: #""script": [{"transition": "viewpager.stack"}]"#))
        #expect(step.script.first?.action == .transition(.catalogue(CatalogueTransition(name: "viewpager.stack"))))
    }

    @Test func mistakes() {
        #expect(issues(with: #""transition": "icarousel.whel""#)
            == [#"transition: unknown transition "icarousel.whel" (did you mean "icarousel.wheel"?)"#])
        #expect(issues(with: #""transition": {"name": "icarousel.linear", "arc": 1}"#).first?.contains("transition.arc: unknown key") == true)
        #expect(issues(with: #""transition": {"name": "viewpager.stack", "hideOffscreenPages": 1}"#)
            .first?.contains("transition.hideOffscreenPages: expected true or false, got a number") == true)
        #expect(issues(with: #""transition": {"name": "swiper.nothing"}"#).first?.contains("transition.name") == true)
    }

    /// Every entry has a library-prefixed name, unique, and options that are declared once each.
    @Test func entriesAreWellFormed() {
        let names = TransitionCatalogue.names
        #expect(Set(names).count == names.count)
        for entry in TransitionCatalogue.entries {
            #expect(entry.name.hasPrefix(entry.library.prefix + "."), "\(entry.name)")
            #expect(Set(entry.options.map(\.name)).count == entry.options.count, "\(entry.name)")
            #expect(!entry.summary.isEmpty)
        }
    }

    /// A deck with options writes them back and reads the same.
    @Test func roundTrips() throws {
        var deck = try #require(decodeDeck(with: #""transition": {"name": "icarousel.coverFlow", "tilt": 0.5}"#))
        #expect(decodeDeck(DeckEncoder.json(deck)) == deck)
        deck.transition = .catalogue(CatalogueTransition(name: "viewpager2.depth"))
        #expect(decodeDeck(DeckEncoder.json(deck)) == deck)
    }
}
