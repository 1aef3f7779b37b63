import PageReelDeck

/// One of the transition presets, chosen by its name (`--transition cards`).
///
/// The presets are declared once, by the deck format (`TransitionName`); this is the facade's view
/// of them, so that a program that only imports `PageReel` (the command line among them) can list
/// them, look one up by name and suggest the one a misspelt name meant, without the deck module.
public struct NamedTransition: Sendable, Hashable, CustomStringConvertible {
    let preset: TransitionName

    init(_ preset: TransitionName) {
        self.preset = preset
    }

    /// The preset called `name` exactly (names are lowercase: `cards`, `coverflow`), or nil.
    public init?(name: String) {
        guard let preset = TransitionName(rawValue: name) else { return nil }
        self.init(preset)
    }

    /// Every preset, in the order `pagereel transitions` lists them.
    public static var all: [NamedTransition] { TransitionName.allCases.map(NamedTransition.init) }

    /// Every preset's name, in the same order.
    public static var names: [String] { all.map(\.name) }

    /// The name of the preset `name` probably meant ("cub" → "cube"), or nil when none is close.
    public static func suggestion(for name: String) -> String? {
        SpellingSuggestion.closest(to: name, among: names)
    }

    /// The name, as decks and the command line spell it.
    public var name: String { preset.rawValue }

    /// The preset as a deck transition, for `ExportOptions.transition`, `Still.transition` and
    /// `RenderBenchmark.transition`.
    public var spec: TransitionSpec { .named(preset) }

    /// The name.
    public var description: String { name }
}
