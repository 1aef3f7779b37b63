import PageReel
import PageReelDeck

/// `pagereel transitions [--sheet OUT.png]`: the transition names, one per line, or a contact sheet.
enum TransitionsCommand {
    static let parser = ArgumentParser(command: "transitions", options: [
        .init(names: ["--sheet"], takesValue: true),
    ])

    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in try parser.parse(arguments) }
        guard args.positionals.isEmpty else { throw .usage("transitions: takes no arguments") }
        if let path = args.value("--sheet") {
            guard path.lowercased().hasSuffix(".png") else { throw .usage("--sheet \(path): the sheet is a PNG (.png)") }
            try library { () throws(PageReelError) in try Still.writePNG(try TransitionSheet.render(), to: path) }
            return ExitCode.ok
        }
        Console.outRaw(TransitionName.allCases.map { $0.rawValue + "\n" }.joined())
        return ExitCode.ok
    }
}
