import ArgumentParser
import CShims
import Foundation
import PageReel

/// `pagereel diff OLD NEW`: what changed between two demo videos (or two decks), where and when.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two videos or two decks.",
        discussion: """
        OLD and NEW are two outputs pagereel writes (.mp4, .webm, .gif, .webp, .apng, a folder of PNG \
        frames) or two decks (.json, rendered here with the same options, nothing written). Frames are \
        compared after decoding, at the same instants: those of the side with fewer frames a second \
        (--fps sets them). A pixel has changed when its colour is more than --threshold CIEDE2000 from \
        the other's; a frame has changed where such pixels gather (16×16 blocks with 24 or more, and \
        0.02% of the picture in all), not where a codec scatters them. Different sizes or lengths are changes.

        Exit status: 0 nothing visible changed, 1 something did, 64 usage, 65 a file that is no video \
        or an invalid deck, 66 a missing file.

        Examples:
          pagereel diff main.mp4 pr.mp4
          pagereel diff old/deck.json deck.json -o diff.png -o diff.md
          pagereel diff a.gif b.gif --json
        """
    )

    @Argument(help: "The old video, frames folder or deck.", completion: .file())
    var old: String

    @Argument(help: "The new one.", completion: .file())
    var new: String

    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("A report to write: .png (old | new | difference for each changed range), .webp (the "
                               + "changed frames animated) or .md (a summary naming the pictures); repeatable.",
                               valueName: "report"),
            completion: .file(extensions: ["png", "webp", "md"]))
    var outputs: [String] = []

    @Option(help: ArgumentHelp("CIEDE2000 past which a pixel has changed (default \(Int(VideoDiff.defaultThreshold))).",
                               valueName: "n"))
    var threshold: Double?

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Option(help: ArgumentHelp("Compare at this many instants a second; also the rate of a frames folder and of decks "
                               + "(default: their own).", valueName: "n"))
    var fps: Int?

    @OptionGroup var inputs: InputOptions

    func validate() throws {
        if let threshold, !(threshold.isFinite && threshold > 0 && threshold <= 100) {
            throw ValidationError("--threshold: expected a CIEDE2000 difference in (0, 100], got \(threshold)")
        }
        try ValidationError.check(fps, "--fps", in: 1...120)
        for output in outputs {
            if let problem = DiffReport.check(output) { throw ValidationError(problem) }
        }
        let extensions = outputs.map { ($0 as NSString).pathExtension.lowercased() }
        if Set(extensions).count < extensions.count { throw ValidationError("-o: one report of each kind (.png, .webp, .md)") }
    }

    func run() throws {
        // A picture a frame, 8 MiB at 1080p: kept in the heap when freed (not given back to the
        // kernel and faulted in again, zeroed, for the next frame: a tenth of the time).
        _ = pr_malloc_keep_freed(32 << 20)
        var diff = VideoDiff()
        diff.threshold = threshold ?? VideoDiff.defaultThreshold
        diff.fps = fps
        diff.allowing = inputs.allowed
        let report = outputs.isEmpty ? nil : DiffReport(paths: outputs)
        let result = try library { () throws(PageReelError) -> VideoDiff.Result in
            do throws(PageReelError) {
                let result = try diff.run(old: old, new: new, observer: report, cancellation: SignalTrap.shared.cancellation)
                try report?.finish(result)
                return result
            } catch {
                report?.discard()
                throw error
            }
        }
        if json {
            print(result.json)
        } else if result.same {
            print("no visible change (\(result.frames) frames)")
        } else {
            if result.old.width != result.new.width || result.old.height != result.new.height {
                print("sizes differ: \(result.old.width)×\(result.old.height) (OLD) vs \(result.new.width)×\(result.new.height) (NEW)")
            }
            for range in result.changed { print(DiffReport.line(for: range)) }
        }
        if !result.same { throw ExitCode(1) }
    }
}
