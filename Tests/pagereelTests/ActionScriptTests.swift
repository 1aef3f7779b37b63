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

    /// A git repository at `folder/my repo` (a space in its path) with two commits: the onboarding
    /// sample in `demo deck/`, then its deck changed (a newline more, still the same deck); or, with
    /// `deckInFirstCommit` false, a first commit without the deck and a second that adds it.
    func gitRepository(in folder: String, deckInFirstCommit: Bool = true) throws -> String {
        let repository = folder + "/my repo"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        func git(_ arguments: String...) throws {
            _ = try Command.check("git", ["-C", repository, "-c", "user.name=pagereel tests",
                                          "-c", "user.email=tests@pagereel.invalid", "-c", "commit.gpgsign=false"] + arguments)
        }
        func addDeck() throws {
            try FileManager.default.copyItem(atPath: CLI.samples + "/onboarding", toPath: repository + "/demo deck")
        }
        try git("init", "-q")
        try "A repository with a deck.\n".write(toFile: repository + "/README", atomically: true, encoding: .utf8)
        if deckInFirstCommit { try addDeck() }
        try git("add", "-A")
        try git("commit", "-q", "-m", "first")
        if deckInFirstCommit {
            let deck = try String(contentsOfFile: repository + "/demo deck/deck.json", encoding: .utf8)
            try (deck + "\n").write(toFile: repository + "/demo deck/deck.json", atomically: true, encoding: .utf8)
        } else {
            try addDeck()
        }
        try git("add", "-A")
        try git("commit", "-q", "-m", "second")
        return repository
    }

    /// A pagereel for the comparison: `export` (and `--version`) is the built binary; `diff` records
    /// its arguments and the two decks it was given, and answers as `pagereel diff` does with
    /// `diffStatus`: 1, one changed range (its JSON over several lines, its reports written, the
    /// .md with a heading, the decks' paths and a picture); 65, an invalid deck, with a message and
    /// nothing written.
    func fakePagereel(in folder: String, diffStatus: Int32) throws -> String {
        let fake = folder + "/fake/pagereel"
        try FileManager.default.createDirectory(atPath: folder + "/fake", withIntermediateDirectories: true)
        try """
            #!/usr/bin/env bash
            set -euo pipefail
            [ "$1" = diff ] || exec "\(CLI.binary)" "$@"
            printf '%s\\n' "$*" >> "\(folder)/fake/calls.txt"
            old=$2 new=$3
            cp "$old" "\(folder)/fake/old.json"
            cp "$new" "\(folder)/fake/new.json"
            if [ \(diffStatus) -eq 65 ]; then
              echo "pagereel: error: $2: not a deck" >&2
              exit 65
            fi
            shift 3
            while [ $# -gt 0 ]; do
              case $1 in
                -o) case $2 in
                      *.md) printf '%s\\n' '## pagereel diff' '' "\\`$old\\` → \\`$new\\`" '' \\
                              '- 2.90–5.10 s (frames 87–153): up to 4% of the picture, around (412, 180)' '' \\
                              '![old | new | difference](pagereel-diff.png)' > "$2" ;;
                      *) printf 'picture' > "$2" ;;
                    esac
                    shift 2 ;;
                *) shift ;;
              esac
            done
            printf '{\\n  "same": false,\\n  "frames": 154,\\n  "changed": [\\n    {"from": 87, "to": 153, "fromTime": 2.9, "toTime": 5.1, "maxChanged": 0.04, "box": [412, 180, 64, 32]}\\n  ]\\n}\\n'
            exit \(diffStatus)
            """.write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        return fake
    }

    /// `compare-to`: after the export, the deck at the ref (checked out into a temporary folder in
    /// the workspace, removed afterwards) is compared with the deck here by `pagereel diff`, at the
    /// export's --fps, both decks allowed to read the workspace, its reports in pagereel-diff/
    /// beside the first output. Exit 1 ("changed") is
    /// no failure: the ranges go into the job summary, the JSON (on one line) and `changed=true`
    /// into the step outputs.
    @Test func comparesTheDeckWithTheOneAtTheRef() throws {
        let folder = try scratch.directory()
        let repository = try gitRepository(in: folder)
        let fake = try fakePagereel(in: folder, diffStatus: 1)
        let out = try runAction(in: repository, [
            "INPUT_DECK": "demo deck/deck.json",
            "INPUT_OUTPUTS": "\"out put/demo.mp4\"",
            "INPUT_ARGS": "--size 320x180 --frames 0-1 --fps 10",
            "INPUT_VERSION": "path:" + fake,
            "INPUT_COMPARE_TO": "HEAD~1",
            "GITHUB_WORKSPACE": repository,
            "GITHUB_STEP_SUMMARY": folder + "/summary.md",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try Probe(repository + "/out put/demo.mp4").frames == 2)

        let calls = try String(contentsOfFile: folder + "/fake/calls.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(calls.count == 1)
        // The deck at the ref, checked out in the workspace (as `pwd -P` names it).
        #expect(calls.first?.hasPrefix("diff /") == true, "\(calls)")
        #expect(calls.first?.contains("/.pagereel-compare.") == true, "\(calls)")
        #expect(calls.first?.hasSuffix("/demo deck/deck.json demo deck/deck.json --json --allow-path \(repository)"
            + " -o out put/pagereel-diff/pagereel-diff.png -o out put/pagereel-diff/pagereel-diff.webp"
            + " -o out put/pagereel-diff/pagereel-diff.md --fps 10") == true, "\(calls)")
        let deck = try String(contentsOfFile: CLI.samples + "/onboarding/deck.json", encoding: .utf8)
        #expect(try String(contentsOfFile: folder + "/fake/old.json", encoding: .utf8) == deck)
        #expect(try String(contentsOfFile: folder + "/fake/new.json", encoding: .utf8) == deck + "\n")
        #expect(FileManager.default.fileExists(atPath: repository + "/out put/pagereel-diff/pagereel-diff.webp"))
        let leftover = try FileManager.default.contentsOfDirectory(atPath: repository).filter { $0.hasPrefix(".pagereel-compare") }
        #expect(leftover.isEmpty, "\(leftover)")

        // The .md under the step's heading, without its own heading or its picture (which a job
        // summary cannot show), the deck at the ref named as git names it.
        let short = try Command.check("git", ["-C", repository, "rev-parse", "--short", "HEAD~1"]).trimmed
        let summary = try String(contentsOfFile: folder + "/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("### pagereel diff: `demo deck/deck.json` at HEAD~1 (\(short)) and in this checkout\n\n"
            + "`\(short):demo deck/deck.json` → `demo deck/deck.json`\n"), "\(summary)")
        #expect(summary.contains("- 2.90–5.10 s (frames 87–153): up to 4% of the picture, around (412, 180)"), "\(summary)")
        #expect(!summary.contains("## pagereel diff\n") && !summary.contains("!["), "\(summary)")
        #expect(summary.contains("are in `out put/pagereel-diff/` on the runner"), "\(summary)")

        let stepOutput = try String(contentsOfFile: repository + "/github-output.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(stepOutput.count == 3, "\(stepOutput)")
        #expect(stepOutput.contains("changed=true"), "\(stepOutput)")
        let diffLine = stepOutput.first { $0.hasPrefix("diff={") } ?? ""
        let diff = try JSONSerialization.jsonObject(with: Data(diffLine.dropFirst("diff=".count).utf8)) as? [String: Any]
        #expect(diff?["same"] as? Bool == false)
        #expect((diff?["changed"] as? [[String: Any]])?.first?["from"] as? Int == 87)
    }

    /// Any other exit of `pagereel diff` than 0 or 1 fails the step with its status and its message,
    /// and sets no `changed`.
    @Test func aFailedComparisonFailsTheStep() throws {
        let folder = try scratch.directory()
        let repository = try gitRepository(in: folder)
        let fake = try fakePagereel(in: folder, diffStatus: 65)
        let out = try runAction(in: repository, [
            "INPUT_DECK": "demo deck/deck.json",
            "INPUT_OUTPUTS": "demo.mp4",
            "INPUT_ARGS": "--size 320x180 --frames 0-1",
            "INPUT_VERSION": "path:" + fake,
            "INPUT_COMPARE_TO": "HEAD~1",
            "GITHUB_STEP_SUMMARY": folder + "/summary.md",
        ])
        #expect(out.status == 65, "\(out.stderr)")
        // The diff's own message, then the step's, the deck at the ref named as git names it.
        #expect(out.stderr.contains("/.pagereel-compare."), "\(out.stderr)")
        let short = try Command.check("git", ["-C", repository, "rev-parse", "--short", "HEAD~1"]).trimmed
        #expect(out.stderr.contains("pagereel action: pagereel diff failed (exit 65): pagereel: error: \(short):demo deck/deck.json: not a deck"),
                "\(out.stderr)")
        let stepOutput = try String(contentsOfFile: repository + "/github-output.txt", encoding: .utf8)
        #expect(stepOutput.hasPrefix("summary={"))
        #expect(!stepOutput.contains("changed="))
        #expect(!FileManager.default.fileExists(atPath: folder + "/summary.md"))
        let leftover = try FileManager.default.contentsOfDirectory(atPath: repository).filter { $0.hasPrefix(".pagereel-compare") }
        #expect(leftover.isEmpty, "\(leftover)")
    }

    /// A deck that is not at the ref (new in the pull request) is exported, noted in the summary
    /// and not compared; a ref that is not there fails before the export.
    @Test func aDeckThatIsNotAtTheRefIsNotCompared() throws {
        let folder = try scratch.directory()
        let repository = try gitRepository(in: folder, deckInFirstCommit: false)
        let fake = try fakePagereel(in: folder, diffStatus: 1)
        var inputs = [
            "INPUT_DECK": "demo deck/deck.json",
            "INPUT_OUTPUTS": "demo.mp4",
            "INPUT_ARGS": "--size 320x180 --frames 0-1",
            "INPUT_VERSION": "path:" + fake,
            "INPUT_COMPARE_TO": "HEAD~1",
            "GITHUB_STEP_SUMMARY": folder + "/summary.md",
        ]
        let out = try runAction(in: repository, inputs)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.text.contains("pagereel action: demo deck/deck.json is not in HEAD~1 ("), "\(out.text)")
        #expect(FileManager.default.fileExists(atPath: repository + "/demo.mp4"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/fake/calls.txt"))
        let summary = try String(contentsOfFile: folder + "/summary.md", encoding: .utf8)
        #expect(summary.contains("`demo deck/deck.json` is not in HEAD~1 ("), "\(summary)")
        #expect(summary.contains("so there is nothing to compare"), "\(summary)")
        let stepOutput = try String(contentsOfFile: repository + "/github-output.txt", encoding: .utf8)
        #expect(stepOutput.hasPrefix("summary={"))
        #expect(!stepOutput.contains("changed="))

        try FileManager.default.removeItem(atPath: repository + "/demo.mp4")
        inputs["INPUT_COMPARE_TO"] = "no-such-branch"
        let unknown = try runAction(in: repository, inputs)
        #expect(unknown.status == 66, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("pagereel action: input 'compare-to' is 'no-such-branch', which is not a commit in "),
                "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: repository + "/demo.mp4"))
    }
}

private extension Data {
    var trimmed: String { String(decoding: self, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
}
