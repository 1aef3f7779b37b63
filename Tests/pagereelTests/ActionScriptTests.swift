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

    /// A container engine for the tests (none runs here): records each call, "loads" an archive
    /// as localhost/pagereel:9.9.9, and for `run` does what the engine would with the mount and
    /// working folder: runs the built binary in the mounted folder, /work in its paths mapped back.
    func fakeEngine(in folder: String) throws -> String {
        let engine = folder + "/engine/docker"
        try FileManager.default.createDirectory(atPath: folder + "/engine", withIntermediateDirectories: true)
        try """
            #!/usr/bin/env bash
            set -euo pipefail
            printf '%s\n' "$*" >> "\(folder)/engine/calls.txt"
            case $1 in
              load) [ -f "$4" ] || exit 1; printf 'Loaded image: localhost/pagereel:9.9.9\nLoaded image: localhost/pagereel:latest\n'; exit 0 ;;
              run) shift ;;
              *) exit 2 ;;
            esac
            mount= workdir=
            while [[ $1 == -* ]]; do
              case $1 in
                -v) mount=${2%:/work}; shift 2 ;;
                -w) workdir=$2; shift 2 ;;
                --network|--user) shift 2 ;;
                *) shift ;;
              esac
            done
            shift  # the image
            cd "$mount${workdir#/work}"
            arguments=()
            for argument in "$@"; do
              [[ $argument == /work* ]] && argument=$mount${argument#/work}
              arguments+=("$argument")
            done
            exec "\(CLI.binary)" "${arguments[@]}"
            """.write(toFile: engine, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: engine)
        return engine
    }

    /// `image:` runs the export in the container on the workspace mounted at /work, in the same
    /// folder, without network, as the runner's user: an absolute output inside the workspace is
    /// mapped under /work, the deck may read the workspace, an archive is loaded first and its
    /// versioned tag run.
    @Test func runsTheExportInTheImageOnTheMountedWorkspace() throws {
        let workspace = try scratch.directory()
        try FileManager.default.createDirectory(atPath: workspace + "/demo", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.samples + "/onboarding", toPath: workspace + "/demo/onboarding")
        try Data("archive".utf8).write(to: URL(fileURLWithPath: workspace + "/pagereel-9.9.9-oci.tar"))
        let engine = try fakeEngine(in: workspace)
        let out = try runAction(in: workspace + "/demo", [
            "INPUT_DECK": "onboarding/deck.json",
            "INPUT_OUTPUTS": "out/demo.mp4 \(workspace)/artifacts/demo.gif",
            "INPUT_ARGS": "--size 320x180 --frames 0-9",
            "INPUT_IMAGE": "../pagereel-9.9.9-oci.tar",
            "GITHUB_WORKSPACE": workspace,
            "CONTAINER_ENGINE": engine,
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text.contains("loaded localhost/pagereel:9.9.9 from ../pagereel-9.9.9-oci.tar"))
        #expect(try Probe(workspace + "/demo/out/demo.mp4").frames == 10)
        #expect(try Probe(workspace + "/artifacts/demo.gif").string("codec_name") == "gif")

        let calls = try String(contentsOfFile: workspace + "/engine/calls.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let ids = try Command.check("id", ["-u"]).trimmed + ":" + Command.check("id", ["-g"]).trimmed
        let run = "run --rm --network none -v \(workspace):/work -w /work/demo --user \(ids) localhost/pagereel:9.9.9"
        #expect(calls == [
            "load -q -i ../pagereel-9.9.9-oci.tar",
            run + " --version",
            run + " export onboarding/deck.json --progress plain --json --allow-path /work -o out/demo.mp4"
                + " -o /work/artifacts/demo.gif --size 320x180 --frames 0-9",
        ])
        let stepOutput = try String(contentsOfFile: workspace + "/demo/github-output.txt", encoding: .utf8)
        #expect(stepOutput.hasPrefix("summary={"))
    }

    /// `image:` with a bad input: set with `version:`, an archive that is not there, an output
    /// or a deck outside the mounted workspace, no engine; each names the input and writes nothing.
    @Test(arguments: [
        (["INPUT_VERSION": "0.1.0"], 64, "inputs 'image' and 'version' are both set"),
        (["INPUT_IMAGE": "missing-oci.tar"], 66, "image archive 'missing-oci.tar' not found (input 'image', relative to "),
        (["INPUT_OUTPUTS": "/nonexistent/demo.mp4"], 66, "output '/nonexistent/demo.mp4' is outside "),
        (["CONTAINER_ENGINE": "/nonexistent/docker"], 69, "container engine '/nonexistent/docker' not found"),
        (["INPUT_DECK": CLI.samples + "/onboarding/deck.json"], 66, "deck '\(CLI.samples)/onboarding/deck.json' is outside "),
    ] as [([String: String], Int32, String)])
    func badImageInputFails(inputs: [String: String], status: Int32, message: String) throws {
        let workspace = try scratch.directory()
        try FileManager.default.copyItem(atPath: CLI.samples + "/onboarding", toPath: workspace + "/onboarding")
        var environment = ["INPUT_DECK": "onboarding/deck.json", "INPUT_OUTPUTS": "out/demo.mp4",
                           "INPUT_IMAGE": "pagereel:9.9.9", "CONTAINER_ENGINE": try fakeEngine(in: workspace)]
        environment.merge(inputs) { _, new in new }
        let out = try runAction(in: workspace, environment)
        #expect(out.status == status, "\(out.stderr)")
        #expect(out.stderr.contains("pagereel action: " + message), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace + "/out/demo.mp4"))
    }
}

private extension Data {
    var trimmed: String { String(decoding: self, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
}
