import ArgumentParser
import PageReel

/// `pagereel concat PART.mp4... -o OUT.mp4`: join shards by stream copy.
struct ConcatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join MP4 shards rendered with export --frames into one video.",
        discussion: """
        Joins by stream copy (no re-encode): every frame exactly once, timestamps continuing. The \
        parts must come from the same deck and settings, given in order.

        Example:
          pagereel export deck.json --frames 0-149 -o a.mp4
          pagereel export deck.json --frames 150-299 -o b.mp4
          pagereel concat a.mp4 b.mp4 -o demo.mp4
        """
    )

    @Argument(help: ArgumentHelp("The MP4 shards, in order.", valueName: "part.mp4"), completion: .file(extensions: ["mp4"]))
    var parts: [String]

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The joined MP4.", valueName: "out.mp4"),
            completion: .file(extensions: ["mp4"]))
    var output: String

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let frames = try library { () throws(PageReelError) in try ShardJoiner.join(parts, into: output) }
        if !quiet { Console.err("wrote \(output) (\(frames) frames from \(parts.count) parts)") }
    }
}
