import Foundation
import PageReel

/// The `pagereel` command: dispatches to a command, prints its error, exits with its code.
@main
enum PagereelCLI {
    /// The commands pagereel knows, by name.
    static let commands: [String: @Sendable ([String]) throws(CommandFailure) -> Int32] = [
        "export": ExportCommand.run,
        "still": StillCommand.run,
        "validate": ValidateCommand.run,
        "timeline": TimelineCommand.run,
        "bench": BenchCommand.run,
        "transitions": TransitionsCommand.run,
        "concat": ConcatCommand.run,
        "init": InitCommand.run,
        "schema": SchemaCommand.run,
    ]

    static func main() {
        CodecLog.errorsOnly()
        _ = SignalTrap.shared
        exit(dispatch(Array(CommandLine.arguments.dropFirst())))
    }

    static func dispatch(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Console.err(Help.overview)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h":
            Console.out(Help.overview)
            return ExitCode.ok
        case "--version":
            Console.out("pagereel \(Help.version)")
            return ExitCode.ok
        case "help":
            guard arguments.count > 1 else {
                Console.out(Help.overview)
                return ExitCode.ok
            }
            guard let text = Help.commands[arguments[1]] else {
                Console.err("help: unknown command \(arguments[1])")
                return ExitCode.usage
            }
            Console.out(text)
            return ExitCode.ok
        default:
            break
        }
        guard let command = commands[first] else {
            let hint = Suggestion.closest(to: first, among: Array(commands.keys)).map { " (did you mean \($0)?)" } ?? ""
            Console.err("pagereel: unknown command \(first)\(hint); see pagereel --help")
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h"), let text = Help.commands[first] {
            Console.out(text)
            return ExitCode.ok
        }
        do {
            return try command(rest)
        } catch {
            Console.err(error.message)
            return error.exitCode
        }
    }
}
