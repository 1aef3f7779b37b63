// What is drawn over the pages: the tab bar and the page dots.

extension DeckFormat {
    enum TabsKeys {
        static let titles = KeySpec("titles", .array(.text(nonEmpty: false), minItems: 1), required: true,
                                    "One title per page: as many titles as pages.")
        static let height = Key<Double>.number("height", .positive, default: 44, "Bar height in points.")
        static let background = Key<Color>.color("background", default: "#030D0F",
                                                 "Bar colour (RKSwipe's navigation bar tint, RGB 0.01, 0.05, 0.06).")
        static let textColor = Key<Color>.color("textColor", default: "#FFFFFF", "Title colour.")
        static let fontSize = Key<Double>.number("fontSize", .positive, default: 15, "Title size in points.")
        static let weight = Key<FontWeight>.choice("weight", noun: "weight", default: .bold, "Title weight.")
        static let font = Key<String>.string("font", nonEmpty: true, default: Page.defaultFont,
                                             "Title font, as for text layers.")
        static let selector = KeySpec("selector", .object(SelectorKeys.spec.name), default: .json("{}"),
                                      "The selection bar at the bottom of the tab bar.")

        static let spec = ObjectSpec("tabs", "RKSwipeBetweenViewControllers' tab bar: N equal buttons and a selection "
                                     + "bar of width W/N at x = (W/N) · position.",
                                     keys: [titles, height.spec, background.spec, textColor.spec, fontSize.spec,
                                            weight.spec, font.spec, selector])
    }

    enum SelectorKeys {
        static let color = Key<Color>.color("color", default: "#00FF00", "Bar colour (RKSwipe's green).")
        static let alpha = Key<Double>.number("alpha", .fraction, default: 0.8,
                                              "Opacity, multiplied with the colour's own alpha.")
        static let height = Key<Double>.number("height", .positive, default: 4, "Bar height in points.")

        static let spec = ObjectSpec("selector", "RKSwipe's selection bar: width W/N, sliding one tab per page of "
                                     + "scroll.", keys: [color.spec, alpha.spec, height.spec])
    }

    enum IndicatorKeys {
        static let style = Key<Indicator.Style>.choice("style", noun: "indicator style", default: .dots,
                                                       "The indicator's style; `dots` is the only one.")
        static let color = Key<Color>.color("color", default: "#FFFFFF5A", "The other dots (white at 35%).")
        static let activeColor = Key<Color>.color("activeColor", default: "#FFFFFF",
                                                  "The current page's dot; neighbours blend between the two as the "
                                                  + "position moves.")
        static let size = Key<Double>.number("size", .positive, default: 8, "Dot diameter in points.")
        static let spacing = Key<Double>.number("spacing", .nonNegative, default: 8, "Gap between dots in points.")
        static let offset = Key<Double>.number("offset", default: 24,
                                               "From the viewport's bottom edge up to the dots' centre; negative puts "
                                               + "them below the viewport.")

        static let spec = ObjectSpec("indicator", "Page dots, centred across the viewport; a deck of more than 15 pages "
                                     + "shows 15 dots around the current page.",
                                     keys: [style.spec, color.spec, activeColor.spec, size.spec, spacing.spec,
                                            offset.spec])
    }
}
