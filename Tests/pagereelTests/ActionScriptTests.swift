import Foundation
import Testing
import PageReelTestSupport

/// The GitHub Action's script (`Scripts/ci-action`, run by `action.yml`) with the built binary
/// (`version: path:…`): inputs as the action passes them, outputs read back by ffprobe, and the
/// messages a workflow author sees for a bad input.
@Suite struct ActionScriptTests {
    let scratch = ScratchDirectory()

    static let script = Repository.root() + "/Scripts/ci-action"

    /// Runs the script in `directory` with the action's inputs, as the runner's environment would
    /// hold them (GITHUB_OUTPUT in `directory`).
    func runAction(in directory: String, _ inputs: [String: String]) throws -> Command.Output {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INPUT_") && $0.key != "GITHUB_WORKSPACE" }
        environment["GITHUB_OUTPUT"] = directory + "/github-output.txt"
        environment.merge(inputs) { _, new in new }
        return try Command.run(Self.script, [], in: directory, environment: environment)
    }

    /// Outputs separated by a newline and spaces, one in a folder that does not exist yet and one
    /// quoted because its folder has a space; shell-quoted args; the summary as a step output.
    @Test func exportsTheDeckToEveryOutput() throws {
        let folder = try scratch.directory()
        let out = try runAction(in: folder, [
            "INPUT_DECK": CLI.samples + "/onboarding/deck.json",
            "INPUT_OUTPUTS": "artifacts/demo.mp4\n  \"demo reel/demo.gif\"",
            "INPUT_ARGS": "--size '320x180' --frames 0-19",
            "INPUT_VERSION": "path:" + CLI.binary,
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text.contains("pagereel 0."))

        let mp4 = try Probe(folder + "/artifacts/demo.mp4")
        #expect(mp4.string("codec_name") == "h264")
        #expect(mp4.frames == 20)
        #expect(mp4.width == 320 && mp4.height == 180)
        let gif = try Probe(folder + "/demo reel/demo.gif")
        #expect(gif.string("codec_name") == "gif")
        #expect((gif.frames ?? 0) > 0)

        let stepOutput = try String(contentsOfFile: folder + "/github-output.txt", encoding: .utf8)
        #expect(stepOutput.hasPrefix("summary={"))
        let summary = try JSONSerialization.jsonObject(with: Data(stepOutput.dropFirst("summary=".count).utf8))
            as? [String: Any]
        #expect(summary?["frames"] as? Int == 20)
        #expect(summary?["outputs"] as? [String] == ["artifacts/demo.mp4", "demo reel/demo.gif"])
    }

    /// A deck that is not there, no deck, an unknown version, args that do not parse, a binary
    /// that is not there and an option export does not know: each fails with a message naming
    /// the input and the exit code of its kind, and writes nothing.
    @Test(arguments: [
        (["INPUT_DECK": "demo/deck.json"], 66, "deck 'demo/deck.json' not found (input 'deck', relative to "),
        (["INPUT_DECK": ""], 64, "input 'deck' is required"),
        (["INPUT_VERSION": "newest"], 64, "input 'version' is 'newest': use a release (e.g. 0.1.0), latest, source or path:FILE"),
        (["INPUT_ARGS": "--size '320x180"], 64, "input 'args' is not a list of words: unmatched single quote"),
        (["INPUT_VERSION": "path:/nonexistent/pagereel"], 66, "pagereel binary '/nonexistent/pagereel' not found"),
        (["INPUT_ARGS": "--sise 320x180"], 64, "Unknown option '--sise'. Did you mean '--size'?"),
    ] as [([String: String], Int32, String)])
    func badInputFails(inputs: [String: String], status: Int32, message: String) throws {
        let folder = try scratch.directory()
        var environment = ["INPUT_DECK": CLI.samples + "/onboarding/deck.json", "INPUT_OUTPUTS": "out/demo.mp4",
                           "INPUT_VERSION": "path:" + CLI.binary]
        environment.merge(inputs) { _, new in new }
        let out = try runAction(in: folder, environment)
        #expect(out.status == status, "\(out.stderr)")
        #expect(out.stderr.contains("pagereel action: "), "\(out.stderr)")
        #expect(out.stderr.contains(message), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/demo.mp4"))
    }

    /// The action lets the deck read the checkout (GITHUB_WORKSPACE), whatever the step's working
    /// directory, and nothing outside it.
    @Test func theDeckMayReadTheWorkspaceAndNothingElse() throws {
        let root = try scratch.directory()
        let workspace = root + "/workspace"
        for folder in [workspace + "/demo", workspace + "/shots", root + "/elsewhere"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        _ = try TestClips.make("a.png", in: workspace + "/shots", ["-f", "lavfi", "-i", "color=red:s=320x180", "-frames:v", "1"])
        _ = try TestClips.make("b.png", in: root + "/elsewhere", ["-f", "lavfi", "-i", "color=red:s=320x180", "-frames:v", "1"])
        func deck(_ image: String) throws {
            let deck = #"{"pagereel": 1, "canvas": {"width": 320, "height": 180, "fps": 10}, "pages": [{"image": "\#(image)"}], "script": [{"wait": 0.2}]}"#
            try deck.write(toFile: workspace + "/demo/deck.json", atomically: true, encoding: .utf8)
        }
        let inputs = ["INPUT_DECK": "deck.json", "INPUT_OUTPUTS": "out.mp4", "INPUT_VERSION": "path:" + CLI.binary]
        try deck("../shots/a.png")
        // Run from the deck's folder, so only the workspace lets it reach ../shots.
        let withoutWorkspace = try runAction(in: workspace + "/demo", inputs)
        #expect(withoutWorkspace.status == 66, "\(withoutWorkspace.stderr)")
        #expect(withoutWorkspace.stderr.contains("outside the folders the deck may read from"))
        var environment = inputs
        environment["GITHUB_WORKSPACE"] = workspace
        let within = try runAction(in: workspace + "/demo", environment)
        #expect(within.status == 0, "\(within.stderr)")
        #expect(within.text.contains("--allow-path " + workspace))
        try deck("../../elsewhere/b.png")
        let outside = try runAction(in: workspace + "/demo", environment)
        #expect(outside.status == 66, "\(outside.stderr)")
        #expect(outside.stderr.contains("../../elsewhere/b.png is outside the folders the deck may read from"))
    }

}
