import ArgumentParser
import Foundation
import PageReel

/// `pagereel plan DECK --shards N [--json]`: frame ranges for a CI matrix or GNU parallel.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Split the video's frames into shards to render in parallel.",
        discussion: """
        Prints N contiguous frame ranges of (nearly) equal length covering every frame, one per \
        line, as export --frames takes them; --json prints \
        {"frames":900,"shards":["0-299","300-599","600-899"]} for a CI matrix. Give it the --fps \
        (and --size, --transition) the export will use: the rate decides the frame count. A video \
        of fewer frames than N gets one shard per frame, with a note on stderr. Render each range \
        with export --frames, then join the MP4s with concat, in any order.

        Examples:
          pagereel plan deck.json --shards 3
          pagereel plan deck.json --shards 4 --fps 60 --json
          pagereel plan deck.json --shards 8 |
            parallel pagereel export deck.json -q --frames {} -o part-{}.mp4
        """
    )

    @Argument(help: "The deck file (JSON).", completion: .file(extensions: ["json"]))
    var deck: String

    @Option(help: ArgumentHelp("How many shards, 1…100000.", valueName: "n"))
    var shards: Int

    @OptionGroup var render: RenderOptions

    @OptionGroup var target: TargetOptions

    @OptionGroup var locales: LocaleOptions

    @OptionGroup var inputs: InputOptions

    @Flag(help: "Print the frame count and the ranges as JSON on stdout.")
    var json = false

    func validate() throws {
        try ValidationError.check(shards, "--shards", in: 1...100_000)
    }

    func run() throws {
        var options = ExportOptions()
        options.transition = render.transition?.spec
        options.fps = render.fps
        options.size = render.size?.pair
        options.target = target.target
        let selection = try locales.single(for: "plan")
        let project = try library { () throws(PageReelError) in
            try Project.load(deck, allowing: inputs.allowed, locales: selection)[0]
        }
        let plan = try library { () throws(PageReelError) in try ShardPlan(project: project, options: options, shards: shards) }
        if plan.shards.count < plan.requested {
            Console.err("plan: the video has \(plan.frameCount) frames: \(plan.shards.count) shards, not \(plan.requested)")
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(plan) { Console.out(String(decoding: data, as: UTF8.self)) }
        } else {
            Console.outRaw(plan.frameArguments.map { $0 + "\n" }.joined())
        }
    }
}
