import ArgumentParser
import Foundation
import PageReel

/// `pagereel still DECK (--time SECONDS | --frame N) -o OUT.png`: one frame as a PNG.
struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "still",
        abstract: "Render one frame as a PNG.",
        discussion: """
        Give exactly one of --time and --frame. With --locale all, {locale} in the output path \
        becomes each locale's code. --target renders at the target's size and frame rate.

        Examples:
          pagereel still deck.json --time 1.25 -o frame.png
          pagereel still deck.json --frame 40 --size 640x360 -o thumb.png
          pagereel still deck.json --time 5 --locale all -o poster-{locale}.png
        """
    )

    @Argument(help: "The deck file (JSON).", completion: .file(extensions: ["json"]))
    var deck: String

    @Option(help: ArgumentHelp("The instant, in seconds from the start.", valueName: "seconds"))
    var time: Double?

    @Option(help: ArgumentHelp("The frame number, 0-based, at the (possibly overridden) frame rate.", valueName: "n"))
    var frame: Int?

    @OptionGroup var render: RenderOptions

    @OptionGroup var target: TargetOptions

    @OptionGroup var locales: LocaleOptions

    @OptionGroup var inputs: InputOptions

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The PNG to write; missing folders of the path are made.", valueName: "out.png"),
            completion: .file(extensions: ["png"]), transform: PNGPath.init(parsing:))
    var output: PNGPath

    func validate() throws {
        guard (time == nil) != (frame == nil) else {
            throw ValidationError("give exactly one of --time SECONDS or --frame N")
        }
        if let time, !time.isFinite { throw ValidationError("--time: expected seconds, got \(time)") }
        try ValidationError.check(frame, "--frame", in: 0...Int(Int32.max))
        if locales.locale == "all", !output.path.contains(DeckDecoder.localePlaceholder) {
            throw ValidationError("-o \(output.path): with --locale all the path needs \(DeckDecoder.localePlaceholder)")
        }
        if target.target != nil, render.size != nil { throw ValidationError("--size: --target sets the size") }
    }

    func run() throws {
        var still = Still(instant: time.map(Still.Instant.time) ?? .frame(frame ?? 0))
        still.transition = render.transition?.spec
        still.fps = render.fps
        still.size = render.size?.pair
        let projects = try library { () throws(PageReelError) in
            try Project.load(deck, allowing: inputs.allowed, locales: locales.selection())
        }
        Console.warnings(of: projects, target: target.target)
        for project in projects {
            var still = still
            if let target = target.target {
                try library { () throws(PageReelError) in _ = try target.scale(for: project.deck.canvas) }
                if let fps = still.fps, fps > target.maxFPS {
                    throw ValidationError("--fps \(fps): --target \(target.name) takes at most \(target.maxFPS) fps")
                }
                still.size = (target.width, target.height)
                still.fps = still.fps ?? target.fps(for: project.fps)
            }
            let placeholder = DeckDecoder.localePlaceholder
            if output.path.contains(placeholder), project.deck.locale == nil {
                throw ValidationError("-o \(output.path): the deck has no locales for \(placeholder)")
            }
            let path = output.path.replacingOccurrences(of: placeholder, with: project.deck.locale ?? "")
            try library { () throws(PageReelError) in try still.write(project, to: path) }
        }
    }
}
