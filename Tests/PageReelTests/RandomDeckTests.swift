import Foundation
import PageReel
import PageReelTestSupport
import Testing

/// Whatever `validate` accepts, `still` renders: random decks made from the format's declaration
/// (`RandomDeck`), with extreme numbers inside the documented limits, every transition, step and
/// style. Runs with a fixed seed here; `Scripts/fuzz decks SECONDS` runs it with fresh seeds
/// (`PAGEREEL_DECK_SEED`, `PAGEREEL_DECK_COUNT`).
@Suite struct RandomDeckTests {
    let scratch = ScratchDirectory()

    static var seed: UInt64 { ProcessInfo.processInfo.environment["PAGEREEL_DECK_SEED"].flatMap(UInt64.init) ?? 20261130 }
    static var count: Int { ProcessInfo.processInfo.environment["PAGEREEL_DECK_COUNT"].flatMap(Int.init) ?? 48 }

    @Test func whatValidatesRenders() throws {
        let folder = try scratch.directory()
        _ = try Command.check("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=90x160", "-frames:v", "1",
                                         folder + "/" + RandomDeck.image])
        try Recording.counter(at: folder + "/" + RandomDeck.video, fps: 10, frames: 10, width: 90, height: 160)
        var accepted = 0
        for n in 0..<Self.count {
            var generator = RandomDeck(seed: Self.seed &+ UInt64(n))
            let json = try JSONSerialization.data(withJSONObject: generator.deck(), options: [.sortedKeys])
            let path = folder + "/deck-\(n).json"
            try json.write(to: URL(fileURLWithPath: path))
            let project: Project
            do {
                project = try Project.load(path)
            } catch {
                if case .deck(let e) = error, ProcessInfo.processInfo.environment["PAGEREEL_DECK_DEBUG"] != nil { print("REJECT", e.issues.map { $0.path + ": " + $0.message.prefix(60) }.joined(separator: " / ")) }
                guard case .deck = error else {
                    Issue.record("deck \(n) (seed \(Self.seed &+ UInt64(n))): \(error)")
                    continue
                }
                continue
            }
            accepted += 1
            let last = project.frameCount - 1
            for frame in Set([0, last / 2, last]).sorted() {
                do {
                    _ = try Still(instant: .frame(frame)).render(project)
                } catch {
                    Issue.record("deck \(n) (seed \(Self.seed &+ UInt64(n))) validates but frame \(frame) fails: \(error)\n\(String(decoding: json, as: UTF8.self))")
                }
            }
        }
        // The generator keeps enough decks valid for the test to mean something.
        #expect(accepted >= Self.count / 4, "only \(accepted) of \(Self.count) decks validated")
        print("random decks: \(accepted) of \(Self.count) validated and rendered (seed \(Self.seed))")
    }
}
