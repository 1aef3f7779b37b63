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
        static let model = Key<Device.Model>.choice("model", noun: "device", default: nil,
                                                    "`phone` (rounded bezel, camera island, side buttons, status "
                                                    + "bar, home indicator), `phone-home-button`, `tablet`, `browser` "
                                                    + "(a window bar with an address field above the content) or "
                                                    + "`none`.")
        static let color = Key<Color>.color("color", default: "#1C1C1E",
                                            "The frame's colour: a phone's or tablet's bezel, a browser's window bar.")
        static let statusBar = KeySpec("statusBar", .oneOf([.boolean, .object(StatusBarKeys.spec.name)]),
                                       default: .json("true"),
                                       "The status bar across the top of a phone's or tablet's screen (time, "
                                       + "signal, Wi-Fi, battery): `true`, `false`, or an object to set it.")
        static let homeIndicator = Key<Bool>.boolean("homeIndicator", default: true,
                                                     "The bar at the bottom of a `phone`'s or `tablet`'s screen.")
        static let url = Key<String>.string("url", default: "example.com", "The address a `browser` shows.")

        static let spec = ObjectSpec("device", "The device the pages are shown in. The viewport is its screen (a "
                                     + "browser's content area); the device is drawn around it and pages are "
                                     + "clipped to the screen.",
                                     keys: [model.spec.requiring(), color.spec, statusBar, homeIndicator.spec, url.spec])
    }

    enum StatusBarKeys {
        static let time = Key<String>.string("time", default: "9:41", "The time shown, as written.")
        static let style = Key<Device.StatusBar.Style>.choice("style", noun: "status bar style", default: .light,
                                                              "`light` glyphs for dark or colourful pages, `dark` for "
                                                              + "light ones.")

        static let spec = ObjectSpec("statusBar", "A phone's or tablet's status bar.", keys: [time.spec, style.spec])
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
        static let maxWidth = Key<Double>(spec: KeySpec("maxWidth", .number(.positive),
                                                        default: .described("as wide as the canvas allows"),
                                                        "Wrap width in points; captions are centred on the device, "
                                                        + "as wide as the canvas allows around its centre less `gap` on "
                                                        + "each side when not given.")) { $0.readNumber(.positive) }

        static let spec = ObjectSpec("captions", "How pages' `caption`s are set: above or below the device, centred "
                                     + "on it, cross-fading as the pages scroll (page i at opacity "
                                     + "max(0, 1 − |position − i|)).",
                                     keys: [position.spec, size.spec, color.spec, font.spec, weight.spec, gap.spec,
                                            maxWidth.spec])
    }
}

extension KeySpec {
    /// The same key, required.
    func requiring() -> KeySpec { KeySpec(name, type, default: .none, required: true, summary) }
}
