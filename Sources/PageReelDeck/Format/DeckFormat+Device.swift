// What is drawn around the scroll view: the canvas's backdrop, the device, the captions.

extension DeckFormat {
    enum BackdropImageKeys {
        static let image = KeySpec("image", .string(nonEmpty: true), required: true,
                                   "An image behind everything: PNG or JPEG, path relative to the deck.")
        static let fit = Key<Fit>.choice("fit", noun: "fit", default: .fill,
                                         "How the image fills the canvas: `fill` crops to cover it, `fit` "
                                         + "letterboxes on black, `stretch` ignores the aspect ratio.")

        static let spec = ObjectSpec("backdropImage", "An image as the canvas's background.",
                                     keys: [image, fit.spec])
    }

    enum DeviceKeys {
        static let model = KeySpec("model", .choice(Device.names),
                                   "A model from `pagereel devices` (its real screen: size, corners, cut-out, status "
                                   + "bar, bezel and buttons); `auto`, the model whose screenshots have the size of the "
                                   + "pages' images (else of their shape, else the phone); `phone` and `tablet`, the "
                                   + "same among phones (default iPhone 16 Pro) or tablets (iPad Pro 13-inch); "
                                   + "`phone-home-button` (iPhone SE); `browser` (a window bar with an address field "
                                   + "above the content); `none`.")
        static let color = Key<Color>.color("color", default: "#1C1C1E",
                                            "The frame's colour: a phone's or tablet's bezel, a browser's window bar.")
        static let statusBar = KeySpec("statusBar", .oneOf([.boolean, .object(StatusBarKeys.spec.name)]),
                                       default: .described("over the pages without their own"),
                                       "The status bar across the top of a phone's or tablet's screen (time, "
                                       + "signal, Wi-Fi, battery), drawn over the pages that do not bring their own "
                                       + "(not over screenshots and recordings: pictures of the screen's shape, or "
                                       + "of a model's screen shape shown from the top), in the style that "
                                       + "contrasts with the page under it: `true` draws it over every page, `false` "
                                       + "over none, an object sets it.")
        static let homeIndicator = Key<Bool>.boolean("homeIndicator", default: true,
                                                     "The bar at the bottom of a `phone`'s or `tablet`'s screen.")
        static let url = Key<String>.text("url", default: "example.com", "The address a `browser` shows.")
        static let orientation = Key<Device.Orientation>.choice(
            "orientation", noun: "orientation", default: .auto,
            "`portrait`, or `landscape`: turned a quarter to the left, the cut-out on the left and the home "
                + "indicator along the long bottom edge (phones hide their status bar in landscape); `auto` is "
                + "landscape when the pages' screenshots and recordings are wider than tall.")
        static let pose = KeySpec("pose", .object(PoseKeys.spec.name), default: .json("{}"),
                                  "How the device is turned and placed at rest; `pose` steps turn it from there.")

        static let spec = ObjectSpec("device", "The device the pages are shown in. The viewport is its screen (a "
                                     + "browser's content area); the device is drawn around it and pages are "
                                     + "clipped to the screen.",
                                     keys: [model.requiring(), orientation.spec, color.spec, statusBar, homeIndicator.spec, url.spec,
                                            pose])
    }

    /// The values of a pose, declared once for `device.pose` (with defaults) and `pose` steps
    /// (without: a step keeps what it does not name).
    enum PoseValueKeys {
        static let turn = NumberBounds(lower: -80, upper: 80, unit: "°")
        static func rotateX(_ d: Double?) -> Key<Double> {
            .number("rotateX", turn, default: d, "Degrees about the horizontal axis through the screen's centre; "
                    + "positive tips the top away (CSS `rotateX`).")
        }
        static func rotateY(_ d: Double?) -> Key<Double> {
            .number("rotateY", turn, default: d, "Degrees about the vertical axis through the screen's centre; "
                    + "positive turns the right edge away (CSS `rotateY`).")
        }
        static func rotateZ(_ d: Double?) -> Key<Double> {
            .number("rotateZ", NumberBounds(lower: -360, upper: 360, unit: "°"), default: d,
                    "Degrees in the screen's plane, clockwise (CSS `rotateZ`).")
        }
        static func perspective(_ d: Double?) -> Key<Double> {
            .number("perspective", NumberBounds(lower: 200, upper: 100_000, unit: " pt"), default: d,
                    "The eye's distance from the screen's plane, in points (CSS `perspective()`).")
        }
        static func scale(_ d: Double?) -> Key<Double> {
            .number("scale", NumberBounds(lower: 0, lowerInclusive: false, upper: 10), default: d,
                    "Scales the projected device about the screen's centre.")
        }
        static func offset(_ d: Bool) -> Key<[Double]> {
            .point("offset", default: d ? .json("[0, 0]") : .none, "Points the projected device moves, right and down.")
        }
    }

