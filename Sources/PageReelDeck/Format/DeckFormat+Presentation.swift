import PageReelJSON

// How pages move and settle: custom transitions, the fold, physics.

extension DeckFormat {
    enum CustomTransitionKeys {
        static let angleRatio = Key<Double>.number("angleRatio", default: 0,
                                                   "Degrees of rotation per percent of a page away from the centre (the "
                                                   + "presets use 0.5).")
        static let translation = Key<[Double]>(spec: KeySpec("translation", .numbers(names: ["dx", "dy"]),
                                                             default: .json("[0, 0]"),
                                                             "Shift per page of distance, as a fraction of W: x by s, y "
                                                             + "by |s|.")) { $0.readNumbers(count: 2) }
        static let rotation = Key<[Double]>(spec: KeySpec("rotation", .numbers(names: ["x", "y", "z"]),
                                                          default: .json("[0, 0, 0]"),
                                                          "The rotation axis, normalised when used; zero turns "
                                                          + "nothing.")) { $0.readNumbers(count: 3) }
        static let perspective = Key<Double>.number("perspective", .nonNegative, default: 0,
                                                    "Eye distance: m34 = −1/perspective about the viewport centre; 0 is "
                                                    + "orthographic, as MAGPagedScrollView renders.")

        static let spec = ObjectSpec("customTransition", "MAGPagedScrollView's transition properties. A page at s "
                                     + "pages from the centre turns by 100 · s · angleRatio degrees about `rotation` "
                                     + "through its centre, then moves by (W · dx · s, W · dy · |s|).",
                                     keys: [angleRatio.spec, translation.spec, rotation.spec, perspective.spec])
    }

    /// A catalogue transition with options: one object per transition, `name` and its own options
    /// (with its library's defaults), so the schema knows exactly which options each name takes.
    enum CatalogueTransitionKeys {
        static let name = "name"

        static func spec(_ entry: TransitionCatalogue.Entry) -> ObjectSpec {
            ObjectSpec("transition." + entry.name, "`\(entry.name)` (\(entry.library.rawValue)) with options: "
                       + entry.summary + ".",
                       keys: [KeySpec(name, .choice([entry.name]), required: true, "The transition.")] + entry.options)
        }

        static let specs: [ObjectSpec] = TransitionCatalogue.entries.map(spec)
    }

    enum FoldKeys {
        static let folds = Key<Int>.integer("folds", .limit(1...32), default: 5,
                                            "Number of accordion strips, each two hinged halves.")

        static let spec = ObjectSpec("fold", "PaperFoldGallery's fold: the next page unfolds from the right edge as an "
                                     + "accordion of strips.", keys: [folds.spec])
    }

    enum PhysicsKeys {
        static let model = Key<Physics.Model>.choice("model", noun: "motion model", default: .uikit,
                                                     "Whose motion a release, a snap and an animated jump follow: "
                                                     + "`uikit` (the snap spring and free glide below), `icarousel` "
                                                     + "(constant deceleration at 0.95, then a 0.4 s cubic ease to the "
                                                     + "item boundary), `android` (ViewPager's settle: 25 dp and 400 dp/s "
                                                     + "make a fling, at most 600 ms on the quintic interpolator) or "
                                                     + "`swiper` (300 ms on CSS `ease`; a swipe under 300 ms changes "
                                                     + "slide, a longer one needs half a slide). Past an end a drag "
                                                     + "meets the model's resistance: UIKit's rubber band, iCarousel's "
                                                     + "(never a whole item), Swiper's x^0.85, or none for `android` "
                                                     + "(ViewPager stops at the ends). `deceleration`, "
                                                     + "`flingVelocity`, `snap` and `rubberBand` are `uikit`'s.")
        static let paging = Key<Bool>.boolean("paging", default: true,
                                              "Snap to a page after every release (UIScrollView `isPagingEnabled`, "
                                              + "iCarousel `pagingEnabled`); `false` glides freely and stops anywhere "
                                              + "(`icarousel`: on an item boundary). `android` and `swiper` always page.")
        static let deceleration = Key<Double>(
            spec: KeySpec("deceleration", .oneOf([.choice(["normal", "fast"]),
                                                  .number(NumberBounds(lower: 0, lowerInclusive: false, upper: 1,
                                                                       upperInclusive: false))]),
                          default: .json("\"normal\""),
                          "Velocity factor per millisecond of a free glide: `normal` 0.998, `fast` 0.99 "
                          + "(UIScrollView.DecelerationRate), or a number strictly between 0 and 1."),
            read: DeckDecoder.readDeceleration)
        static let flingVelocity = Key<Double>.number("flingVelocity", .nonNegative, default: 100,
                                                      "Release speed (pt/s) from which a release goes on to the next "
                                                      + "page in its direction rather than the nearest (Flutter's iOS "
                                                      + "physics).")
        static let snap = KeySpec("snap", .object(SpringKeys.spec.name), default: .json("{}"),
                                  "The spring that snaps to a page, carrying the release velocity.")
        static let rubberBand = Key<Double>.number("rubberBand", NumberBounds(lower: 0, lowerInclusive: false, upper: 1),
                                                   default: 0.55,
                                                   "UIScrollView's rubber-band constant c: a finger x points past an end "
                                                   + "shows x · W · c / (W + c · x).")
        static let bounces = Key<Bool>.boolean("bounces", default: true,
                                               "Rubber band past the first and last page; `false` clamps instead.")

        static let spec = ObjectSpec("physics", "Scroll physics after a release; the defaults are iOS's.",
                                     keys: [model.spec, paging.spec, deceleration.spec, flingVelocity.spec, snap, rubberBand.spec,
                                            bounces.spec])
    }

    enum SpringKeys {
        static let response = Key<Double>.number("response", .positive, default: 0.35,
                                                 "Seconds for one undamped oscillation.")
        static let dampingRatio = Key<Double>.number("dampingRatio", .positive, default: 1,
                                                     "1 is critically damped (no overshoot); below 1 it bounces.")

        static let spec = ObjectSpec("spring", "A spring in UISpringTimingParameters' design terms: mass 1, stiffness "
                                     + "(2π/response)², damping 4π · dampingRatio/response. Settled within 0.5 pt and "
                                     + "1 pt/s of the page.", keys: [response.spec, dampingRatio.spec])
    }
}
