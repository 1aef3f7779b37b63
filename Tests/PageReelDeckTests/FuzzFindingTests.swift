import Foundation
import PageReelDeck
import Testing

/// Inputs libFuzzer once found troublesome (Scripts/fuzz saves them here): each must decode to a
/// deck or to issues, quickly.
@Suite struct FuzzFindingTests {
    @Test func findingsDecodeWithoutCrashing() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Fixtures__/fuzz")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in files where !name.hasPrefix(".") {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let (deck, issues) = DeckDecoder.decodeBestEffort(bytes)
            #expect(deck != nil || !issues.isEmpty, "\(name)")
        }
    }
}
