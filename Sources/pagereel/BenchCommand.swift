import Foundation
import PageReel

/// `pagereel bench DECK [--frames A-B] [--json]`: render every frame without encoding and report
/// frames, seconds and frames per second.
enum BenchCommand {
    static let parser = ArgumentParser(command: "bench", options: [
        .init(names: ["--frames"], takesValue: true),
        .init(names: ["--json"], takesValue: false),
    ])

    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in try parser.parse(arguments) }
        guard args.positionals.count == 1 else { throw .usage("bench: expected one deck file") }
        var bench = try library { () throws(PageReelError) in RenderBenchmark(project: try Project.load(args.positionals[0])) }
        bench.frames = try usage { () throws(UsageError) -> ClosedRange<Int>? in
            try args.value("--frames").map { v throws(UsageError) in try ArgumentValues.frames(v) }
        }
        let trap = SignalTrap.shared
        let result = try library { () throws(PageReelError) in try bench.run(cancellation: trap.cancellation) }
        if args.has("--json") {
            Console.out(String(format: "{\"frames\":%d,\"seconds\":%.3f,\"fps\":%.1f}", result.frames, result.seconds, result.fps))
        } else {
            Console.out(String(format: "%d frames in %.2f s: %.1f frames/s", result.frames, result.seconds, result.fps))
        }
        return ExitCode.ok
    }
}
