import ArgumentParser
import Foundation
import PageReel

/// `pagereel validate DECK...`: check decks without rendering; every problem of every deck.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check decks without rendering.",
        discussion: """
        Checks JSON, every key and value, the script, and that every image, recording and font \
        exists, is a regular file inside the deck's folder, the current directory or an \
        --allow-path folder, and is usable. Reports every problem with its JSON path; exit 65 \
        (invalid) or 66 (missing, unreadable or outside the allowed folders).

        Example:
          pagereel validate Samples/*/deck.json
        """
    )

    @Argument(help: ArgumentHelp("The deck files (JSON).", valueName: "deck"), completion: .file(extensions: ["json"]))
    var decks: [String]

    @OptionGroup var inputs: InputOptions

    func run() throws {
        var worst = ExitCode.success
        for path in decks {
            do {
                let project = try Project.load(path, allowing: inputs.allowed)
                Console.warnings(of: project)
                Console.out("\(path): ok (\(project.pageCount) pages, \(project.frameCount) frames, "
                    + String(format: "%.2f s)", project.duration))
            } catch {
                Console.err(error.description)
                let code = ExitCode(error)
                // An invalid deck outranks a missing file.
                if worst == .success || code == .invalidDeck { worst = code }
            }
        }
        if worst != .success { throw worst }
    }
}
