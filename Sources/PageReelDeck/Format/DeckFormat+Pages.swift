// Pages and what they are made of: the shared look, templates, fills, layers.

extension DeckFormat {
    enum PageStyleKeys {
        static let cornerRadius = Key<Double>.number("cornerRadius", .nonNegative, default: 0,
                                                     "Corner radius of every page, in points.")
        static let shadow = KeySpec("shadow", .oneOf([.boolean, .object(ShadowKeys.spec.name)]), default: .json("false"),
                                    "A soft drop shadow under each page: `true` for the default shadow, `false` for "
                                    + "none, or a shadow object.")
        static let background = KeySpec("background", DeckFormat.fill, default: .json("\"#F4F5F7\""),
                                        "Background of the pages that give none: a colour or a gradient.")

        static let spec = ObjectSpec("pageStyle", "The look shared by every page.",
                                     keys: [cornerRadius.spec, shadow, background])
    }

    enum ShadowKeys {
        static let color = Key<Color>.color("color", default: "#00000073", "Shadow colour, with its alpha (black at 45%).")
        static let radius = Key<Double>.number("radius", .nonNegative, default: 24, "Blur radius in points.")
        static let offsetX = Key<Double>.number("offsetX", default: 0, "Horizontal offset in points.")
        static let offsetY = Key<Double>.number("offsetY", default: 12, "Vertical offset in points, positive down.")

        static let spec = ObjectSpec("shadow", "A soft drop shadow; `true` means this object with its defaults.",
                                     keys: [color.spec, radius.spec, offsetX.spec, offsetY.spec])
    }

    enum PageTemplateKeys {
        static let count = Key<Int>.integer("count", .limit(1...DeckDecoder.maxPages), required: true,
                                            "Number of pages.")
        static let template = KeySpec("template", .object(PageKeys.spec.name), required: true,
                                      "The page every index is made from; its strings may use `{i}`, `{n}` and `{i%K}`.")

        static let spec = ObjectSpec("pageTemplate", "MAGPagedScrollView's reusable data source: `count` pages made "
                                     + "from one template. Strings in the template may use {i} (0-based index), {n} "
                                     + "(1-based) and {i%K} (index modulo K, K ≥ 1); any other {…} is an error.",
                                     keys: [count.spec, template])
    }

    enum PageKeys {
        static let background = KeySpec("background", DeckFormat.fill, default: .described("`page.background`"),
                                        "The page's background: a colour or a gradient.")
        static let image = KeySpec("image", .string(nonEmpty: true),
                                   "An image covering the page: PNG or JPEG, at most 50 megapixels decoded, path "
                                   + "relative to the deck, shown as a browser shows it (colour profile, orientation).")
        static let video = KeySpec("video", DeckFormat.video,
                                   "A screen recording covering the page, drawn over `image`: a path, or a video object "
                                   + "saying which part of it plays, how fast and when.")
        static let fit = Key<Fit>.choice("fit", noun: "fit", default: .fill,
                                         "How `image` and `video` fill the page: `fill` crops to cover it, `fit` "
                                         + "letterboxes, `stretch` ignores the aspect ratio.")
        static let anchor = Key<Anchor>(spec: KeySpec("anchor", .choice(Anchor.allCases.map(\.rawValue)),
                                                      default: .described("`top` for a screenshot, else `center`"),
                                                      "What `fill` keeps of an image or recording taller than the "
                                                      + "page: its `top`, its `center` or its `bottom` (one wider "
                                                      + "than the page is cropped about its middle). A screenshot (an "
                                                      + "image the size of a model's screenshots, or any image in a "
                                                      + "`device`) keeps its top.")) { $0.readChoice("anchor") }
        static let statusBar = Key<Bool>(spec: KeySpec("statusBar", .boolean,
                                                       default: .described("unless the page brings its own"),
                                                       "Whether the device's status bar is drawn over this page. By "
                                                       + "default it is, unless the page shows a screenshot or "
                                                       + "recording (a picture of the screen's shape, or of a model's "
                                                       + "screen shape shown from its top), which has its own.")) {
            $0.readBool()
        }
        static let title = KeySpec("title", .text(nonEmpty: false),
                                   "Bold centred text, 8.5% of the page width in size: in the middle of a plain page, "
                                   + "in the lower part over a dark scrim when the page has an image.")
        static let subtitle = KeySpec("subtitle", .text(nonEmpty: false),
                                      "Text under the title, 5% of the page width, at 85% of the text colour's alpha.")
        static let textColor = Key<Color>.color("textColor", default: "#FFFFFF", "Colour of the title and subtitle.")
        static let markup = Key<Bool>.boolean("markup", default: false,
                                              "Title and subtitle are Pango markup (`<b>`, `<i>`, `<span color=\"…\">`).")
        static let caption = KeySpec("caption", .text(nonEmpty: false),
                                     "Text set above or below the device while this page is shown (see `captions`).")
        static let layers = KeySpec("layers", .array(.object(LayerKeys.spec.name)), default: .json("[]"),
                                    "Images and texts placed on the page, drawn in order.")

