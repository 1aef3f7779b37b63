import ArgumentParser
import PageReel

/// `pagereel init [DIR]`: a working deck to start from.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a working deck to start from.",
        discussion: """
        Writes deck.json with three pages, a script, and two images in images/ into DIR (created \
        if missing). It never overwrites anything. With --target the deck is made for it: for an \
        App Store preview, three screenshots of the target's shape under captions, no device \
        frame, 18 s long; for the others, the canvas has the target's size.

        Examples:
          pagereel init demo && pagereel export demo/deck.json -o demo.mp4 -o demo.gif
          pagereel init preview --target appstore-iphone && pagereel export preview/deck.json --target appstore-iphone
        """
    )

    @Argument(help: ArgumentHelp("The folder to write into.", valueName: "dir"), completion: .directory)
    var folder: String = "."

    @OptionGroup var target: TargetOptions

    func run() throws {
        let written = try library { () throws(PageReelError) in
            try Starter.write(to: folder, target: target.target, cancellation: SignalTrap.shared.cancellation)
        }
        for path in written { Console.err("wrote \(path)") }
        let deck = written[0]
        let flag = target.target.map { " --target \($0.name)" } ?? ""
        Console.err("""

        Next:
          pagereel export \(deck)\(flag) -o demo.mp4\(target.target?.store == .appStore ? "" : " -o demo.gif")
          pagereel still \(deck) --time 1 -o frame.png
        """)
    }
}
