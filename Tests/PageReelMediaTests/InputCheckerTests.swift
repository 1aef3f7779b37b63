import Foundation
import PageReelDeck
import PageReelEncode
import PageReelMedia
import PageReelTestSupport
import Testing

/// The checks before rendering, on decks whose files are written here: every problem at the JSON
/// path that first names the file, with the kind the exit code follows.
@Suite struct InputCheckerTests {
    func deck(_ json: String) throws -> Deck {
        try DeckDecoder.decode(Array(json.utf8), file: "deck.json")
    }

    func png(width: Int = 8, height: Int = 6) throws -> [UInt8] {
        try PNGWriter.encode(Pixmap(width: width, height: height), for: "page.png")
    }

    @Test func aGoodDeckHasNoIssues() throws {
        try ScratchFolder.with { folder in
            _ = try ScratchFolder.write(try png(), named: "a.png", in: folder)
            let deck = try deck(#"{"pages": [{"image": "a.png"}, {"layers": [{"image": "a.png"}]}]}"#)
            #expect(InputChecker(inputs: try InputRoots(directory: folder.path)).issues(in: deck).isEmpty)
        }
    }

    @Test func eachBadFileIsReportedOnceWhereItIsFirstNamed() throws {
        try ScratchFolder.with { folder in
            _ = try ScratchFolder.write(Array("not an image".utf8), named: "text.png", in: folder)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.png"),
                                                    withIntermediateDirectories: false)
            let deck = try deck(#"""
                {"pages": [{"image": "missing.png"}, {"image": "text.png"},
                           {"layers": [{"image": "dir.png"}, {"image": "missing.png"}]}]}
                """#)
            let issues = InputChecker(inputs: try InputRoots(directory: folder.path)).issues(in: deck)
            #expect(issues == [
                DeckIssue(path: "pages[0].image", message: "file not found: missing.png", kind: .missingInput),
                DeckIssue(path: "pages[1].image", message: "text.png: not a PNG or JPEG image"),
                DeckIssue(path: "pages[2].layers[0].image", message: "cannot read dir.png: is a directory",
                          kind: .missingInput),
            ])
        }
    }

    @Test func aTruncatedImageIsFoundByDecodingIt() throws {
        try ScratchFolder.with { folder in
            let whole = try png(width: 64, height: 64)
            _ = try ScratchFolder.write(Array(whole.prefix(whole.count / 2)), named: "cut.png", in: folder)
            let issues = InputChecker(inputs: try InputRoots(directory: folder.path)).issues(in: try deck(#"{"pages": [{"image": "cut.png"}]}"#))
            #expect(issues.count == 1)
            #expect(issues.first?.path == "pages[0].image")
            #expect(issues.first?.message.hasPrefix("cut.png: ") == true)
            #expect(issues.first?.kind == .invalid)
        }
    }

    @Test func aTemplateNamesThePageThatFirstNamesTheFile() throws {
        try ScratchFolder.with { folder in
            for k in [0, 2] { _ = try ScratchFolder.write(try png(), named: "shot\(k).png", in: folder) }
            let deck = try deck(#"{"pages": {"count": 3, "template": {"image": "shot{i}.png"}}}"#)
            #expect(InputChecker(inputs: try InputRoots(directory: folder.path)).issues(in: deck) == [
                DeckIssue(path: "pages.template.image", message: "file not found: shot1.png (page 1)", kind: .missingInput),
            ])
        }
    }

    /// A template of a million pages whose file names repeat every 6 pages ({i%2} and {i%3}) is
    /// checked over its first 6: the missing file is named at the first page naming it, as when
    /// every page is walked, and a name with {n} is walked page by page.
    @Test func aRepeatingTemplateIsCheckedOverOnePeriod() throws {
        try ScratchFolder.with { folder in
            for a in 0..<2 { for b in 0..<3 where (a, b) != (1, 2) {
                _ = try ScratchFolder.write(try png(), named: "s\(a)-\(b).png", in: folder)
            } }
            _ = try ScratchFolder.write(try png(), named: "n1.png", in: folder)
            let checker = InputChecker(inputs: try InputRoots(directory: folder.path))
            let repeating = try deck(#"{"pages": {"count": 1000000, "template": {"image": "s{i%2}-{i%3}.png"}}}"#)
            #expect(checker.issues(in: repeating) == [
                DeckIssue(path: "pages.template.image", message: "file not found: s1-2.png (page 5)", kind: .missingInput),
            ])
            let numbered = try deck(#"{"pages": {"count": 3, "template": {"layers": [{"image": "n{n}.png"}]}}}"#)
            #expect(checker.issues(in: numbered).map(\.message) == [
                "file not found: n2.png (page 1)", "file not found: n3.png (page 2)",
            ])
        }
    }

    @Test func aRecordingThatIsNotOneOrStartsPastItsEnd() throws {
        try ScratchFolder.with { folder in
            _ = try TestClips.counterClip("clip.mp4", in: folder.path, fps: 10, frames: 20, encoder: TestClips.h264)
            _ = try ScratchFolder.write(Array("not a video".utf8), named: "notes.mp4", in: folder)
            let deck = try deck(#"""
                {"pages": [{"video": {"file": "clip.mp4", "start": 5}}, {"video": {"file": "notes.mp4"}},
                           {"video": {"file": "clip.mp4", "start": 1}}]}
                """#)
            let issues = InputChecker(inputs: try InputRoots(directory: folder.path)).issues(in: deck)
            #expect(issues.count == 2)
            #expect(issues.first == DeckIssue(path: "pages[0].video.start",
                                              message: "5 s is at or past the end of clip.mp4 (2 s long)"))
            #expect(issues.last?.path == "pages[1].video")
            #expect(issues.last?.message.hasPrefix("notes.mp4: ") == true)
        }
    }
}
