import ArgumentParser
import Foundation
import PageReel

/// `pagereel validate DECK...`: check decks without rendering; every problem of every deck.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check decks without rendering.",
        discussion: """
        Checks JSON, every key and value, the script, and that every image and font exists. \
        Reports every problem with its JSON path; exit 65 (invalid) or 66 (missing file).

        Example:
          pagereel validate Samples/*/deck.json
        """
    )

    @Argument(help: ArgumentHelp("The deck files (JSON).", valueName: "deck"), completion: .file(extensions: ["json"]))
    var decks: [String]

    func run() throws {
        var worst = ExitCode.success
        for path in decks {
            do {
                let project = try Project.load(path)
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
