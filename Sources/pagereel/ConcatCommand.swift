import ArgumentParser
import PageReel

/// `pagereel concat PART.mp4... -o OUT.mp4`: join shards by stream copy, in the frame order they record.
struct ConcatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join MP4 shards rendered with export --frames into one video.",
        discussion: """
        Joins by stream copy (no re-encode): every frame exactly once, each at its time in the \
        whole video. Every MP4 pagereel writes records which frames of which video it holds (its \
        range, the video's frame count and a fingerprint of the deck, the files it names, the \
        settings and pagereel's version), so the parts may be given in any order: they are joined \
        in frame order. A set that is not every frame of one video exactly once is refused (exit \
        65, nothing written), naming the missing or doubled frames and the files of another \
        video or not made by pagereel. The joined video records itself as a full export does.

        Examples:
          pagereel plan deck.json --shards 2
          pagereel export deck.json --frames 0-149 -o part-0-149.mp4
          pagereel export deck.json --frames 150-299 -o part-150-299.mp4
          pagereel concat part-*.mp4 -o demo.mp4
        """
    )

    @Argument(help: ArgumentHelp("The MP4 shards, in any order.", valueName: "part.mp4"), completion: .file(extensions: ["mp4"]))
    var parts: [String]

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The joined MP4; missing folders of the path are made.", valueName: "out.mp4"),
            completion: .file(extensions: ["mp4"]))
    var output: String

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let frames = try library { () throws(PageReelError) in try ShardJoiner.join(parts, into: output) }
        if !quiet { Console.err("wrote \(output) (\(frames) frames from \(parts.count) \(parts.count == 1 ? "part" : "parts"))") }
    }
}
