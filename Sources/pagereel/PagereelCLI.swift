// pagereel: the command line over the PageReel facade.
//
// Design note: every command is declared with swift-argument-parser, so parsing, help, "did you
// mean" for options and completion scripts come from one declaration per command. Values are
// parsed once into typed values (`FrameSize`, `FrameRange`, `Output`, `NamedTransition`, …);
// what depends on several options is checked in `validate()`. Usage mistakes exit 64 with
// swift-argument-parser's message; a command's `run()` calls the library, prints, and maps a
// library error to its exit code (`ExitCode+PageReel.swift`). The CLI imports only `PageReel`.
import ArgumentParser
import PageReel

/// The `pagereel` command: its subcommands, `--version`, and the overview for `--help`.
@main
struct PagereelCLI: ParsableCommand {
    /// The version `--version` prints: the library's, which its MP4s record.
    static let version = PageReelVersion.current

    static let configuration = CommandConfiguration(
        commandName: "pagereel",
        abstract: "Demo videos of paged scroll views, from a JSON deck.",
        discussion: """
        Outputs (-o, repeatable; the extension picks the format): .mp4 (H.264), .gif, .webm (VP9), .webp, .apng, \
        .png (the first frame), or a folder ending in / (one PNG per frame, frame-000000.png). \
        Without -o, export writes DECK.mp4 beside the deck.

        Exit codes: \(ExitCode.documented.map { "\($0.code.rawValue) \($0.meaning)" }.joined(separator: ", ")).

        Examples:
          pagereel export deck.json --transition cards -o demo.mp4 -o demo.gif
          pagereel still deck.json --time 1.5 -o frame.png
          pagereel validate Samples/*/deck.json
        """,
        version: "pagereel \(version)",
        subcommands: [
            ExportCommand.self, StillCommand.self, StudioCommand.self, ValidateCommand.self, TimelineCommand.self,
            BenchCommand.self, PlanCommand.self, ConcatCommand.self, DiffCommand.self, TransitionsCommand.self,
            DevicesCommand.self, TargetsCommand.self,
            InitCommand.self,
            SchemaCommand.self,
        ]
    )

    /// Quiets the codecs, gives large buffers back to the system when freed, and traps SIGINT/SIGTERM
    /// for every command, then lets swift-argument-parser parse, run and exit.
    static func main() {
        CodecLog.errorsOnly()
        FrameMemory.returnLargeBuffers()
        _ = SignalTrap.shared
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let mistake = unknownCommand(in: arguments) { exit(withError: mistake) }
        main(arguments)
    }

    /// `pagereel exprot deck.json` or `pagereel help exprot`: a word where a command belongs that
    /// is none. swift-argument-parser would call it an unexpected argument (or show the overview
    /// for `help`); naming it a command and suggesting the one meant helps more.
    static func unknownCommand(in arguments: [String]) -> ValidationError? {
        let position = arguments.first == "help" ? 1 : 0
        guard arguments.count > position else { return nil }
        let word = arguments[position]
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !word.hasPrefix("-"), !names.contains(word) else { return nil }
        let hint = SpellingSuggestion.closest(to: word, among: names).map { ". Did you mean '\($0)'?" } ?? ""
        return ValidationError("Unknown command '\(word)'\(hint)")
    }

    /// `pagereel` alone is a usage mistake (no command): the overview goes to stderr, exit 64.
    func run() throws {
        Console.err(Self.helpMessage())
        throw ExitCode.validationFailure
    }
}
