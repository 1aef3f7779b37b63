// The gesture script: a step and the objects of its actions.

extension DeckFormat {
    enum StepKeys {
        static let at = Key<Double>.number("at", .nonNegative,
                                           "Start time in seconds from the start of the video. Without it the step "
                                           + "starts when the previous one has settled; earlier, it interrupts the "
                                           + "motion (a finger catching a moving scroll view); later, the scroll view "
                                           + "waits. Never earlier than the previous step's start.")
        static let wait = Key<Double>.number("wait", .nonNegative, "Nothing moves for this many seconds; a held finger "
                                             + "stays down.")
        static let drag = KeySpec("drag", .object(DragKeys.spec.name), "A finger drag, then a release.")
        static let swipe = Key<Step.Direction>.choice("swipe", noun: "swipe direction",
                                                      "A quick human swipe: a linear drag of ±0.35 page in 0.18 s, "
                                                      + "released with the finger's velocity (0.35/0.18 = 1.94 "
                                                      + "pages/s: under iCarousel's motion, which needs 2 items/s, "
                                                      + "it springs back).")
        static let fling = KeySpec("fling", .object(FlingKeys.spec.name),
                                   "Releases the content where it is with a velocity; lifts a held finger.")
        static let jump = KeySpec("jump", .object(JumpKeys.spec.name), "An animated page change.")
        static let tap = KeySpec("tap", .object(TapKeys.spec.name),
                                 "Touches a tab for 0.12 s, then walks through every page to the tab's page. Needs `tabs`.")
        static let hint = KeySpec("hint", .object(HintKeys.spec.name), "PaperFoldGallery's bounce hint.")
        static let transition = KeySpec("transition", DeckFormat.transition,
                                        "Switches the transition from this moment on, with the same values as the "
                                        + "top-level `transition`. Takes no time.")

        static let pose = KeySpec("pose", .object(PoseStepKeys.spec.name),
                                  "Turns the device from its current pose to the one given. With `at` it runs "
                                  + "alongside the gestures; without, the next step waits for it. Needs a `device`.")

        static let camera = KeySpec("camera", .object(CameraKeys.spec.name),
                                    "Zooms the view onto a point of the screen, or back with `zoom` 1. With `at` it "
                                    + "runs alongside the gestures; without, the next step waits for it.")

        /// The action keys, one of which each step has.
        static let actions = [wait.spec, drag, swipe.spec, fling, jump, tap, hint, transition, pose, camera]

        static let spec = ObjectSpec("step", "One gesture: exactly one action key and an optional `at`.",
                                     keys: [at.spec] + actions,
                                     alternatives: actions.map { ObjectSpec.Alternative(requires: $0.name) })
    }

    enum DragKeys {
        static let by = Key<Double>.number("by", .limit(-1000...1000, unit: " pages"), required: true,
                                           "Pages the finger moves; positive toward the next page.")
        static let duration = Key<Double>.number("duration", .positive, required: true, "Seconds the move takes.")
        static let curve = Key<Step.Curve>.choice("curve", noun: "curve", default: .linear,
                                                  "Timing of the move: linear t, or cubic t³, 1 − (1 − t)³, and their "
                                                  + "ease-in-out, or `spring` (critically damped).")
        static let velocity = Key<Double>(spec: KeySpec("velocity", .number(.any), default: .described("the finger's"),
                                                        "Release velocity in pt/s. Without it: by · W · (slope of the "
                                                        + "curve at the end) / duration, so `linear` releases at "
                                                        + "by · W / duration, `easeIn` at three times that, `easeOut` "
                                                        + "and `easeInOut` at 0.")) { $0.readNumber() }
        static let release = Key<Bool>.boolean("release", default: true,
                                               "`false` keeps the finger down after the move; the next moving step "
                                               + "lifts it.")

        static let spec = ObjectSpec("drag", "A finger drag: the content follows the finger 1:1, rubber-banded past the "
                                     + "ends, then is released (see physics).",
                                     keys: [by.spec, duration.spec, curve.spec, velocity.spec, release.spec])
    }

    enum PoseStepKeys {
        typealias V = PoseValueKeys
        static let rotateX = V.rotateX(nil), rotateY = V.rotateY(nil), rotateZ = V.rotateZ(nil)
        static let perspective = V.perspective(nil), scale = V.scale(nil), offset = V.offset(false)
        static let duration = Key<Double>.number("duration", .limit(0...600, unit: " s"), default: 0.8,
                                                 "Seconds the turn takes; 0 jumps there.")
        static let curve = Key<Step.Curve>.choice("curve", noun: "curve", default: .easeInOut,
                                                  "Timing of the turn: as a drag's, or `spring` (critically damped, "
                                                  + "arriving at the end of `duration`).")

