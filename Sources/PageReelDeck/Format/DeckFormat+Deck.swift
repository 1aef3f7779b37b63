import PageReelJSON

// The deck itself, its canvas and viewport.

extension DeckFormat {
    enum RootKeys {
        static let version = KeySpec("pagereel", .constant(1), default: .json("1"),
                                     "Format version; only 1 exists. A deck without it is read as version 1.")
        static let canvas = KeySpec("canvas", .object(CanvasKeys.spec.name), default: .json("{}"),
                                    "Output size, frame rate and the colour behind the pages.")
        static let layout = KeySpec("layout", .object(LayoutKeys.spec.name), default: .json("{}"),
                                    "How the pages lie: axis, direction, size, spacing and where the current one rests.")
        static let viewport = KeySpec("viewport", .object(ViewportKeys.spec.name), default: .described("centred page"),
                                      "The scroll view's frame on the canvas; every page is its size. Without it: a "
                                      + "centred page 80% of the canvas height tall, 9:16 on a landscape canvas and 80% of "
                                      + "the canvas width otherwise.")
        static let clip = Key<Bool>.boolean("clip", default: false,
                                            "Draw pages only inside the viewport (UIScrollView's `clipsToBounds`); by "
                                            + "default neighbouring pages show beside it, as in MAGPagedScrollView.")
        static let transition = KeySpec("transition", DeckFormat.transition, default: .json("\"none\""),
                                        "How pages move as they scroll: a name or a custom object (see transitions). "
                                        + "`export --transition` overrides it.")
        static let perspective = Key<Double>.number("perspective", .nonNegative, default: 0,
                                                    "Eye distance in points for the named MAGPagedScrollView transitions: "
                                                    + "adds m34 = −1/perspective about the viewport centre (0 = "
                                                    + "orthographic, as MAG renders); replaces coverflow's and cube's 500.")
        static let fold = KeySpec("fold", .object(FoldKeys.spec.name), default: .json("{}"),
                                  "Options of the `fold` transition.")
        static let page = KeySpec("page", .object(PageStyleKeys.spec.name), default: .json("{}"),
                                  "Corner radius, shadow and default background of every page.")
        static let pages = KeySpec("pages", .oneOf([.array(.object(PageKeys.spec.name), minItems: 1,
                                                           maxItems: DeckDecoder.maxPages),
                                                    .object(PageTemplateKeys.spec.name)]),
                                   required: true,
                                   "The pages in scroll order: a list of 1 to 1,000,000 pages, or `{count, template}` "
                                   + "for MAGPagedScrollView's reusable data source (memory does not grow with the count).")
        static let tabs = KeySpec("tabs", .object(TabsKeys.spec.name),
                                  "RKSwipeBetweenViewControllers' tab bar across the top of the viewport. Without it "
                                  + "there is none.")
        static let indicator = KeySpec("indicator", .oneOf([.choice(Indicator.Style.allCases.map(\.rawValue)),
                                                            .object(IndicatorKeys.spec.name)]),
                                       "Page dots that follow the scroll position: `\"dots\"`, or an object to style "
                                       + "them. Without it there are none.")
        static let touches = Key<Bool>.boolean("touches", default: false,
                                               "Draws a translucent finger mark during drags and taps.")
        static let physics = KeySpec("physics", .object(PhysicsKeys.spec.name), default: .json("{}"),
                                     "Scroll physics after a release: paging, deceleration, snap spring, rubber band. "
                                     + "The defaults are iOS's.")
        static let script = KeySpec("script", .array(.object(StepKeys.spec.name)), default: .json("[]"),
                                    "The gestures, run one after another: each step starts when the previous one has "
                                    + "settled, unless it gives `at`.")
        static let tail = Key<Double>.number("tail", .nonNegative, default: 0.5,
                                             "Seconds of stillness after the script settles.")
        static let duration = Key<Double>.number("duration", .positive(max: DeckDecoder.maxDuration, unit: " s"),
                                                 "A fixed video length in seconds, instead of the script's length plus "
                                                 + "`tail`; a longer script is cut. The video must stay within 600 s.")
        static let device = KeySpec("device", .oneOf([.choice(Device.names),
                                                      .object(DeviceKeys.spec.name)]),
                                    default: .json("\"none\""),
                                    "The device the pages are shown in: a model (`pagereel devices` lists them), "
                                    + "`auto` (the model whose screenshots have the pages' image size), `phone` or "
                                    + "`tablet` (the same among phones or tablets), `phone-home-button`, `browser`, "
                                    + "`none`, or an object.")
        static let captions = KeySpec("captions", .object(CaptionsKeys.spec.name), default: .json("{}"),
                                      "How the pages' captions are set around the device.")
        static let fonts = KeySpec("fonts", .array(.string(nonEmpty: true)), default: .json("[]"),
                                   "Font files (`.ttf`, `.otf`, `.ttc`) or folders of them, relative to the deck, whose "
                                   + "families text may name: the deck renders the same on every machine.")
        static let locales = KeySpec("locales", .array(.string(nonEmpty: true), minItems: 1),
                                     "The languages the deck is written in, as locale codes (`en`, `de-DE`, `ar`); the "
                                     + "first is the default. Any text may then be an object of one string per locale, "
                                     + "and any path may hold `{locale}`. A right-to-left language (Arabic, Hebrew, "
                                     + "Persian, Urdu, …) pages right to left unless `layout.direction` says otherwise.")
        static let audio = KeySpec("audio", .object(AudioKeys.spec.name), default: .json("{}"),
                                   "The video's sound: music, touch sounds, and whether recordings play their own audio.")

