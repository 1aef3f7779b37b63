import ArgumentParser
import Foundation
import PageReel

/// `pagereel transitions [--sheet OUT.png]`: the transitions, one per line (name, library, look), or
/// a contact sheet.
struct TransitionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transitions",
        abstract: "List the transitions, one per line: name, library, what it looks like.",
        discussion: """
        --sheet renders a labelled contact sheet of every transition 40% of the way through a swipe, \
        grouped by library.

        Examples:
          pagereel transitions
          pagereel transitions --sheet transitions.png
          pagereel export deck.json --transition fold -o fold.mp4
          pagereel export deck.json --transition icarousel.wheel -o wheel.mp4
        """
    )

    @Option(help: ArgumentHelp("Render a contact sheet into this PNG instead.", valueName: "out.png"),
            completion: .file(extensions: ["png"]), transform: PNGPath.init(parsing:))
    var sheet: PNGPath?

    func run() throws {
        if let sheet {
            try library { () throws(PageReelError) in try Still.writePNG(try TransitionSheet.render(), to: sheet.path) }
        } else {
            let width = (NamedTransition.names.map(\.count).max() ?? 0) + 2
            let libraryWidth = (NamedTransition.all.map(\.library.count).max() ?? 0) + 2
            Console.outRaw(NamedTransition.all.map {
                $0.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + $0.library.padding(toLength: libraryWidth, withPad: " ", startingAt: 0) + $0.summary + "\n"
            }.joined())
        }
    }
}
