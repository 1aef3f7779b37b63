import Foundation
import Testing
import PageReelTestSupport

/// Every kind of bad input and fault through the built binary: the documented exit code, the
/// message, and no partial output (DESIGN §8).
@Suite struct BadInputTests {
    let scratch = ScratchDirectory()

    struct Expectation: Decodable {
        let exit: Int32
        let errors: [String]
        /// `all`: a deck whose problems lie in other locales than its first, exported with `--locale all`.
        let locale: String?
    }

    static let invalid = CLI.samples + "/invalid"

    static func expectations() throws -> [String: Expectation] {
        let data = try Data(contentsOf: URL(fileURLWithPath: invalid + "/expected.json"))
        return try JSONDecoder().decode([String: Expectation].self, from: data)
    }

    /// Each deck of Samples/invalid fails `validate` and `export` with its code and messages, and
    /// `export` writes nothing.
    @Test func invalidSamples() throws {
        let expectations = try Self.expectations()
        let decks = try FileManager.default.contentsOfDirectory(atPath: Self.invalid).filter {
            $0.hasSuffix(".json") && $0 != "expected.json"
        }
        #expect(Set(decks) == Set(expectations.keys), "every invalid deck has an expectation")
        for (deck, expected) in expectations.sorted(by: { $0.key < $1.key }) {
            let validate = try CLI.run("validate", deck, in: Self.invalid)
            #expect(validate.status == expected.exit, "\(deck): \(validate.stderr)")
            #expect(validate.stderr.split(separator: "\n").map(String.init) == expected.errors, "\(deck)")
            let folder = try scratch.directory(deck)
            let locale = expected.locale.map { ["--locale", $0] } ?? []
            let suffix = expected.locale == nil ? "" : "-{locale}"
            let export = try CLI.run(["export", deck, "-o", folder + "/out\(suffix).mp4", "-o", folder + "/out\(suffix).gif",
                                      "-q"] + locale, in: Self.invalid)
            #expect(export.status == expected.exit, "\(deck): \(export.stderr)")
            for line in expected.errors { #expect(export.stderr.contains(line), "\(deck): \(line)") }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(deck) left files")
        }
    }

    @Test func deckThatIsAFolderExits66() throws {
        let out = try CLI.run("validate", Self.invalid)
        #expect(out.status == 66)
        #expect(out.stderr.contains("is a directory"))
    }

    /// A file where a folder of the path must be, and a directory in the way: 73, and nothing
    /// else is touched.
    @Test func outputThatCannotBeCreated() throws {
        let folder = try scratch.directory()
        let deck = CLI.samples + "/onboarding/deck.json"
        try Data().write(to: URL(fileURLWithPath: folder + "/file"))
        let blocked = try CLI.run("export", deck, "--frames", "0-2", "-o", folder + "/ok/x.gif", "-o", folder + "/file/sub/x.mp4")
        #expect(blocked.status == 73)
        #expect(blocked.stderr.contains("cannot make folder \(folder)/file/sub: Not a directory (\(folder)/file is not a folder)"),
                "\(blocked.stderr)")
        // The folder the first output made is gone with it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["file"])
        try FileManager.default.removeItem(atPath: folder + "/file")
        try FileManager.default.createDirectory(atPath: folder + "/x.mp4", withIntermediateDirectories: false)
        let inTheWay = try CLI.run("export", deck, "--frames", "0-2", "-o", folder + "/x.mp4")
        #expect(inTheWay.status == 73)
        #expect(inTheWay.stderr.contains("directory is in the way"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["x.mp4"])
    }

    /// `-o` makes the folders of its path, for exports, frame folders and stills; a signal in
    /// the middle of an export takes them away again.
    @Test func outputFoldersAreMade() throws {
        let folder = try scratch.directory()
        let deck = CLI.samples + "/onboarding/deck.json"
        let export = try CLI.run("export", deck, "--frames", "0-2", "--size", "320x180", "-q",
                                 "-o", folder + "/a/b/demo.mp4", "-o", folder + "/a/frames/", "-o", folder + "/c/demo.webp")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try Probe(folder + "/a/b/demo.mp4").frames == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/a/frames").count == 3)
        #expect(FileManager.default.fileExists(atPath: folder + "/c/demo.webp"))
        let still = try CLI.run("still", deck, "--frame", "1", "-o", folder + "/d/e/still.png")
        #expect(still.status == 0, "\(still.stderr)")
        #expect(try Probe(folder + "/d/e/still.png").width == 1280)
        // Interrupted: exit 143 and no folder it made is left.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["export", deck, "-q", "-o", folder + "/late/x/demo.mp4", "-o", folder + "/late/y/demo.gif"]
        try process.run()
        var made = false
        for _ in 0..<400 where !made {
            usleep(10_000)
            made = FileManager.default.fileExists(atPath: folder + "/late/y")
        }
        #expect(made)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a", "c", "d"])
    }

