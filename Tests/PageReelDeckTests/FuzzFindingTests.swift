import Foundation
import PageReelDeck
import Testing

/// Hostile inputs, some found by libFuzzer (Scripts/fuzz saves its findings here) and some written
/// to pin the edges it explores: nesting past the limit, invalid UTF-8, lone surrogates, NUL and
/// escape characters, huge numbers and keys, template braces. Each must decode to a deck or to
/// issues.
@Suite struct FuzzFindingTests {
    @Test func findingsDecodeWithoutCrashing() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Fixtures__/fuzz")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        // An empty folder would make this test pass without checking anything.
        #expect(files.count >= 12, "the fixtures are missing: \(folder.path)")
        for name in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let (deck, issues) = DeckDecoder.decodeBestEffort(bytes)
            #expect(deck != nil || !issues.isEmpty, "\(name)")
        }
    }
}