        static let spec = ObjectSpec("poseStep", "A turn of the device to a new pose (see `device.pose`); the values "
                                     + "it does not name keep theirs.",
                                     keys: [rotateX.spec, rotateY.spec, rotateZ.spec, perspective.spec, scale.spec,
                                            offset.spec, duration.spec, curve.spec])
    }

    enum CameraKeys {
        static let zoom = Key<Double>.number("zoom", .limit(1...8), required: true,
                                             "Times the laid-out size; 1 goes back to the layout's own view.")
        static let focus = Key<[Double]>.point("focus", default: .described("the screen's centre"),
                                               "The point drawn at the canvas's centre once the zoom is reached, in "
                                               + "the screen's own points: the device's (a screenshot's pixels over "
                                               + "its scale, ÷3 on most iPhones), or the viewport's without a device.")
        static let duration = Key<Double>.number("duration", .limit(0...600, unit: " s"), default: 0.8,
                                                 "Seconds the move takes; 0 cuts there.")
        static let curve = Key<Step.Curve>.choice("curve", noun: "curve", default: .easeInOut,
                                                  "Timing of the move: as a drag's, or `spring`.")

        static let spec = ObjectSpec("camera", "A camera move: the device, its pages and the touches zoom about "
                                     + "the focus, drawn from their sources at the zoomed size (screenshots show "
                                     + "their own pixels, text is set at the size it shows); the backdrop and the "
                                     + "captions stay.",
                                     keys: [zoom.spec, focus.spec, duration.spec, curve.spec])
    }

    enum FlingKeys {
        static let velocity = Key<Double>.number("velocity", required: true,
                                                 "Velocity in pt/s, positive toward the next page. From rest, a paging "
                                                 + "scroll view moves at most one page.")

        static let spec = ObjectSpec("fling", "A release with a velocity.", keys: [velocity.spec])
    }

    enum JumpKeys {
        static let to = Key<Int>.integer("to", .nonNegative, required: true, "Target page, 0-based; a page of the deck.")
        static let through = Key<Bool>.boolean("through", default: true,
                                               "`true` walks through every page in between, one move of `step` seconds "
                                               + "per page (RKSwipeBetweenViewControllers); `false` goes straight "
                                               + "there in one move of `duration` seconds (MAGPagedScrollView "
                                               + "`goToPage`).")
        static let step = Key<Double>(spec: KeySpec("step", .number(.positive), default: .described("the motion model's"),
                                                    "Seconds per page when walking through: `uikit` 0.3, `icarousel` "
                                                    + "0.4, `android` 0.2 (ViewPager's settle for one page), `swiper` "
                                                    + "0.3.")) { $0.readNumber(.positive) }
        static let duration = Key<Double>(spec: KeySpec("duration", .number(.positive),
                                                        default: .described("the motion model's"),
                                                        "Seconds of a direct jump: `uikit` 0.35, `icarousel` 0.4, "
                                                        + "`android` (pages + 1) × 0.1 up to 0.6, `swiper` 0.3.")) {
            $0.readNumber(.positive)
        }

        static let spec = ObjectSpec("jump", "An animated page change, eased as the motion model eases it (`uikit`: "
                                     + "cubic ease-in-out); with `layout.wrap` it goes the short way round.",
                                     keys: [to.spec, through.spec, step.spec, duration.spec])
    }

    enum TapKeys {
        static let tab = Key<Int>.integer("tab", .nonNegative, required: true, "Tab index, 0-based; a tab of `tabs`.")

        static let spec = ObjectSpec("tap", "A tap on the tab bar.", keys: [tab.spec])
    }

    enum HintKeys {
        static let distance = Key<Double>.number("distance", .nonZero, default: 30,
                                                 "Points to move, positive toward the next page; not 0.")
        static let duration = Key<Double>.number("duration", .positive, default: 0.3,
                                                 "Seconds of each of the two moves.")

        static let spec = ObjectSpec("hint", "PaperFoldGallery's bounce: two ease-in-out moves, out by `distance` and "
                                     + "back, rubber-banded past an end.", keys: [distance.spec, duration.spec])
    }
}