    /// Whether this machine lets the test mount a small tmpfs (root in a sandbox that allows it).
    static let canMountTmpfs: Bool = {
        guard getuid() == 0 else { return false }
        let probe = NSTemporaryDirectory() + "pagereel-tmpfs-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard let out = try? Command.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe]), out.status == 0 else {
            return false
        }
        _ = try? Command.run("umount", [probe])
        return true
    }()

    /// A full disk fails the export with 74, leaves no partial file and keeps the existing one.
    @Test(.enabled(if: canMountTmpfs, "needs root and tmpfs mounts")) func fullDiskExits74() throws {
        let folder = try scratch.directory()
        #expect(try Command.run("mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", folder]).status == 0)
        defer { _ = try? Command.run("umount", [folder]) }
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: folder + "/demo.mp4"))
        let deck = CLI.samples + "/onboarding/deck.json"
        for output in ["demo.mp4", "demo.gif", "frames/", "demo.png"] {
            let out = try CLI.run("export", deck, "--frames", "0-59", "-q", "-o", "\(folder)/\(output)")
            #expect(out.status == 74, "\(output): \(out.status) \(out.stderr)")
            #expect(out.stderr.contains("no space left on device") || out.stderr.contains("No space left"), "\(output)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo.mp4"], "\(output)")
        }
        #expect(try String(contentsOfFile: folder + "/demo.mp4", encoding: .utf8) == "keep me")
    }

    /// Two outputs, the first replacing a file that exists, the second on a full disk: the export
    /// fails with 74 and the first output's old file is untouched — all outputs or none.
    @Test(.enabled(if: canMountTmpfs, "needs root and tmpfs mounts")) func fullDiskOnTheSecondOutputKeepsTheFirst() throws {
        let roomy = try scratch.directory("roomy"), full = try scratch.directory("full")
        #expect(try Command.run("mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", full]).status == 0)
        defer { _ = try? Command.run("umount", [full]) }
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: roomy + "/demo.mp4"))
        let out = try CLI.run("export", CLI.samples + "/onboarding/deck.json", "--frames", "0-59", "-q",
                              "-o", roomy + "/demo.mp4", "-o", full + "/demo.gif")
        #expect(out.status == 74, "\(out.stderr)")
        #expect(try String(contentsOfFile: roomy + "/demo.mp4", encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: roomy) == ["demo.mp4"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: full) == [])
    }

    /// SIGINT and SIGTERM stop an export within a second, with 130 and 143, and clean up.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func signalStopsTheExport(_ signal: Int32, _ code: Int32) throws {
        let folder = try scratch.directory("signal\(signal)")
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/demo.mp4"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["export", CLI.samples + "/onboarding/deck.json", "-q",
                             "-o", folder + "/demo.mp4", "-o", folder + "/demo.gif", "-o", folder + "/frames/"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the export is writing (its temporary files exist), then signal it.
        let start = Date()
        while process.isRunning, Date().timeIntervalSince(start) < 20,
              (try FileManager.default.contentsOfDirectory(atPath: folder)).count < 4 {
            usleep(20_000)
        }
        usleep(300_000)
        #expect(process.isRunning, "the export finished before it could be interrupted")
        let sent = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        #expect(process.terminationStatus == code)
        #expect(took < 1.0, "took \(took) s to stop")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo.mp4"])
        #expect(try String(contentsOfFile: folder + "/demo.mp4", encoding: .utf8) == "old")
    }
}

/// What a deck contains never acts on the terminal, and keys are told apart as JSON does.
@Suite struct HostileTextTests {
    let scratch = ScratchDirectory()

    func validate(_ json: String) throws -> Command.Output {
        let deck = try scratch.directory() + "/deck.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: deck))
        return try CLI.run("validate", deck)
    }

    @Test func controlAndBidiCharactersAreEscapedInMessages() throws {
        let out = try validate(#"{ "pagereel": 1, "pages": [ { "\u001b[31mred": 1, "a\u202Eb": 2, "c\u0085d\u007F": 3, "image": "x\u001b]0;title\u0007.png" } ] }"#)
        #expect(out.status == 65)
        let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{202E}", "\u{85}", "\u{7F}", "\u{07}"]
        #expect(!out.stderr.unicodeScalars.contains { forbidden.contains($0) }, "\(out.stderr.debugDescription)")
        #expect(out.stderr.contains(#"pages[0]["\u{1B}[31mred"]: unknown key"#), "\(out.stderr)")
        #expect(out.stderr.contains(#"pages[0]["a\u{202E}b"]: unknown key"#))
        #expect(out.stderr.contains(#"pages[0]["c\u{85}d\u{7F}"]: unknown key"#))
    }

    @Test func aMegabyteKeyIsShortened() throws {
        let key = String(repeating: "k", count: 1 << 20)
        let out = try validate(#"{ "pagereel": 1, "pages": [ {} ], "\#(key)": true }"#)
        #expect(out.status == 65)
        #expect(out.stderr.count < 400, "\(out.stderr.count) characters")
        #expect(out.stderr.contains(#"["kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…"]: unknown key"#))
    }

    /// "é" precomposed (U+00E9) and "e" + U+0301 are different JSON keys; the same key twice is not.
    @Test func keysAreComparedScalarByScalar() throws {
        let twoKeys = try validate(#"{ "pagereel": 1, "pages": [ {} ], "script": [], "\u00e9": 1, "e\u0301": 2 }"#)
        #expect(!twoKeys.stderr.contains("duplicate key"), "\(twoKeys.stderr)")
        #expect(twoKeys.stderr.components(separatedBy: "unknown key").count == 3)
        let duplicate = try validate(#"{ "pagereel": 1, "pages": [ {} ], "\u00e9": 1, "\u00e9": 2 }"#)
        #expect(duplicate.status == 65 && duplicate.stderr.contains("duplicate key"))
    }
}
