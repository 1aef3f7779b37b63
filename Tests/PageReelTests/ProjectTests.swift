import Foundation
import Testing
import PageReelDeck
import PageReelTestSupport
@testable import PageReel

/// The error loading the deck at `path` fails with, or nil.
func loadError(_ path: String) -> PageReelError? {
    switch Result(catching: { () throws(PageReelError) in try Project.load(path) }) {
    case .success: nil
    case .failure(let error): error
    }
}

@Suite struct ProjectTests {
    let scratch = ScratchDirectory()

    @Test func loadsAValidDeck() throws {
        let project = try Project.load(try TestDecks.write(in: scratch))
        #expect(project.deck.pageCount == 3)
        #expect(project.duration > 1.5)
    }

    /// An unknown key in pages[1] and a missing image in pages[2] are reported together, each with
    /// its JSON path; the deck is invalid (65 beats 66).
    @Test func reportsEveryProblemWithItsPath() throws {
        let json = TestDecks.small
            .replacingOccurrences(of: #"{ "image": "shot.png", "fit": "fill" }"#,
                                  with: #"{ "image": "shot.png", "fitt": "fill" }"#)
            .replacingOccurrences(of: ##"{ "background": { "from": "#00FF00", "to": "#0000FF" } }"##,
                                  with: #"{ "image": "missing/nope.png" }"#)
        let path = try TestDecks.write(json, in: scratch)
        guard case .deck(let deck) = loadError(path) else {
            Issue.record("expected an invalid deck")
            return
        }
        let unknown = deck.issues.first { $0.path == "pages[1].fitt" }
        let missing = deck.issues.first { $0.path == "pages[2].image" }
        #expect(unknown?.kind == .invalid)
        #expect(unknown?.message.contains("did you mean \"fit\"") == true)
        #expect(missing?.kind == .missingInput)
        #expect(missing?.message == "file not found: missing/nope.png")
        #expect(!deck.isOnlyMissingInput)
    }

    @Test func onlyMissingFilesAreInputErrors() throws {
        let json = TestDecks.small.replacingOccurrences(of: "shot.png", with: "gone.png")
        guard case .deck(let deck) = loadError(try TestDecks.write(json, in: scratch)) else {
            Issue.record("expected an invalid deck")
            return
        }
        #expect(deck.isOnlyMissingInput)
        #expect(deck.description.hasSuffix("deck.json:9:16: pages[1].image: file not found: gone.png"))
    }

    @Test func aMissingDeckIsAnInputError() {
        guard case .inputMissing(let path, _) = loadError("/nonexistent/deck.json") else {
            Issue.record("expected a missing input")
            return
        }
        #expect(path == "/nonexistent/deck.json")
    }

    @Test func aCorruptImageIsInvalid() throws {
        let path = try TestDecks.write(in: scratch)
        let shot = (path as NSString).deletingLastPathComponent + "/shot.png"
        try Data("not a png at all".utf8).write(to: URL(fileURLWithPath: shot))
        guard case .deck(let deck) = loadError(path) else {
            Issue.record("expected an invalid deck")
            return
        }
        #expect(deck.issues.map(\.path) == ["pages[1].image"])
        #expect(deck.issues.first?.kind == .invalid)
    }

    /// Images whose data breaks off after a sound header are found by decoding them (side by side),
    /// and reported in the deck's order with the other problems, the template page named.
    @Test func truncatedImagesAreReportedInOrder() throws {
        let json = TestDecks.small
            .replacingOccurrences(of: ##"{ "background": "#FF0000", "title": "One" }"##, with: #"{ "image": "cut.png" }"#)
            .replacingOccurrences(of: ##"{ "background": { "from": "#00FF00", "to": "#0000FF" } }"##,
                                  with: #"{ "image": "gone.png" }, { "image": "shot.png" }, { "image": "cut2.png" }"#)
        let path = try TestDecks.write(json, in: scratch)
        let folder = (path as NSString).deletingLastPathComponent
        let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/shot.png"))
        for name in ["cut.png", "cut2.png"] {
            try png.prefix(png.count * 2 / 3).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        guard case .deck(let deck) = loadError(path) else {
            Issue.record("expected an invalid deck")
            return
        }
        #expect(deck.issues.map(\.path) == ["pages[0].image", "pages[2].image", "pages[4].image"])
        #expect(deck.issues.map(\.kind) == [.invalid, .missingInput, .invalid])

        let template = TestDecks.small.replacing(#/"pages": \[[^\]]*\]/#,
                                                 with: #""pages": { "count": 5, "template": { "image": "p{i}.png" } }"#)
        let templated = try TestDecks.write(template, in: scratch, name: "template")
        let dir = (templated as NSString).deletingLastPathComponent
        let whole = try Data(contentsOf: URL(fileURLWithPath: dir + "/shot.png"))
        for k in 0..<5 {
            try (k == 1 || k == 3 ? whole.prefix(whole.count * 2 / 3) : whole).write(to: URL(fileURLWithPath: "\(dir)/p\(k).png"))
        }
        guard case .deck(let templateDeck) = loadError(templated) else {
            Issue.record("expected an invalid deck")
            return
        }
        #expect(templateDeck.issues.map(\.path) == ["pages.template.image", "pages.template.image"])
        #expect(templateDeck.issues.map { $0.message.hasSuffix("(page 1)") || $0.message.hasSuffix("(page 3)") } == [true, true])
        #expect(templateDeck.issues.first?.message.hasSuffix("(page 1)") == true)
    }
}
