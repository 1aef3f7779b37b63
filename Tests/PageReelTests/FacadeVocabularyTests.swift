import Foundation
@testable import PageReel
import PageReelDeck
import PageReelMedia
import PageReelRaster
import PageReelTestSupport
import Testing

/// What the facade gives programs that import only `PageReel` (the command line among them):
/// failure kinds, transition names, spelling suggestions, a project's summary and warnings, and
/// the deck format's schema.
@Suite struct FacadeVocabularyTests {
    let scratch = ScratchDirectory()

    @Test func everyFailureHasAKind() {
        let missing = DeckIssue(path: "pages[0].image", message: "file not found: x.png", kind: .missingInput)
        let invalid = DeckIssue(path: "pages[1].fitt", message: "unknown key")
        let cases: [(PageReelError, PageReelError.Kind)] = [
            (.usage("--size"), .usage),
            (.deck(DeckError(file: "d.json", issues: [missing])), .missingInput),
            (.deck(DeckError(file: "d.json", issues: [missing, invalid])), .invalidInput),
            (.inputMissing(path: "d.json", message: "file not found"), .missingInput),
            (.inputInvalid(path: "a.mp4", message: "not a shard"), .invalidInput),
            (.shards(ShardError(issues: [.missing(300...599)])), .invalidInput),
            (.render(.font(name: "Inter", message: "is not installed")), .missingInput),
            (.render(.notFound(path: "Inter.ttf")), .missingInput),
            (.render(.io(path: "fonts", message: "permission denied")), .missingInput),
            (.render(.badFont(path: "Inter.ttf", message: "not a font file")), .invalidInput),
            (.render(.media(.notFound(path: "x.png"))), .missingInput),
            (.render(.media(.io(path: "x.png", message: "is a directory"))), .missingInput),
            (.render(.media(.badImage(path: "x.png", message: "corrupt"))), .invalidInput),
            (.render(.media(.badVideo(path: "x.mov", message: "no video stream"))), .invalidInput),
            (.render(.markup(message: "<b> is not closed")), .invalidInput),
            (.encode(.writeFailed(path: "x.png", call: "PNGWriter.encode", message: "png_image_write_to_memory: failed")),
             .internalFailure),
            (.cannotCreateOutput(path: "/no/x.mp4", message: "folder does not exist"), .cannotCreateOutput),
            (.writeFailed(path: "x.mp4", message: "no space left on device"), .writeFailed),
            (.interrupted(signal: 15), .interrupted(signal: 15)),
        ]
        for (error, kind) in cases { #expect(error.kind == kind, "\(error)") }
    }

    @Test func transitionsByName() {
        // pagereel's presets, then every library's catalogue.
        #expect(NamedTransition.names == TransitionName.allCases.map(\.rawValue) + TransitionCatalogue.names)
        #expect(NamedTransition(name: "cards")?.spec == .named(.cards))
        #expect(NamedTransition(name: "swiper.cube")?.spec == .catalogue(CatalogueTransition(name: "swiper.cube")))
        #expect(NamedTransition(name: "swiper.cube")?.library == "Swiper")
        #expect(NamedTransition.suggestion(for: "icarousel.whel") == "icarousel.wheel")
        #expect(NamedTransition(name: "Cards") == nil)
        #expect(NamedTransition.suggestion(for: "cub") == "cube")
        #expect(NamedTransition.suggestion(for: "flod") == "fold")
        #expect(NamedTransition.suggestion(for: "wobble") == nil)
    }

    @Test func spellingSuggestions() {
        let commands = ["export", "still", "validate", "timeline", "help"]
        #expect(SpellingSuggestion.closest(to: "exprot", among: commands) == "export")
        #expect(SpellingSuggestion.closest(to: "Validat", among: commands) == "validate")
        // One or two letters suggest nothing, though most commands contain them.
        #expect(SpellingSuggestion.closest(to: "e", among: commands) == nil)
        #expect(SpellingSuggestion.closest(to: "render", among: commands) == nil)
    }

    @Test func projectSummaryAndWarnings() throws {
        let project = try Project.load(try TestDecks.write(in: scratch))
        #expect(project.pageCount == 3 && project.fps == 20)
        #expect(project.frameCount == project.frameCount(fps: 20))
        #expect(project.duration == project.duration)
        #expect(project.warningMessages.isEmpty)

        let warned = try Project.load(try TestDecks.write(#"{ "pagereel": 1, "pages": [ { "title": "a\uE000" } ] }"#,
                                                          in: scratch, name: "warned"))
        #expect(warned.warningMessages == ["\(warned.file):1:40: pages[0].title: warning: no installed font has U+E000"])
    }

    @Test func deckFormatSchema() {
        #expect(FormatDocuments.jsonSchema == DeckSchema.json)
        #expect(FormatDocuments.jsonSchema.contains("https://json-schema.org/draft/2020-12/schema"))
    }
}
