import ArgumentParser
import PageReel

/// `pagereel init [DIR]`: a working deck to start from.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a working deck to start from.",
        discussion: """
        Writes deck.json with three pages, a script, and two images in images/ into DIR (created \
        if missing). It never overwrites anything.

        Example:
          pagereel init demo && pagereel export demo/deck.json -o demo.mp4 -o demo.gif
        """
    )

    @Argument(help: ArgumentHelp("The folder to write into.", valueName: "dir"), completion: .directory)
    var folder: String = "."

    func run() throws {
        let written = try library { () throws(PageReelError) in
            try Starter.write(to: folder, cancellation: SignalTrap.shared.cancellation)
        }
        for path in written { Console.err("wrote \(path)") }
        let deck = written[0]
        Console.err("""

        Next:
          pagereel export \(deck) -o demo.mp4 -o demo.gif
          pagereel still \(deck) --time 1 -o frame.png
        """)
    }
}
