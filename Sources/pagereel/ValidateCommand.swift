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
        (invalid) or 66 (missing, unreadable or outside the allowed folders). A deck with locales \
        is checked in every one of them unless --locale names one; --target also checks what \
        that store refuses (64 for a canvas of another shape, 65 for the rest) and warns about \
        what it may reject.

        Examples:
          pagereel validate Samples/*/deck.json
          pagereel validate deck.json --target appstore-iphone
        """
    )

    @Argument(help: ArgumentHelp("The deck files (JSON).", valueName: "deck"), completion: .file(extensions: ["json"]))
    var decks: [String]

    @OptionGroup var target: TargetOptions

    @OptionGroup var locales: LocaleOptions

    @OptionGroup var inputs: InputOptions

    func run() throws {
        var worst = ExitCode.success
        for path in decks {
            do throws(PageReelError) {
                let projects = try Project.load(path, allowing: inputs.allowed, locales: locales.selection(default: .all))
                let project = projects[0]
                var fps = project.fps
                Console.warnings(of: projects, target: target.target)
                if let target = target.target {
                    _ = try target.scale(for: project.deck.canvas)
                    fps = target.fps(for: fps)
                    let issues = DeckIssue.merge(projects.map { ($0.deck.locale, $0.locate(target.check($0).issues)) })
                    if !issues.isEmpty { throw .deck(DeckError(file: path, issues: issues)) }
                }
                let languages = project.deck.locales.isEmpty ? ""
                    : "\(projects.map { $0.deck.locale ?? "" }.joined(separator: ", ")); "
                Console.out("\(path): ok (\(languages)\(project.pageCount) pages, \(project.frameCount(fps: fps)) frames"
                    + (fps != project.fps ? " at \(fps) fps" : "") + ", " + String(format: "%.2f s)", project.duration))
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
