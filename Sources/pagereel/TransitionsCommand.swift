import ArgumentParser
import PageReel

/// `pagereel transitions [--sheet OUT.png]`: the transition names, one per line, or a contact sheet.
struct TransitionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transitions",
        abstract: "List the transition names, one per line.",
        discussion: """
        --sheet renders a labelled contact sheet of every transition half way through a swipe.

        Examples:
          pagereel transitions
          pagereel transitions --sheet transitions.png
          pagereel export deck.json --transition fold -o fold.mp4
        """
    )

    @Option(help: ArgumentHelp("Render a contact sheet into this PNG instead.", valueName: "out.png"),
            completion: .file(extensions: ["png"]), transform: PNGPath.init(parsing:))
    var sheet: PNGPath?

    func run() throws {
        if let sheet {
            try library { () throws(PageReelError) in try Still.writePNG(try TransitionSheet.render(), to: sheet.path) }
        } else {
            Console.outRaw(NamedTransition.names.map { $0 + "\n" }.joined())
        }
    }
}