        static let spec = ObjectSpec("page", "One page, drawn in this order: background, image, video, title and "
                                     + "subtitle, layers.", keys: [background, image, video, fit.spec, anchor.spec, statusBar.spec, title,
                                                         subtitle, textColor.spec, markup.spec, caption, layers])
    }

    enum GradientKeys {
        static let from = Key<Color>.color("from", required: true, "Colour where the gradient starts.")
        static let to = Key<Color>.color("to", required: true, "Colour where it ends.")
        static let angle = Key<Double>.number("angle", default: 90,
                                              "Direction in degrees: 0 runs left to right, 90 top to bottom.")

        static let spec = ObjectSpec("gradient", "A linear gradient from one colour to another.",
                                     keys: [from.spec, to.spec, angle.spec])
    }

    enum LayerKeys {
        static let image = KeySpec("image", .string(nonEmpty: true),
                                   "Makes an image layer: PNG or JPEG, at most 50 megapixels, path relative to the deck.")
        static let video = KeySpec("video", DeckFormat.video,
                                   "Makes a recording layer, placed like an image (picture in picture): a path, or a "
                                   + "video object.")
        static let text = KeySpec("text", .text(nonEmpty: false),
                                  "Makes a text layer, in any language. Lines break at `\\n` and, with a `width`, where "
                                  + "Unicode allows (between words, between ideographs).")
        static let x = Key<Double>.number("x", default: 0, "Left edge in page points, before parallax.")
        static let y = Key<Double>.number("y", default: 0, "Top edge in page points, before parallax.")
        static let width = Key<Double>.number("width", .positive,
                                              "Box width. An image or recording without it keeps its displayed width "
                                              + "(after EXIF orientation or the recording's rotation); text without it "
                                              + "does not wrap.")
        static let height = Key<Double>.number("height", .positive,
                                               "Box height. An image or recording without it keeps its displayed height.")
        static let fit = Key<Fit>.choice("fit", noun: "fit", default: .fill,
                                         "How an image or recording fills its box (as for pages).")
        static let opacity = Key<Double>.number("opacity", .fraction, default: 1, "Opacity, 0 (invisible) to 1.")
        static let parallax = KeySpec("parallax", .object(ParallaxKeys.spec.name), default: .json("{}"),
                                      "MAGPagedScrollView's parallax: with progress p = trunc(100 · s) in [−100, 100] "
                                      + "(0 when the page is centred), the layer moves x · p points across and "
                                      + "y · |p| points down.")
        static let size = Key<Double>.number("size", .positive(max: 1000), default: 24, "Text size in points.")
        static let weight = Key<FontWeight>.choice("weight", noun: "weight", default: .regular, "Text weight.")
        static let color = Key<Color>.color("color", default: "#FFFFFF", "Text colour.")
        static let align = Key<TextAlign>.choice("align", noun: "alignment", default: .start,
                                                 "Alignment of the lines within `width` (or the widest line). `start` "
                                                 + "and `end` follow each paragraph's direction: `start` is the left for "
                                                 + "English, the right for Arabic or Hebrew.")
        static let font = Key<String>.string("font", nonEmpty: true, default: Page.defaultFont, DeckFormat.fontSummary)
        static let lineHeight = Key<Double>.number("lineHeight", .positive, default: 1.25,
                                                   "Line spacing as a multiple of the size.")
        static let markup = Key<Bool>.boolean("markup", default: false,
                                              "`text` is Pango markup: `<b>`, `<i>`, `<u>`, `<span color=\"…\">`; write "
                                              + "`&amp;`, `&lt;`, `&gt;` for `&`, `<`, `>`.")

