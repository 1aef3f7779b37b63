import Foundation
import PageReel
import PageReelRaster

/// `pagereel timeline DECK [--format csv|json] [--events] [--fps N] [-o PLOT.png [--size WxH]]`.
enum TimelineCommand {
    static let parser = ArgumentParser(command: "timeline", options: [
        .init(names: ["--format"], takesValue: true),
        .init(names: ["--events"], takesValue: false),
        .init(names: ["--fps"], takesValue: true),
        .init(names: ["-o", "--output"], takesValue: true),
        .init(names: ["--size"], takesValue: true),
    ])

    static func run(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let args = try usage { () throws(UsageError) in try parser.parse(arguments) }
        guard args.positionals.count == 1 else { throw .usage("timeline: expected one deck file") }
        let format = args.value("--format")
        if let format, format != "csv" && format != "json" {
            throw .usage("--format: expected csv or json, got \"\(format)\"")
        }
        let fps = try usage { () throws(UsageError) -> Int? in
            guard let value = args.value("--fps") else { return nil }
            return try ArgumentValues.int(value, flag: "--fps", in: 1...120)
        }
        let plotSize = try usage { () throws(UsageError) -> (width: Int, height: Int) in
            guard let value = args.value("--size") else { return (1200, 600) }
            let size = try ArgumentValues.size(value)
            guard (240...4000).contains(size.width), (120...3000).contains(size.height) else {
                throw UsageError("--size: the plot must be 240x120…4000x3000, got \(value)")
            }
            return size
        }
        let plotPath = args.value("--output")
        if let plotPath, !plotPath.lowercased().hasSuffix(".png") {
            throw .usage("timeline: -o \(plotPath): the plot is a PNG (.png)")
        }
        let project = try library { () throws(PageReelError) in try Project.load(args.positionals[0]) }
        let report = try library { () throws(PageReelError) in try TimelineReport(project: project, fps: fps) }
        if let plotPath {
            try library { () throws(PageReelError) in
                let plot = try report.plot(width: plotSize.width, height: plotSize.height)
                try Still.writePNG(plot, to: plotPath)
            }
        }
        if args.has("--events") {
            Console.outRaw(report.eventLines())
        } else if format == "json" {
            Console.outRaw(report.json())
        } else if format == "csv" || plotPath == nil {
            Console.outRaw(report.csv())
        }
        return ExitCode.ok
    }
}