    enum PoseKeys {
        typealias V = PoseValueKeys
        static let rotateX = V.rotateX(0), rotateY = V.rotateY(0), rotateZ = V.rotateZ(0)
        static let perspective = V.perspective(2400), scale = V.scale(1), offset = V.offset(true)

        static let spec = ObjectSpec("pose", "The device turned in 3D and placed, projected exactly as CSS projects "
                                     + "`transform: translate(offset) scale(scale) perspective(perspective) "
                                     + "rotateX(rotateX) rotateY(rotateY) rotateZ(rotateZ)` about the centre of the "
                                     + "device's screen. The device is one body: bezel, screen, cut-out, buttons and "
                                     + "shadow; the pages on its screen are drawn in perspective.",
                                     keys: [rotateX.spec, rotateY.spec, rotateZ.spec, perspective.spec, scale.spec,
                                            offset.spec])
    }

    enum StatusBarKeys {
        static let time = Key<String>.text("time", default: "9:41", "The time shown, as written.")
        static let style = Key<Device.StatusBar.Style>(spec: KeySpec("style", .choice(["light", "dark"]),
                                                                     default: .described("contrasting with each page"),
                                                                     "`light` glyphs (for dark or colourful pages) or "
                                                                     + "`dark` ones (for light pages) on every page; by "
                                                                     + "default each page gets the one that contrasts "
                                                                     + "with its top.")) {
            $0.readChoice("status bar style")
        }
        static let always = Key<Bool>.boolean("always", default: false,
                                              "Over every page, even those with their own status bar.")

        static let spec = ObjectSpec("statusBar", "A phone's or tablet's status bar.",
                                     keys: [time.spec, style.spec, always.spec])
    }

    enum CaptionsKeys {
        static let position = Key<Captions.Position>.choice("position", noun: "caption position", default: .bottom,
                                                            "Above (`top`) or below (`bottom`) the device.")
        static let size = Key<Double>.number("size", .positive(max: 1000), default: 28, "Text size in points.")
        static let color = Key<Color>.color("color", default: "#FFFFFF", "Text colour.")
        static let font = Key<String>.string("font", nonEmpty: true, default: Page.defaultFont,
                                             "Caption font, as for text layers.")
        static let weight = Key<FontWeight>.choice("weight", noun: "weight", default: .bold, "Text weight.")
        static let gap = Key<Double>.number("gap", .nonNegative, default: 32,
                                            "Points between the caption's box and the device's outer edge.")
        static let transition = Key<Captions.Transition>.choice(
            "transition", noun: "caption transition", default: .fade,
            "How one caption gives way to the next as the pages scroll: `fade` (the old one fades out over the first "
                + "half of the swipe, the new one in over the second, so two never show at once above a quarter of "
                + "their opacity), `crossfade` (page i at opacity max(0, 1 − |position − i|)), `slide` (each moves "
                + "with its page) or `none` (the nearest page's, switched halfway).")
        static let maxWidth = Key<Double>(spec: KeySpec("maxWidth", .number(.positive),
                                                        default: .described("as wide as the canvas allows"),
                                                        "Wrap width in points; captions are centred on the device, "
                                                        + "as wide as the canvas allows around its centre less `gap` on "
                                                        + "each side when not given.")) { $0.readNumber(.positive) }

        static let spec = ObjectSpec("captions", "How pages' `caption`s are set: above or below the device, centred "
                                     + "on it, changing as the pages scroll (`transition`). Without a viewport the "
                                     + "device is sized so it and its captions fit the canvas.",
                                     keys: [position.spec, size.spec, color.spec, font.spec, weight.spec, gap.spec,
                                            maxWidth.spec, transition.spec])
    }
}

extension KeySpec {
    /// The same key, required.
    func requiring() -> KeySpec { KeySpec(name, type, default: .none, required: true, summary) }
}