        /// Keys that only make sense on a text layer.
        static let textOnly = [size.spec, weight.spec, color.spec, align.spec, font.spec, lineHeight.spec, markup.spec]

        static let spec = ObjectSpec(
            "layer",
            "An image layer (`image`), a recording layer (`video`) or a text layer (`text`), exactly one of them; the "
                + "text keys are for text layers only.",
            keys: [image, video, text, x.spec, y.spec, width.spec, height.spec, fit.spec, opacity.spec, parallax]
                + textOnly,
            alternatives: [.init(requires: image.name, forbids: [video.name, text.name] + textOnly.map(\.name)),
                           .init(requires: video.name, forbids: [image.name, text.name] + textOnly.map(\.name)),
                           .init(requires: text.name, forbids: [image.name, video.name])])
    }

    enum VideoKeys {
        static let volume = Key<Double>.number("volume", .fraction, default: 1,
                                               "Linear gain of the recording's own audio track, 0…1 (0 mutes it), "
                                               + "times its page's visibility.")
        static let file = Key<String>.string("file", nonEmpty: true, required: true,
                                             "The recording, relative to the deck: MP4/MOV, Matroska/WebM, AVI, "
                                             + "MPEG-TS, FLV, GIF or APNG with any codec FFmpeg decodes (H.264, HEVC, "
                                             + "VP9, AV1, ProRes), at most 50 megapixels a frame, shown upright and in "
                                             + "its colours (rotation, BT.601/BT.709, limited or full range); its audio "
                                             + "track plays with it (see `audio.recordings`). A playlist or list of "
                                             + "files is refused.")
        static let start = Key<Double>.number("start", .nonNegative, default: 0,
                                              "Seconds into the file where the clip begins; before the file's end.")
        static let end = Key<Double>(spec: KeySpec("end", .number(.positive), default: .described("the file's end"),
                                                   "Seconds into the file where the clip ends, after `start`; the "
                                                   + "file's end when later.")) { $0.readNumber(.positive) }
        static let loop = Key<Bool>.boolean("loop", default: false,
                                            "Past `end` the clip starts over at `start`; otherwise it holds its last "
                                            + "frame.")
        static let rate = Key<Double>.number("rate", .positive(max: 100), default: 1,
                                             "Playback speed: 2 plays twice as fast, 0.5 at half speed.")
        static let play = Key<Video.Play>.choice("play", noun: "play mode", default: .always,
                                                 "`always`: at deck time t the clip is at `start + rate · t`. "
                                                 + "`onAppear`: the clip starts from `start` each time its page becomes "
                                                 + "the current page (the page nearest the viewport), and shows its "
                                                 + "first frame before that.")
        static let fit = Key<Fit>(spec: KeySpec("fit", .choice(Fit.allCases.map(\.rawValue)),
                                                default: .described("the page's or layer's `fit`"),
                                                "How the recording fills its box: `fill`, `fit` or `stretch`, as for "
                                                + "images.")) { $0.readChoice("fit") }

        static let spec = ObjectSpec("video", "A screen recording placed on the deck's timeline as a video editor "
                                     + "places a clip; a bare path means this object with only `file`. Output frame n "
                                     + "shows the recording's frame whose time span contains the clip's time at n.",
                                     keys: [file.spec, start.spec, end.spec, loop.spec, rate.spec, play.spec, fit.spec,
                                            volume.spec])
    }

    enum ParallaxKeys {
        static let x = Key<Double>.number("x", default: 0, "Moved x · p points horizontally.")
        static let y = Key<Double>.number("y", default: 0, "Moved y · |p| points vertically.")

        static let spec = ObjectSpec("parallax", "Points moved per unit of parallax progress p in [−100, 100]; "
                                     + "MAGPagedScrollView's demo uses −1 for an image and −4 for details.",
                                     keys: [x.spec, y.spec])
    }
}
