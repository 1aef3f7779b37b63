import Foundation
import PageReel
import PageReelDeck
import PageReelTestSupport
import Testing

/// What `Project.load` says about a deck's text before anything renders.
@Suite struct TextCheckerTests {
    let scratch = ScratchDirectory()

    func load(_ json: String, name: String = #function) throws -> Result<Project, PageReelError> {
        let deck = try TestDecks.write(json, in: scratch, name: name)
        return Result { () throws(PageReelError) in try Project.load(deck) }
    }

    func issues(_ json: String, name: String = #function) throws -> [DeckIssue] {
        guard case .failure(.deck(let error)) = try load(json, name: name) else { return [] }
        return error.issues
    }

    @Test func uncoveredCharactersAreWarnedOnceWhereTheyFirstAppear() throws {
        let project = try load("""
        { "pagereel": 1, "pages": [ { "title": "a\\uE000b" }, { "subtitle": "\\uE000\\uE001" },
                                    { "layers": [ { "text": "\\uE001 ok 🎉 世界" } ] } ] }
        """).get()
        #expect(project.warnings.map(\.description) == [
            "pages[0].title: no installed font has U+E000",
            "pages[1].subtitle: no installed font has U+E001",
        ])
    }

    @Test func aTemplateIsCheckedOnItsFirstPage() throws {
        let found = try issues("""
        { "pagereel": 1, "pages": { "count": 1000, "template": {
            "title": "<b>Page {n}", "markup": true,
            "layers": [ { "text": "x", "font": "Inter Pagereel" } ] } } }
        """)
        #expect(found.map(\.path) == ["pages.template.title", "pages.template.layers[0].font"])
        #expect(found[0].message == "invalid markup: <b> is not closed" && found[0].kind == .invalid)
        #expect(found[1].kind == .missingInput)
    }

    @Test func eachMissingFamilyIsReportedOnce() throws {
        let found = try issues("""
        { "pagereel": 1, "pages": [ { "layers": [ { "text": "a", "font": "Inter Pagereel" },
                                                  { "text": "b", "font": "Inter Pagereel" } ] } ],
          "tabs": { "titles": ["one"], "font": "Inter Pagereel" } }
        """)
        #expect(found.map(\.path) == ["pages[0].layers[0].font"])
    }

    @Test func markupIsCheckedWhereItIsOn() throws {
        // Without markup, angle brackets are text.
        #expect(try load(#"{ "pagereel": 1, "pages": [ { "title": "<b>" } ] }"#).get().warnings.isEmpty)
        let found = try issues(#"{ "pagereel": 1, "pages": [ { "title": "<b>x</b>", "subtitle": "a < b", "markup": true } ] }"#)
        #expect(found.map(\.path) == ["pages[0].subtitle"])
    }
}
