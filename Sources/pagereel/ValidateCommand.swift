import PageReel

/// `pagereel validate DECK...`: check decks without rendering; every problem of every deck.
enum ValidateCommand {
    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in
            try ArgumentParser(command: "validate", options: []).parse(arguments)
        }
        guard !args.positionals.isEmpty else { throw .usage("validate: expected at least one deck file") }
        var worst = ExitCode.ok
        for path in args.positionals {
            do {
                let project = try Project.load(path)
                Console.warnings(of: project)
                Console.out("\(path): ok (\(project.deck.pageCount) pages, "
                    + "\(project.timeline.frameCount(fps: project.deck.canvas.fps)) frames, "
                    + String(format: "%.2f s)", project.timeline.duration))
            } catch {
                Console.err(error.description)
                let code = ExitCode.of(error)
                // An invalid deck outranks a missing file.
                if worst == ExitCode.ok || code == ExitCode.invalidDeck { worst = code }
            }
        }
        return worst
    }
}