        static let spec = ObjectSpec(
            "deck",
            "A pagereel deck: pages, how they look and move, and a scripted gesture timeline, rendered by "
                + "`pagereel export` into a demo video of a paged horizontal scroll view. Units are points, one point "
                + "per canvas pixel. Paths are relative to the deck file. Unknown keys are errors. Rules that span "
                + "several values are checked by `pagereel validate` and named in the descriptions: tab titles match "
                + "the page count, jump and tap targets exist, the viewport fits the canvas, text styling appears on "
                + "text layers only, `at` times never go back, and the video stays within 600 s.",
            keys: [version, canvas, viewport, layout, clip.spec, transition, perspective.spec, fold, page, pages, tabs,
                   indicator, touches.spec, physics, script, tail.spec, duration.spec, fonts, device, captions, audio,
                   locales])
    }

    enum CanvasKeys {
        static let width = Key<Int>.integer("width", .limit(16...7680), default: 1280, "Width in pixels.")
        static let height = Key<Int>.integer("height", .limit(16...4320), default: 720, "Height in pixels.")
        static let fps = Key<Int>.integer("fps", .limit(1...120), default: 30,
                                          "Frames per second. The motion is simulated on its own clock and sampled at "
                                          + "frame times, so 30 and 60 fps show the same position at the same instant.")
        static let background = KeySpec("background", .oneOf([.color, .object(GradientKeys.spec.name),
                                                               .object(BackdropImageKeys.spec.name)]),
                                         default: .json("\"#101418\""),
                                         "What shows behind everything: a colour, a gradient `{from, to, angle}` "
                                         + "as pages have, or an image `{image, fit}`.")

        static let spec = ObjectSpec("canvas", "The output frame. One point is one canvas pixel; `--size` scales the "
                                     + "whole deck.", keys: [width.spec, height.spec, fps.spec, background])
    }

    enum LayoutKeys {
        static let orientation = Key<Layout.Orientation>.choice("orientation", noun: "orientation", default: .horizontal,
                                                                "The paging axis: `horizontal` or `vertical` (stories, "
                                                                + "short-video feeds); a drag's `by` is in pages along it.")
        static let direction = Key<Layout.Direction>.choice("direction", noun: "direction", default: .ltr,
                                                            "`rtl` pages right to left, as Arabic and Hebrew interfaces "
                                                            + "do: the next page enters from the left; tabs and dots run "
                                                            + "right to left (horizontal layouts).")
        static let pageWidth = Key<Double>(spec: KeySpec("pageWidth", .number(.limit(1...7680)),
                                                         default: .described("the viewport's"),
                                                         "Page width in points: narrower than the viewport, the "
                                                         + "neighbours peek in.")) { $0.readNumber(.limit(1...7680)) }
        static let pageHeight = Key<Double>(spec: KeySpec("pageHeight", .number(.limit(1...4320)),
                                                          default: .described("the viewport's"),
                                                          "Page height in points.")) { $0.readNumber(.limit(1...4320)) }
        static let spacing = Key<Double>.number("spacing", .limit(0...7680), default: 0, "Points between neighbouring pages.")
        static let align = Key<Layout.Align>.choice("align", noun: "alignment", default: .center,
                                                    "Where the current page rests: `center` of the viewport, or its "
                                                    + "`start` (left, right for `rtl`, top when vertical).")
        static let wrap = Key<Bool>.boolean("wrap", default: false,
                                            "The page after the last is the first, for every step (iCarousel's `wrap`, "
                                            + "Swiper's `loop`): no ends to bounce off, and a `jump` or `tap` goes the "
                                            + "short way round.")

        static let spec = ObjectSpec("layout", "How the pages lie in the scroll view. One page's scroll is its size "
                                     + "along the axis plus `spacing`.",
                                     keys: [orientation.spec, direction.spec, pageWidth.spec, pageHeight.spec, spacing.spec,
                                            align.spec, wrap.spec])
    }

    enum ViewportKeys {
        static let x = Key<Double>(spec: KeySpec("x", .number(.any), default: .described("centred"),
                                                 "Left edge on the canvas.")) { $0.readNumber() }
        static let y = Key<Double>(spec: KeySpec("y", .number(.any), default: .described("centred"),
                                                 "Top edge on the canvas.")) { $0.readNumber() }
        static let width = Key<Double>.number("width", .positive, required: true,
                                              "Width W, the page width; at most the canvas width.")
        static let height = Key<Double>.number("height", .positive, required: true,
                                               "Height, the page height; at most the canvas height.")

        static let spec = ObjectSpec("viewport", "The scroll view's frame in canvas points. Neighbouring pages may "
                                     + "show outside it unless `clip` is set.",
                                     keys: [x.spec, y.spec, width.spec, height.spec])
    }
}

extension NumberBounds {
    /// A closed range of integers.
    static func limit(_ range: ClosedRange<Int>) -> NumberBounds {
        .limit(Double(range.lowerBound)...Double(range.upperBound))
    }
}
