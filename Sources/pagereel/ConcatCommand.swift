import PageReel

/// `pagereel concat PART.mp4... -o OUT.mp4`: join shards by stream copy.
enum ConcatCommand {
    static let parser = ArgumentParser(command: "concat", options: [
        .init(names: ["-o", "--output"], takesValue: true),
        .init(names: ["-q", "--quiet"], takesValue: false),
    ])

    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in try parser.parse(arguments) }
        guard !args.positionals.isEmpty else { throw .usage("concat: expected the MP4 parts to join, in order") }
        guard let output = args.value("--output") else { throw .usage("concat: -o OUT.mp4 is required") }
        let frames = try library { () throws(PageReelError) in try ShardJoiner.join(args.positionals, into: output) }
        if !args.has("--quiet") { Console.err("wrote \(output) (\(frames) frames from \(args.positionals.count) parts)") }
        return ExitCode.ok
    }
}
