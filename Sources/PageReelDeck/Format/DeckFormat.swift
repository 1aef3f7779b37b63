// The deck format, declared once.
//
// Design note: every object of a deck (the deck itself, `canvas`, a page, a layer, a script step…)
// is declared here as an `ObjectSpec`: each key's name, type with its limits, default and what it
// does. Three things are made from the declarations and nothing else: the decoder's checks (which
// keys exist, with "did you mean" for the others, which are required, each value's type and
// bounds — `DeckDecoder` reads every key through its `Key`), the JSON Schema printed by
// `pagereel schema` (`DeckSchema`), and the reference tables of docs/deck-format.md printed by
// `pagereel schema --markdown` (`DeckReference`). Rules that span several values — the viewport
// inside the canvas, one tab title per page, jump and tap targets, `at` times that never go back,
// the video's length — stay hand-written in the decoder and are named in the summaries.

/// The declarations of deck format version 1.
public enum DeckFormat {
    /// Every object of the format, the deck first, in the order the reference presents them.
    public static let objects: [ObjectSpec] = baseObjects + CatalogueTransitionKeys.specs

    private static let baseObjects: [ObjectSpec] = [
        RootKeys.spec, CanvasKeys.spec, BackdropImageKeys.spec, ViewportKeys.spec, LayoutKeys.spec, DeviceKeys.spec, StatusBarKeys.spec,
        PoseKeys.spec, CaptionsKeys.spec, PageStyleKeys.spec, ShadowKeys.spec,
        PageTemplateKeys.spec, PageKeys.spec, VideoKeys.spec, GradientKeys.spec, LayerKeys.spec,
        ParallaxKeys.spec,
        CustomTransitionKeys.spec, CreativeStateKeys.spec, FoldKeys.spec,
        TabsKeys.spec, SelectorKeys.spec, IndicatorKeys.spec, PhysicsKeys.spec, SpringKeys.spec,
        StepKeys.spec, DragKeys.spec, PoseStepKeys.spec, CameraKeys.spec, FlingKeys.spec, JumpKeys.spec, TapKeys.spec, HintKeys.spec,
        AudioKeys.spec, MusicKeys.spec, TouchSoundKeys.spec,
    ]

    /// The object declared as `name`.
    public static func object(_ name: String) -> ObjectSpec? { objects.first { $0.name == name } }

    /// Text shared by the font keys.
    static let fontSummary = "An installed font family or one of the deck's `fonts` (a comma-separated list falls "
        + "back in order, as in CSS), or a path to a `.ttf`, `.otf` or `.ttc` file relative to the deck. A family that "
        + "is not installed is an error; characters the font lacks come from other installed fonts."

    /// `background`-like values: a colour, or a gradient.
    static let fill = ValueType.oneOf([.color, .object(GradientKeys.spec.name)])
    /// A recording: its path, or a video object.
    static let video = ValueType.oneOf([.string(nonEmpty: true), .object(VideoKeys.spec.name)])
    /// The transition names and the custom object.
    static let transition = ValueType.oneOf([.choice(TransitionName.allCases.map(\.rawValue) + TransitionCatalogue.names),
                                             .object(CustomTransitionKeys.spec.name)]
                                            + CatalogueTransitionKeys.specs.map { .object($0.name) })
}
