import ArgumentParser
import PageReel

/// `--target NAME`: where the video is published (`pagereel targets`), with a suggestion for a
/// misspelt name.
struct TargetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Make the video for this store or platform: its size, frame rate, encoder and sound "
                               + "settings, checked against its limits (see `pagereel targets`).", valueName: "name"),
            completion: .list(Target.names), transform: Target.init(parsing:))
    var target: Target?
}

extension Target: ArgumentValue {
    init(parsing text: String) throws(ValidationError) {
        guard let target = Target.named(text) else {
            let hint = SpellingSuggestion.closest(to: text, among: Target.names).map { " (did you mean \($0)?)" } ?? ""
            throw ValidationError("unknown target\(hint); see `pagereel targets`")
        }
        self = target
    }

    /// The target called `argument`, or nil (public, as a public type's conformance must be).
    public init?(argument: String) {
        guard let target = Target.named(argument) else { return nil }
        self = target
    }
}
