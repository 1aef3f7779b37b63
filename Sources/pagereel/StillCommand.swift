import PageReel

/// `pagereel still DECK (--time S | --frame N) -o OUT.png`: one frame as a PNG.
enum StillCommand {
    static let parser = ArgumentParser(command: "still", options: [
        .init(names: ["-o", "--output"], takesValue: true),
        .init(names: ["--time"], takesValue: true),
        .init(names: ["--frame"], takesValue: true),
        .init(names: ["--transition"], takesValue: true),
        .init(names: ["--fps"], takesValue: true),
        .init(names: ["--size"], takesValue: true),
    ])

    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in try parser.parse(arguments) }
        guard args.positionals.count == 1 else { throw .usage("still: expected one deck file") }
        guard let output = args.value("--output") else { throw .usage("still: -o OUT.png is required") }
        guard output.lowercased().hasSuffix(".png") else { throw .usage("still: -o \(output): the still is a PNG (.png)") }
        var still = Still(instant: .time(0))
        try usage { () throws(UsageError) in
            switch (args.value("--time"), args.value("--frame")) {
            case (let t?, nil):
                guard let seconds = Double(t), seconds.isFinite else {
                    throw UsageError("--time: expected seconds, got \"\(t)\"")
                }
                still.instant = .time(seconds)
            case (nil, let f?):
                still.instant = .frame(try ArgumentValues.int(f, flag: "--frame", in: 0...Int(Int32.max)))
            default:
                throw UsageError("still: give exactly one of --time SECONDS or --frame N")
            }
            if let v = args.value("--transition") { still.transition = try ArgumentValues.transition(v) }
            if let v = args.value("--fps") { still.fps = try ArgumentValues.int(v, flag: "--fps", in: 1...120) }
            if let v = args.value("--size") { still.size = try ArgumentValues.size(v) }
        }
        let project = try library { () throws(PageReelError) in try Project.load(args.positionals[0]) }
        Console.warnings(of: project)
        try library { () throws(PageReelError) in try still.write(project, to: output) }
        return ExitCode.ok
    }
}
