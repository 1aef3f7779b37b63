import Foundation
import PageReelTestSupport
import Testing

/// `-o x.webp`, `-o x.apng`, `--webp-quality` and `--max-size` through the binary.
@Suite struct ImageCLITests {
    let scratch = ScratchDirectory()
    static let deck = CLI.samples + "/tabs/deck.json"

    @Test func aBudgetSaysWhatItChoseInOneLineAndInJSON() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", Self.deck, "--gif-width", "320", "--max-size", "150KB", "--progress", "none",
                              "-o", folder + "/demo.webp", "-o", folder + "/demo.apng")
        #expect(out.status == 0, "\(out.stderr)")
        for name in ["demo.webp", "demo.apng"] {
            let size = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int ?? .max
            #expect(size <= 150_000, "\(name): \(size)")
            let line = try #require(out.stderr.split(separator: "\n").first { $0.hasPrefix(folder + "/" + name + ": ") })
            #expect(line.contains(" of 150 KB: "), "\(line)")
        }
        let json = try CLI.run("export", Self.deck, "--gif-width", "320", "--max-size", "150KB", "-q", "--json",
                               "-o", folder + "/again.webp")
        let summary = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let fit = try #require((summary["budgets"] as? [String: Any])?[folder + "/again.webp"] as? [String: Any])
        #expect(fit["budget"] as? Int == 150_000 && (fit["bytes"] as? Int ?? .max) <= 150_000)
        #expect((fit["chosen"] as? [String: Any])?["width"] != nil && fit["encodes"] != nil)
    }

    @Test(arguments: [
        (["--max-size", "ten"], "expected a size such as 10MB"),
        (["--max-size", "0KB"], "expected a size such as 10MB"),
        (["--webp-quality", "0"], "--webp-quality"),
        (["--webp-quality", "101"], "--webp-quality"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) throws {
        let folder = try scratch.directory("bad\(arguments.joined())")
        let out = try CLI.run(["export", Self.deck, "-o", folder + "/demo.webp"] + arguments)
        #expect(out.status == 64)
        #expect(out.stderr.contains(message), "\(out.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func anImpossibleBudgetIs73AndWritesNothing() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", Self.deck, "--gif-width", "160", "--max-size", "3KB", "-q",
                              "-o", folder + "/demo.gif", "-o", folder + "/demo.webp")
        #expect(out.status == 73)
        #expect(out.stderr.contains("does not fit in 3 KB (--max-size)"), "\(out.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
