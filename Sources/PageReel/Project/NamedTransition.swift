import PageReelDeck

/// A transition chosen by its name (`--transition cards`, `--transition icarousel.wheel`): one of
/// pagereel's presets or an entry of a paging library's catalogue, with its library's defaults.
///
/// Both are declared once, by the deck format (`TransitionName`, `TransitionCatalogue`); this is the
/// facade's view of them, so that a program that only imports `PageReel` (the command line among
/// them) can list them, look one up by name and suggest the one a misspelt name meant.
public struct NamedTransition: Sendable, Hashable, CustomStringConvertible {
    /// The name, as decks and the command line spell it.
    public let name: String
    /// The library it comes from: MAGPagedScrollView, PaperFoldGallery, pagereel, iCarousel, …
    public let library: String
    /// What it looks like, in a few words.
    public let summary: String

    init(_ preset: TransitionName) {
        name = preset.rawValue
        (library, summary) = switch preset {
        case .none: ("MAGPagedScrollView", "pages slide flat side by side")
        case .slide: ("MAGPagedScrollView", "angleRatio 0, translation (0.25, 0.25): pages shift down as they leave")
        case .dive: ("MAGPagedScrollView", "angleRatio 0.5, translation (0.25, 0), axis (−1, 0, 0): pages tip away")
        case .roll: ("MAGPagedScrollView", "angleRatio 0.5, translation (0.25, 0.25), axis (−1, 0, 0)")
        case .cards: ("MAGPagedScrollView", "angleRatio 0.5, translation (0.25, 0.25), axis (−1, −1, 0)")
        case .fold: ("PaperFoldGallery", "the next page unfolds from the right edge as an accordion")
        case .coverflow: ("pagereel", "iCarousel's Cover Flow (tilt 0.9, spacing 0.25), fading at its reach")
        case .cube: ("pagereel", "pages on the faces of a cube turning about the vertical axis")
        case .depth: ("pagereel", "like ViewPager2's DepthPageTransformer: the incoming page grows from 0.75")
        case .zoom: ("pagereel", "like ViewPager2's ZoomOutPageTransformer: leaving pages shrink to 0.85")
        }
    }

    init(_ entry: TransitionCatalogue.Entry) {
        name = entry.name
        library = entry.library.rawValue
        summary = entry.summary
    }

    /// The transition called `name` exactly (`cards`, `icarousel.coverFlow`), or nil.
    public init?(name: String) {
        if let preset = TransitionName(rawValue: name) {
            self.init(preset)
        } else if let entry = TransitionCatalogue.entry(name) {
            self.init(entry)
        } else {
            return nil
        }
    }

    /// Every transition, in the order `pagereel transitions` lists them: the presets, then each
    /// library's catalogue in the library's order.
    public static var all: [NamedTransition] {
        TransitionName.allCases.map(NamedTransition.init) + TransitionCatalogue.entries.map(NamedTransition.init)
    }

    /// Every name, in the same order.
    public static var names: [String] { all.map(\.name) }

    /// The name of the transition `name` probably meant ("cub" → "cube"), or nil when none is close.
    public static func suggestion(for name: String) -> String? {
        SpellingSuggestion.closest(to: name, among: names)
    }

    /// As a deck transition, with its library's defaults, for `ExportOptions.transition`,
    /// `Still.transition` and `RenderBenchmark.transition`.
    public var spec: TransitionSpec {
        if let preset = TransitionName(rawValue: name) { return .named(preset) }
        return .catalogue(CatalogueTransition(name: name))
    }

    /// The name.
    public var description: String { name }
}
