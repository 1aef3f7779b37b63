import Foundation
import PageReel

/// `pagereel export DECK [-o PATH]... [flags]`: render a deck once into every output.
enum ExportCommand {
    static let parser = ArgumentParser(command: "export", options: [
        .init(names: ["-o", "--output"], takesValue: true, repeatable: true),
        .init(names: ["--transition"], takesValue: true),
        .init(names: ["--fps"], takesValue: true),
        .init(names: ["--size"], takesValue: true),
        .init(names: ["--frames"], takesValue: true),
        .init(names: ["--crf"], takesValue: true),
        .init(names: ["--preset"], takesValue: true),
        .init(names: ["--tune"], takesValue: true),
        .init(names: ["--gif-fps"], takesValue: true),
        .init(names: ["--gif-width"], takesValue: true),
        .init(names: ["--loop"], takesValue: true),
        .init(names: ["--progress"], takesValue: true),
        .init(names: ["-q", "--quiet"], takesValue: false),
        .init(names: ["--json"], takesValue: false),
    ])

    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in try parser.parse(arguments) }
        guard args.positionals.count == 1 else {
            throw CommandFailure.usage("export: expected one deck file, got \(args.positionals.count)")
        }
        var options = ExportOptions()
        try usage { () throws(UsageError) in
            for path in args.all("--output") {
                guard let output = Output(argument: path) else {
                    throw UsageError("-o \(path): unknown output format; use .mp4, .gif, .webm, .png or a folder ending in /")
                }
                options.outputs.append(output)
            }
            if let v = args.value("--transition") { options.transition = try ArgumentValues.transition(v) }
            if let v = args.value("--fps") { options.fps = try ArgumentValues.int(v, flag: "--fps", in: 1...120) }
            if let v = args.value("--size") { options.size = try ArgumentValues.size(v) }
            if let v = args.value("--frames") { options.frames = try ArgumentValues.frames(v) }
            if let v = args.value("--crf") { options.crf = try ArgumentValues.int(v, flag: "--crf", in: 0...63) }
            if let v = args.value("--preset") { options.preset = v }
            if let v = args.value("--tune") { options.tune = v == "none" ? nil : v }
            if let v = args.value("--gif-fps") { options.gifFPS = try ArgumentValues.int(v, flag: "--gif-fps", in: 1...50) }
            if let v = args.value("--gif-width") { options.gifWidth = try ArgumentValues.int(v, flag: "--gif-width", in: 16...7680) }
            if let v = args.value("--loop") { options.loop = try ArgumentValues.int(v, flag: "--loop", in: -1...65535) }
        }
        let quiet = args.has("--quiet")
        var mode = ProgressReporter.Mode.auto
        if let v = args.value("--progress") {
            guard let m = ProgressReporter.Mode(rawValue: v) else {
                throw .usage("--progress: expected auto, plain or none, got \"\(v)\"")
            }
            mode = m
        }
        if quiet { mode = .none }

        let project = try library { () throws(PageReelError) in try Project.load(args.positionals[0]) }
        if !quiet { Console.warnings(of: project) }
        let exporter = try library { () throws(PageReelError) in try Exporter(project: project, options: options) }
        let reporter = ProgressReporter(mode: mode)
        let trap = SignalTrap.shared
        let summary: Exporter.Summary
        do {
            summary = try exporter.run(cancellation: trap.cancellation) { reporter.update($0) }
        } catch {
            reporter.interrupt()
            throw .failure(error)
        }
        if args.has("--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(summary) { Console.out(String(decoding: data, as: UTF8.self)) }
        } else if !quiet {
            Console.err(String(format: "wrote %@ (%d frames, %.2f s of video, in %.1f s)",
                               summary.outputs.joined(separator: ", "), summary.frames, summary.seconds, summary.elapsed))
        }
        return ExitCode.ok
    }
}
