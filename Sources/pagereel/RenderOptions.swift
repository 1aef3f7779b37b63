import ArgumentParser
import PageReel

/// The options that shape every rendered frame, shared by `export` and `still`:
/// `--transition NAME`, `--fps N`, `--size WxH`.
struct RenderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Override the deck's transition: \(NamedTransition.names.joined(separator: ", ")).",
                               valueName: "name"),
            completion: .list(NamedTransition.names), transform: NamedTransition.init(parsing:))
    var transition: NamedTransition?

    @Option(help: ArgumentHelp("Frame rate 1…120 (the timeline is resampled, not retimed).", valueName: "n"))
    var fps: Int?

    @Option(help: ArgumentHelp("Output size; must keep the canvas's aspect ratio.", valueName: "WxH"),
            transform: FrameSize.init(parsing:))
    var size: FrameSize?

    func validate() throws {
        try ValidationError.check(fps, "--fps", in: 1...120)
    }
}
