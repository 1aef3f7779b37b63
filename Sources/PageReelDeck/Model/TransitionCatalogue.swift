import PageReelJSON

/// A transition from a paging library's catalogue, by the library's own name
/// (`"icarousel.wheel"`), with its options (`{"name": "icarousel.wheel", "arc": 3.14}`).
public struct CatalogueTransition: Sendable, Equatable {
    public var name: String
    public var options: TransitionOptions

    public init(name: String, options: TransitionOptions = TransitionOptions()) {
        self.name = name
        self.options = options
    }

    /// The catalogue's entry for `name`.
    public var entry: TransitionCatalogue.Entry? { TransitionCatalogue.entry(name) }
}

/// The transitions of the paging libraries people know by name — iCarousel, ToxicBakery's
/// ViewPagerTransforms with Google's ViewPager2 samples, Swiper — declared once: their names,
/// libraries, options (with each library's defaults) and what they look like. The deck decoder
/// checks options against it, `pagereel schema` and the reference tables are made from it, and
/// PageReelScene draws each entry as its library does (`../shared/reference/paging-catalogues.md`).
public enum TransitionCatalogue {
    public enum Library: String, Sendable, CaseIterable {
        case iCarousel = "iCarousel"
        case viewPagerTransforms = "ViewPagerTransforms"
        case viewPager2 = "ViewPager2"
        case swiper = "Swiper"

        /// The prefix of its transitions' names.
        public var prefix: String {
            switch self {
            case .iCarousel: "icarousel"
            case .viewPagerTransforms: "viewpager"
            case .viewPager2: "viewpager2"
            case .swiper: "swiper"
            }
        }
    }

    public struct Entry: Sendable {
        /// The deck's name: the library's prefix and the library's own name (`icarousel.coverFlow`).
        public let name: String
        public let library: Library
        /// The options, with the library's defaults.
        public let options: [KeySpec]
        /// What it looks like, in one sentence.
        public let summary: String
    }

    /// Every entry, library by library, in each library's own order.
    public static let entries: [Entry] = iCarousel + viewPager + swiper

    /// Every entry's name.
    public static var names: [String] { entries.map(\.name) }

    public static func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    // MARK: - iCarousel

    private static func number(_ name: String, _ value: Double?, _ summary: String) -> KeySpec {
        KeySpec(name, .number(.any), default: value.map { .json(JSONNumber.format($0)) } ?? .none, summary)
    }

    private static let fades: [KeySpec] = [
        KeySpec("fadeMin", .number(.any), default: .described("none"),
                "Items with an offset below this fade out (iCarouselOptionFadeMin)."),
        KeySpec("fadeMax", .number(.any), default: .described("none"),
                "Items with an offset above this fade out (iCarouselOptionFadeMax)."),
        number("fadeRange", 1, "Items past fadeMin or fadeMax fade over this many items."),
        number("fadeMinAlpha", 0, "The alpha a fully faded item keeps."),
        KeySpec("showBackfaces", .boolean, default: .described("true (false for invertedCylinder)"),
                "Whether items turned away from the viewer are drawn."),
        number("perspective", 500, "Eye distance in points about the carousel's centre (iCarousel's m34 = −1/500)."),
    ]

    private static func circular(_ summary: String) -> [KeySpec] {
        [number("spacing", 1, "Item spacing, in item widths."),
         number("arc", 2 * Double.pi, "The arc the items span, in radians."),
         KeySpec("radius", .number(.positive), default: .described("from the arc and the item count"),
                 "The ring's radius in points."),
         KeySpec("angle", .number(.any), default: .described("arc / count"), summary),
         KeySpec("count", .number(.limit(1...1000)), default: .described("12 to 30 by the viewport, at most the page count"),
                 "How many items the ring has room for.")] + fades
    }

    private static let iCarouselAngle = "The angle between neighbouring items, in radians."

