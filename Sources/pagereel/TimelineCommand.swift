import ArgumentParser
import PageReel

/// `pagereel timeline DECK [--format csv|json] [--events] [--fps N] [-o PLOT.png [--size WxH]]`:
/// the simulated scroll per frame, the pages' lifecycle events, or a plot of them.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Print the simulated scroll, one row per frame.",
        discussion: """
        Columns: frame,time,offset,position,velocity,phase (offset in points, position in pages, \
        velocity in pt/s; phase is idle, dragging, decelerating, snapping, jumping, hinting or \
        bouncing). --events prints the pages' lifecycle events instead, as JSON Lines: \
        {"frame":37,"time":1.2333,"page":2,"event":"didAppear"}, and when touches make sound \
        (audio.touches) each sound's start (tapSound, dragSound) at its touch-down's exact time. -o draws position over time with \
        the events marked (1200x600, or --size); it prints the rows only when --format is given.

        Examples:
          pagereel timeline deck.json --fps 60 > scroll.csv
          pagereel timeline deck.json --events
          pagereel timeline deck.json -o plot.png
        """
    )

    /// How the rows are printed.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case csv, json
    }

    @Argument(help: "The deck file (JSON).", completion: .file(extensions: ["json"]))
    var deck: String

    @Option(help: ArgumentHelp("How to print the rows (default: csv).", valueName: "format"))
    var format: Format?

    @Flag(help: "Print the pages' lifecycle events and the touch sounds as JSON Lines instead of the rows.")
    var events = false

    @Option(help: ArgumentHelp("Frame rate 1…120 to sample at (default: the deck's).", valueName: "n"))
    var fps: Int?

    @OptionGroup var target: TargetOptions

    @OptionGroup var locales: LocaleOptions

    @OptionGroup var inputs: InputOptions

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Draw position over time into this PNG.", valueName: "plot.png"),
            completion: .file(extensions: ["png"]), transform: PNGPath.init(parsing:))
    var plot: PNGPath?

    @Option(help: ArgumentHelp("The plot's size, 240x120…4000x3000 (default: 1200x600).", valueName: "WxH"),
            transform: FrameSize.init(parsing:))
    var size: FrameSize?

    func validate() throws {
        try ValidationError.check(fps, "--fps", in: 1...120)
        if let size, !(240...4000).contains(size.width) || !(120...3000).contains(size.height) {
            throw ValidationError("--size: the plot must be 240x120…4000x3000, got \(size)")
        }
    }

    func run() throws {
        let selection = try locales.single(for: "timeline")
        let project = try library { () throws(PageReelError) in
            try Project.load(deck, allowing: inputs.allowed, locales: selection)[0]
        }
        var fps = self.fps
        if let target = target.target {
            if let fps, fps > target.maxFPS {
                throw ValidationError("--fps \(fps): --target \(target.name) takes at most \(target.maxFPS) fps")
            }
            fps = fps ?? target.fps(for: project.fps)
        }
        let report = try library { () throws(PageReelError) in try TimelineReport(project: project, fps: fps) }
        if let plot {
            try library { () throws(PageReelError) in
                // Without --size, the library's default size.
                let image = if let size { try report.plot(width: size.width, height: size.height) } else { try report.plot() }
                try Still.writePNG(image, to: plot.path)
            }
        }
        if events {
            Console.outRaw(report.eventLines())
        } else if format == .json {
            Console.outRaw(report.json())
        } else if format == .csv || plot == nil {
            Console.outRaw(report.csv())
        }
    }
}
