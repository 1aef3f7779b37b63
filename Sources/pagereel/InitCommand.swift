import PageReel

/// `pagereel init [DIR]`: a working deck to start from.
enum InitCommand {
    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in try ArgumentParser(command: "init", options: []).parse(arguments) }
        guard args.positionals.count <= 1 else { throw .usage("init: expected at most one folder") }
        let folder = args.positionals.first ?? "."
        let written = try library { () throws(PageReelError) in try Starter.write(to: folder) }
        for path in written { Console.err("wrote \(path)") }
        let deck = written[0]
        Console.err("""

        Next:
          pagereel export \(deck) -o demo.mp4 -o demo.gif
          pagereel still \(deck) --time 1 -o frame.png
        """)
        return ExitCode.ok
    }
}