    private static let iCarousel: [Entry] = {
        func entry(_ name: String, _ options: [KeySpec], _ summary: String) -> Entry {
            Entry(name: "icarousel." + name, library: .iCarousel, options: options, summary: summary)
        }
        let coverFlow = [number("spacing", 0.25, "Item spacing, in item widths."),
                         number("tilt", 0.9, "How far side items turn: 1 is 90°.")] + fades
        let timeMachine = [number("spacing", 1, "How far each item lies behind the next, in item widths."),
                           number("tilt", 0.3, "How far each item shifts across, in item widths.")]
        return [
            entry("linear", [number("spacing", 1, "Item spacing, in item widths.")] + fades,
                  "items side by side, as a plain scroll view"),
            entry("rotary", circular(iCarouselAngle), "items round a flat ring seen from the front, facing the viewer"),
            entry("invertedRotary", circular(iCarouselAngle), "the rotary ring with its far side nearest the viewer"),
            entry("cylinder", circular(iCarouselAngle), "items on the outside of a turning cylinder"),
            entry("invertedCylinder", circular(iCarouselAngle), "items inside a cylinder, back faces hidden"),
            entry("wheel", circular("The angle between neighbouring items (the wheel's step), in radians."),
                  "items on a wheel turning about a point below the carousel"),
            entry("invertedWheel", circular("The angle between neighbouring items (the wheel's step), in radians."),
                  "the wheel turning about a point above the carousel"),
            entry("coverFlow", coverFlow, "Cover Flow: side items turned 81° and stacked a quarter apart"),
            entry("coverFlow2", coverFlow, "Cover Flow 2: Cover Flow whose centre item turns as it leaves"),
            entry("timeMachine", timeMachine + [number("fadeMax", 0, "Items past this offset fade out.")]
                  + fades.filter { $0.name != "fadeMax" },
                  "items in a receding stack; the next ones come forward and fade"),
            entry("invertedTimeMachine", timeMachine + [number("fadeMin", 0, "Items before this offset fade out.")]
                  + fades.filter { $0.name != "fadeMin" },
                  "the time machine seen from the other side: earlier items come forward and fade"),
        ]
    }()

    // MARK: - ViewPagerTransforms and ViewPager2

    private static let viewPager: [Entry] = {
        func entry(_ name: String, _ library: Library, _ options: [KeySpec], _ summary: String) -> Entry {
            Entry(name: name, library: library, options: options, summary: summary)
        }
        func camera(_ multiple: Double?) -> KeySpec {
            KeySpec("cameraDistance", .number(.positive),
                    default: multiple.map { .json(JSONNumber.format($0)) } ?? .described("Android's: 576 px"),
                    "The camera's distance (View.setCameraDistance) in page widths, in pixels at `density`.")
        }
        let density = number("density", 2.625, "Pixels per point (Android's density; 2.625 is 420 dpi): the camera "
                             + "stands in pixels, so it decides how strong the perspective is.")
        let hideOffscreenPages = KeySpec("hideOffscreenPages", .boolean, default: .json("true"),
                                         "Pages a whole page or more away are transparent (ABaseTransformer's default).")
        let reverseDrawingOrder = KeySpec("reverseDrawingOrder", .boolean, default: .json("true"),
                                          "Left pages on top (`setPageTransformer(true, …)`, as the library's sample).")
        return [
            entry("viewpager.accordion", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "pages fold like an accordion: the outgoing page squeezes toward its left edge as the incoming one unfolds from the right"),
            entry("viewpager.backgroundToForeground", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "the current page shoots off to the left at twice the speed while the next page grows from half size toward the front"),
            entry("viewpager.cubeIn", .viewPagerTransforms, [camera(nil), density, hideOffscreenPages, reverseDrawingOrder],
                  "pages turn on the inside of a cube, hinged at their outer edges, with Android's close default camera"),
            entry("viewpager.cubeOut", .viewPagerTransforms, [camera(20), density, hideOffscreenPages, reverseDrawingOrder],
                  "pages turn on the outside of a cube, hinged at their shared edge, seen from 20 page widths away"),
            entry("viewpager.default", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "a plain slide"),
            entry("viewpager.depthPage", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "the current page slides away on top while the next one fades in and grows from 0.75 toward its left edge"),
            entry("viewpager.drawer", .viewPagerTransforms, [density, hideOffscreenPages, reverseDrawingOrder],
                  "the current page slides away on top of the next one, which follows at half speed like a drawer"),
            entry("viewpager.flipHorizontal", .viewPagerTransforms, [camera(nil), density, hideOffscreenPages, reverseDrawingOrder],
                  "pages flip over about their vertical centre line, each showing for half the turn"),
            entry("viewpager.flipVertical", .viewPagerTransforms, [camera(nil), density, hideOffscreenPages, reverseDrawingOrder],
                  "pages flip over about their horizontal centre line, each showing for half the turn"),
            entry("viewpager.foregroundToBackground", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "the current page shrinks to half size into the background while the next page races in at twice the speed"),
            entry("viewpager.rotateDown", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "pages swing like a pendulum hung from above, turning about a point below their bottom edge"),
            entry("viewpager.rotateUp", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "pages swing about the middle of their top edge, tilting upward as they leave"),
            entry("viewpager.scaleInOut", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "the current page shrinks toward its left edge while the next one grows from its right edge"),
            entry("viewpager.stack", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "the current page slides away to uncover the next one lying still underneath"),
            entry("viewpager.tablet", .viewPagerTransforms, [camera(nil), density, hideOffscreenPages, reverseDrawingOrder],
                  "pages turn 30° about their top centre as they slide, inner top corners kept together"),
            entry("viewpager.zoomIn", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "the current page shrinks into the centre while the next one grows out of it"),
            entry("viewpager.zoomOutSlide", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "pages shrink to 0.85 and fade to half as they slide, pulled together by the margins they open"),
            entry("viewpager.zoomOut", .viewPagerTransforms, [hideOffscreenPages, reverseDrawingOrder],
                  "the current page grows and fades away over the next one, which grows and fades in"),
            entry("viewpager2.depth", .viewPager2, [], "google's depth sample: the current page slides away on top while the next one fades in and grows from 0.75 about its centre"),
            entry("viewpager2.zoomOut", .viewPager2, [], "google's zoom-out sample: pages shrink to 0.85 and fade to half as they slide, pulled together by the margins they open"),
        ]
    }()

