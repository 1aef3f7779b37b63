import ArgumentParser
import Foundation
import PageReel

/// `pagereel bench DECK [--frames A-B] [--json]`: render every frame without encoding and report
/// frames, seconds and frames per second.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Render every frame without encoding and report the speed.",
        discussion: """
        Renders every frame (or frames A…B) and reports frames, seconds and frames per second; \
        --json prints {"frames":300,"seconds":4.1,"fps":73.2}.

        Example:
          pagereel bench deck.json --json
        """
    )

    @Argument(help: "The deck file (JSON).", completion: .file(extensions: ["json"]))
    var deck: String

    @Option(help: ArgumentHelp("Render frames A…B only (0-based, inclusive).", valueName: "A-B"),
            transform: FrameRange.init(parsing:))
    var frames: FrameRange?

    @OptionGroup var locales: LocaleOptions

    @OptionGroup var inputs: InputOptions

    @Flag(help: "Print the result as JSON on stdout.")
    var json = false

    func run() throws {
        let selection = try locales.single(for: "bench")
        let project = try library { () throws(PageReelError) in
            try Project.load(deck, allowing: inputs.allowed, locales: selection)[0]
        }
        let bench = RenderBenchmark(project: project, frames: frames?.frames)
        let result = try library { () throws(PageReelError) in try bench.run(cancellation: SignalTrap.shared.cancellation) }
        if json {
            Console.out(String(format: "{\"frames\":%d,\"seconds\":%.3f,\"fps\":%.1f}", result.frames, result.seconds, result.fps))
        } else {
            Console.out(String(format: "%d frames in %.2f s: %.1f frames/s", result.frames, result.seconds, result.fps))
        }
    }
}
