import ArgumentParser
import PageReel

/// `pagereel still DECK (--time SECONDS | --frame N) -o OUT.png`: one frame as a PNG.
struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "still",
        abstract: "Render one frame as a PNG.",
        discussion: """
        Give exactly one of --time and --frame.

        Examples:
          pagereel still deck.json --time 1.25 -o frame.png
          pagereel still deck.json --frame 40 --size 640x360 -o thumb.png
        """
    )

    @Argument(help: "The deck file (JSON).", completion: .file(extensions: ["json"]))
    var deck: String

    @Option(help: ArgumentHelp("The instant, in seconds from the start.", valueName: "seconds"))
    var time: Double?

    @Option(help: ArgumentHelp("The frame number, 0-based, at the (possibly overridden) frame rate.", valueName: "n"))
    var frame: Int?

    @OptionGroup var render: RenderOptions

    @OptionGroup var inputs: InputOptions

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The PNG to write.", valueName: "out.png"),
            completion: .file(extensions: ["png"]), transform: PNGPath.init(parsing:))
    var output: PNGPath

    func validate() throws {
        guard (time == nil) != (frame == nil) else {
            throw ValidationError("give exactly one of --time SECONDS or --frame N")
        }
        if let time, !time.isFinite { throw ValidationError("--time: expected seconds, got \(time)") }
        try ValidationError.check(frame, "--frame", in: 0...Int(Int32.max))
    }

    func run() throws {
        var still = Still(instant: time.map(Still.Instant.time) ?? .frame(frame ?? 0))
        still.transition = render.transition?.spec
        still.fps = render.fps
        still.size = render.size?.pair
        let project = try library { () throws(PageReelError) in try Project.load(deck, allowing: inputs.allowed) }
        Console.warnings(of: project)
        try library { () throws(PageReelError) in try still.write(project, to: output.path) }
    }
}