    // MARK: - Swiper

    private static let swiper: [Entry] = {
        func entry(_ name: String, _ options: [KeySpec], _ summary: String) -> Entry {
            Entry(name: "swiper." + name, library: .swiper, options: options, summary: summary)
        }
        func flag(_ name: String, _ value: Bool, _ summary: String) -> KeySpec {
            KeySpec(name, .boolean, default: .json(value ? "true" : "false"), summary)
        }
        let slideShadows = flag("slideShadows", true, "Shade the slides as they turn (Swiper's slide shadows).")
        let state = KeySpec("prev", .object(CreativeStateKeys.spec.name), default: .json("{}"),
                            "Where a previous slide goes, one slide away: translate, rotate, opacity, scale, origin.")
        return [
            entry("slide", [], "pages slide side by side, flat, as in a plain paged scroll view"),
            entry("fade", [flag("crossFade", false, "Fade the old slide out while the next fades in.")],
                  "pages stay in place and the next one fades in over the current one"),
            entry("cube", [slideShadows, flag("shadow", true, "The cube's shadow on the floor (accepted; not drawn)."),
                           number("shadowOffset", 20, "The floor shadow's offset in points (accepted; not drawn)."),
                           number("shadowScale", 0.94, "The floor shadow's scale (accepted; not drawn).")],
                  "pages on the faces of a cube that turns in perspective to bring the next face round"),
            entry("coverflow", [number("rotate", 50, "Degrees a slide one slide away turns."),
                                KeySpec("stretch", .oneOf([.number(.any), .string(nonEmpty: true)]), default: .json("0"),
                                        "Points (or `\"N%\"` of the slide) slides move toward the centre."),
                                number("depth", 100, "Points a slide one slide away recedes."),
                                number("scale", 1, "The scale of a slide one slide away."),
                                number("modifier", 1, "Multiplies the effect."), slideShadows],
                  "pages beside the current one turn toward it and recede, like album covers on a shelf"),
            entry("flip", [slideShadows, flag("limitRotation", true, "Turn no further than half a turn.")],
                  "the page flips over like a card, with the next page on its back"),
            entry("cards", [slideShadows, flag("rotate", true, "Fan the cards."),
                            number("perSlideRotate", 2, "Degrees each card turns from the next."),
                            number("perSlideOffset", 8, "Percent of the card's width each card shifts from the next.")],
                  "pages lie in a slightly fanned stack of cards that shifts and tilts as it is paged through"),
            entry("creative", [KeySpec("limitProgress", .number(.limit(0...1000)), default: .json("1"),
                                       "Slides this many away stop moving further."),
                               flag("shadowPerProgress", false, "Darken slides by their progress over limitProgress."),
                               number("progressMultiplier", 1, "Multiplies the progress."),
                               flag("perspective", true, "View in perspective (1200 px)."),
                               state,
                               KeySpec("next", .object(CreativeStateKeys.spec.name), default: .json("{}"),
                                       "Where a next slide goes, one slide away.")],
                  "pages move, turn, scale and fade between a previous and a next state"),
        ]
    }()
}

/// Swiper creative's `prev` and `next` states, declared with the deck format.
public enum CreativeStateKeys {
    public static let spec = ObjectSpec("creativeState", "Swiper's creative effect: where a slide one slide away "
                                        + "goes. Omitted values stay as they are.", keys: [
        KeySpec("translate", .array(.oneOf([.number(.any), .string(nonEmpty: true)]), maxItems: 3),
                default: .json("[0, 0, 0]"), "x, y, z in points, or `\"N%\"` of the slide."),
        KeySpec("rotate", .array(.number(.any), maxItems: 3), default: .json("[0, 0, 0]"),
                "Degrees about x, y and z."),
        KeySpec("opacity", .number(.fraction), default: .json("1"), "Its opacity."),
        KeySpec("scale", .number(.nonNegative), default: .json("1"), "Its scale."),
        KeySpec("origin", .string(nonEmpty: true), default: .described("the centre"),
                "The transform origin, as CSS writes it (`left center`, `50% 100%`)."),
        KeySpec("shadow", .boolean, default: .json("false"), "Shade it as it goes."),
    ])
}
