import Foundation
import PageReelTestSupport
import Testing

/// The command line's syntax as swift-argument-parser reads it, through the built binary: the
/// spellings of options and values, `--`, repeats, missing and misspelt options, help and
/// completion scripts (DESIGN §7). Usage mistakes exit 64 and write nothing.
@Suite struct ArgumentParsingTests {
    let scratch = ScratchDirectory()
    let deck = CLI.samples + "/onboarding/deck.json"

    /// The names of the files in `folder`, sorted.
    func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func optionValuesAfterAnEqualsSign() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", deck, "--size=320x180", "--frames=0-4", "--crf=20", "-q",
                              "--output=\(folder)/x.mp4")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try Probe(folder + "/x.mp4").frames == 5)
        // The same value refused either way, with the same reason.
        let spaced = try CLI.run("export", deck, "--crf", "99", "-o", folder + "/y.mp4")
        let attached = try CLI.run("export", deck, "--crf=99", "-o", folder + "/y.mp4")
        #expect(spaced.status == 64 && attached.status == 64)
        #expect(attached.stderr.contains("--crf: expected a whole number in 0…63, got 99"))
        #expect(attached.stderr == spaced.stderr)
        #expect(try files(in: folder) == ["x.mp4"])
    }

    /// A deck whose name starts with `-` reads as an option, unless `--` ends the options first.
    @Test func doubleDashBeforeADeckNamedLikeAnOption() throws {
        let folder = try scratch.directory()
        try Data(##"{ "pagereel": 1, "pages": [ { "background": "#FF0000" }, { "background": "#00FF00" } ] }"##.utf8)
            .write(to: URL(fileURLWithPath: folder + "/-deck.json"))
        let out = try CLI.run("export", "-q", "--frames", "0-1", "-o", "first.png", "--", "-deck.json", in: folder)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try files(in: folder) == ["-deck.json", "first.png"])
        let validate = try CLI.run("validate", "--", "-deck.json", in: folder)
        #expect(validate.status == 0 && validate.text.hasPrefix("-deck.json: ok"), "\(validate.stderr)")
        #expect(try CLI.run("validate", "-deck.json", in: folder).status == 64)
    }

    /// Every `-o` is fed from the one render: the summary counts the frames once and lists both.
    @Test func repeatedOutputs() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", deck, "--size", "320x180", "--frames", "0-9", "-q", "--json",
                              "-o", folder + "/a.mp4", "--output", folder + "/a.gif")
        #expect(out.status == 0, "\(out.stderr)")
        let summary = try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any]
        #expect(summary?["frames"] as? Int == 10)
        #expect(summary?["outputs"] as? [String] == [folder + "/a.mp4", folder + "/a.gif"])
        #expect(try Probe(folder + "/a.mp4").frames == 10)
        #expect(try files(in: folder) == ["a.gif", "a.mp4"])
    }

    @Test func missingOptionValue() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", deck, "-o", in: folder)
        #expect(out.status == 64)
        #expect(out.stderr.contains("Missing value for '-o <path>'"))
        #expect(out.stderr.contains("Usage: pagereel export"))
        #expect(try files(in: folder).isEmpty)
        let still = try CLI.run("still", deck, "--time", "1", in: folder)
        #expect(still.status == 64)
        #expect(still.stderr.contains("Missing expected argument '--output <out.png>'"))
    }

    /// swift-argument-parser's rule: a value in its own word cannot start with `-`, so `-o -h` is
    /// `-o` without its value — a usage error, not a request for help (nothing on stdout) and not
    /// a file named `-h`. Attached with `=`, `-h` is the value, and not a known output format.
    @Test func dashHAsAnOptionValue() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", deck, "-o", "-h", in: folder)
        #expect(out.status == 64)
        #expect(out.stderr.contains("Missing value for '-o <path>'"))
        #expect(out.text.isEmpty)
        let attached = try CLI.run("export", deck, "--output=-h", in: folder)
        #expect(attached.status == 64)
        #expect(attached.stderr.contains("The value '-h' is invalid for '--output <path>': unknown output format"))
        #expect(attached.text.isEmpty)
        #expect(try files(in: folder).isEmpty)
    }

    @Test func valuesAreRefusedWithTheirReason() throws {
        let cases: [([String], String)] = [
            (["export", deck, "--size", "640x48o"], "The value '640x48o' is invalid for '--size <WxH>': expected WIDTHxHEIGHT"),
            (["export", deck, "--frames", "9-3"], "The value '9-3' is invalid for '--frames <A-B>': expected A-B with 0 ≤ A ≤ B"),
            (["export", deck, "--progress", "loud"], "The value 'loud' is invalid for '--progress <mode>'"),
            (["export", deck, "--transition", "slid"], "unknown transition (did you mean slide?)"),
            (["still", deck, "--time", "1", "--frame", "3", "-o", "x.png"], "give exactly one of --time SECONDS or --frame N"),
            (["still", deck, "--time", "1", "-o", "x.jpg"], "The value 'x.jpg' is invalid for '-o <out.png>': expected a PNG file"),
            (["timeline", deck, "--size", "100x50", "-o", "plot.png"], "--size: the plot must be 240x120…4000x3000, got 100x50"),
            (["help", "exprot"], "Unknown command 'exprot'. Did you mean 'export'?"),
        ]
        let folder = try scratch.directory()
        for (arguments, message) in cases {
            let out = try Command.run(CLI.binary, arguments, in: folder)
            #expect(out.status == 64, "\(arguments)")
            #expect(out.stderr.contains(message), "\(arguments): \(out.stderr)")
        }
        #expect(try files(in: folder).isEmpty)
    }

    /// `--loop -1` (play once) reads -1 as the value, though it looks like an option.
    @Test func negativeLoopCount() throws {
        let folder = try scratch.directory()
        let out = try CLI.run("export", deck, "--size", "320x180", "--frames", "0-1", "--loop", "-1", "-q",
                              "-o", folder + "/once.gif")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try files(in: folder) == ["once.gif"])
    }

    @Test func helpForEveryCommand() throws {
        for command in ["export", "still", "validate", "timeline", "bench", "concat", "transitions", "devices", "init",
                        "schema"] {
            let help = try CLI.run("help", command)
            #expect(help.status == 0 && help.stderr.isEmpty, "\(command)")
            #expect(help.text.contains("USAGE: pagereel \(command)"), "\(command)")
            #expect(help.text.contains("Example"), "\(command) has examples")
            #expect(try CLI.run(command, "--help").text == help.text, "\(command)")
            #expect(try CLI.run(command, "-h").text == help.text, "\(command)")
        }
    }

    /// `pagereel` alone is a usage mistake: the overview on stderr, nothing on stdout, 64.
    @Test func noArguments() throws {
        let out = try CLI.run()
        #expect(out.status == 64)
        #expect(out.text.isEmpty)
        #expect(out.stderr.contains("USAGE: pagereel <subcommand>") && out.stderr.contains("export"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(_ shell: String) throws {
        let out = try CLI.run("--generate-completion-script", shell)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text.contains("pagereel"))
        #expect(out.text.contains("export") && out.text.contains("gif-width"))
        if shell == "bash" { #expect(out.text.hasPrefix("#!/bin/bash") && out.text.contains("complete ")) }
    }
}
