// The deck format as a JSON Schema, for editors and for checking decks without pagereel.
//
// Design note: the schema is written out by hand rather than generated from the decoder, so that it
// reads as documentation (every property has a description and, where one exists, its default) and
// `pagereel schema` prints the same bytes on every run. `DeckDecoder` stays the authority on what a
// deck means; `DeckSchemaTests` holds the two together: the same keys for every object, the same
// enums, limits that the decoder and the schema draw at the same numbers, defaults that change
// nothing when written out, and the sample decks valid under both. Rules that span several values
// (tab titles = page count, jump and tap targets, the viewport inside the canvas) are only named in
// descriptions; the decoder checks them.

/// The JSON Schema (draft 2020-12) of deck format version 1, exactly as `DeckDecoder` accepts it.
///
/// An editor given this schema (VS Code's `json.schemas`) completes keys, shows what each one does
/// and its default, and flags typos, wrong types, bad colours and out-of-range numbers while the
/// deck is typed, before pagereel ever runs; CI can check decks with any JSON Schema validator.
public enum DeckSchema {
    /// The schema, pretty-printed, without a trailing newline.
    public static let json = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://pagereel.dev/schema/deck-1.json",
      "title": "pagereel deck, format version 1",
      "description": "A pagereel deck: pages, how they look and move, and a scripted gesture timeline, rendered by `pagereel export` into a demo video of a paged horizontal scroll view. Units are points, one point per canvas pixel. Paths are relative to the deck file. Unknown keys are errors. Rules that span several values are checked by `pagereel validate` and named in the descriptions: tab titles match the page count, jump and tap targets exist, the viewport fits the canvas, text styling appears on text layers only, `at` times never go back, and the video stays within 600 s.",
      "type": "object",
      "required": ["pages"],
      "additionalProperties": false,
      "properties": {
        "pagereel": {
          "description": "Format version. Only 1 exists; a deck without it is read as version 1.",
          "const": 1,
          "default": 1
        },
        "canvas": {
          "description": "The output frame: size in pixels, frame rate and the colour behind the pages.",
          "$ref": "#/$defs/canvas",
          "default": {}
        },
        "viewport": {
          "description": "The scroll view's frame on the canvas; every page is the viewport's size (MAGPagedScrollView: a page is as wide as the scroll view). Without it: a centred page 80% of the canvas height tall, 9:16 on a landscape canvas and 80% of the canvas width otherwise.",
          "$ref": "#/$defs/viewport"
        },
        "clip": {
          "description": "Draws pages only inside the viewport, as UIScrollView's clipsToBounds does. MAGPagedScrollView turns it off, so by default neighbouring pages show beside the viewport.",
          "type": "boolean",
          "default": false
        },
        "transition": {
          "description": "How pages move as they scroll: a named transition or MAGPagedScrollView's custom object. `pagereel export --transition NAME` overrides it.",
          "$ref": "#/$defs/transition",
          "default": "none"
        },
        "perspective": {
          "description": "Eye distance in points, adding m34 = -1/perspective about the viewport centre. Applies to none, slide, dive, roll and cards (0 = orthographic, as MAGPagedScrollView renders) and replaces coverflow's and cube's 500; fold, depth, zoom and custom transitions ignore it.",
          "type": "number",
          "minimum": 0,
          "default": 0
        },
        "fold": {
          "description": "Options of the PaperFoldGallery fold transition.",
          "$ref": "#/$defs/fold",
          "default": {}
        },
        "page": {
          "description": "The look shared by every page: corner radius, shadow and the background of pages that give none.",
          "$ref": "#/$defs/pageStyle",
          "default": {}
        },
        "pages": {
          "description": "The pages in scroll order: a list of 1 to 1,000,000 pages, or {count, template} for MAGPagedScrollView's reusable data source (memory does not grow with the count).",
          "oneOf": [
            { "type": "array", "items": { "$ref": "#/$defs/page" }, "minItems": 1, "maxItems": 1000000 },
            { "$ref": "#/$defs/pageTemplate" }
          ]
        },
        "tabs": {
          "description": "RKSwipeBetweenViewControllers' tab bar across the top of the viewport: one equal button per page and a selection bar of width W/N at x = (W/N)·position. Without it there is no tab bar.",
          "$ref": "#/$defs/tabs"
        },
        "indicator": {
          "description": "Page dots near the bottom of the viewport whose highlight follows the scroll position: \"dots\" for the defaults, or an object to style them. Without it there are no dots.",
          "oneOf": [{ "$ref": "#/$defs/indicatorStyle" }, { "$ref": "#/$defs/indicator" }]
        },
        "touches": {
          "description": "Draws a translucent finger mark where the script drags and taps.",
          "type": "boolean",
          "default": false
        },
        "physics": {
          "description": "Scroll physics after a release: paging, deceleration, snap spring, rubber band. The defaults are iOS's.",
          "$ref": "#/$defs/physics",
          "default": {}
        },
        "script": {
          "description": "The gestures, run one after another: each step starts when the previous one has settled, unless it gives `at`.",
          "type": "array",
          "items": { "$ref": "#/$defs/step" },
          "default": []
        },
        "tail": {
          "description": "Seconds of stillness after the script settles; the script and the tail together must stay within 600 s.",
          "type": "number",
          "minimum": 0,
          "default": 0.5
        },
        "duration": {
          "description": "A fixed video length in seconds, instead of the script's length plus `tail`; a longer script is cut. Without it the video ends `tail` seconds after the script settles.",
          "type": "number",
          "exclusiveMinimum": 0,
          "maximum": 600
        },
        "fonts": {
          "description": "Font files (.ttf, .otf, .ttc) or folders of them, relative to the deck, whose families text may then name: the deck renders the same on every machine. A family that is neither installed nor here is an error.",
          "type": "array",
          "items": { "type": "string", "minLength": 1 },
          "default": []
        }
      },
      "$defs": {
        "color": {
          "description": "An sRGB colour: #RGB, #RRGGBB or #RRGGBBAA (alpha last, not premultiplied); hex digits in either case.",
          "type": "string",
          "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
        },
        "fill": {
          "description": "A colour, or a linear gradient {from, to, angle}.",
          "oneOf": [{ "$ref": "#/$defs/color" }, { "$ref": "#/$defs/gradient" }]
        },
        "gradient": {
          "description": "A linear gradient from one colour to another.",
          "type": "object",
          "required": ["from", "to"],
          "additionalProperties": false,
          "properties": {
            "from": { "description": "The colour where the gradient starts.", "$ref": "#/$defs/color" },
            "to": { "description": "The colour where the gradient ends.", "$ref": "#/$defs/color" },
            "angle": {
              "description": "Direction in degrees: 0 runs left to right, 90 top to bottom.",
              "type": "number",
              "default": 90
            }
          }
        },
        "fit": {
          "description": "How an image fills its box: fill crops to cover it, fit letterboxes inside it, stretch ignores the aspect ratio.",
          "enum": ["fill", "fit", "stretch"]
        },
        "weight": { "description": "Font weight, looked up through fontconfig.", "enum": ["regular", "bold"] },
        "canvas": {
          "description": "The output frame. One point is one canvas pixel; `pagereel export --size` scales the whole deck.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "width": {
              "description": "Width in pixels.",
              "type": "integer",
              "minimum": 16,
              "maximum": 7680,
              "default": 1280
            },
            "height": {
              "description": "Height in pixels.",
              "type": "integer",
              "minimum": 16,
              "maximum": 4320,
              "default": 720
            },
            "fps": {
              "description": "Frames per second. The timeline is sampled at frame times, so the motion is the same at any rate.",
              "type": "integer",
              "minimum": 1,
              "maximum": 120,
              "default": 30
            },
            "background": { "description": "The colour behind everything.", "$ref": "#/$defs/color", "default": "#101418" }
          }
        },
        "viewport": {
          "description": "The scroll view's frame in canvas points. Neighbouring pages may show outside it (MAGPagedScrollView turns clipping off).",
          "type": "object",
          "required": ["width", "height"],
          "additionalProperties": false,
          "properties": {
            "x": { "description": "Left edge. Without it the viewport is centred horizontally.", "type": "number" },
            "y": { "description": "Top edge. Without it the viewport is centred vertically.", "type": "number" },
            "width": {
              "description": "Width, the page width W; at most the canvas width.",
              "type": "number",
              "exclusiveMinimum": 0
            },
            "height": {
              "description": "Height, the page height; at most the canvas height.",
              "type": "number",
              "exclusiveMinimum": 0
            }
          }
        },
        "transition": {
          "description": "A transition name, or a custom MAGPagedScrollView transition object.",
          "oneOf": [{ "$ref": "#/$defs/transitionName" }, { "$ref": "#/$defs/customTransition" }]
        },
        "transitionName": {
          "description": "none, slide, dive, roll, cards: MAGPagedScrollView's presets. fold: PaperFoldGallery's accordion. coverflow: iCarousel's CoverFlow. cube: faces of a turning cube. depth, zoom: Android ViewPager2's DepthPageTransformer and ZoomOutPageTransformer.",
          "enum": ["none", "slide", "dive", "roll", "cards", "fold", "coverflow", "cube", "depth", "zoom"]
        },
        "customTransition": {
          "description": "MAGPagedScrollView's transition properties. For a page at s pages from the centre: rotated by 100·s·angleRatio degrees about `rotation` through the page centre, then moved by (W·dx·s, W·dy·|s|).",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "angleRatio": {
              "description": "Degrees of rotation per percent of a page away from the centre (the presets use 0.5).",
              "type": "number",
              "default": 0
            },
            "translation": {
              "description": "[dx, dy]: shift per page of distance as a fraction of the page width, x by s and y by |s|.",
              "type": "array",
              "items": { "type": "number" },
              "minItems": 2,
              "maxItems": 2,
              "default": [0, 0]
            },
            "rotation": {
              "description": "[x, y, z]: the rotation axis, normalised when used; [0, 0, 0] turns nothing.",
              "type": "array",
              "items": { "type": "number" },
              "minItems": 3,
              "maxItems": 3,
              "default": [0, 0, 0]
            },
            "perspective": {
              "description": "Eye distance in points (m34 = -1/perspective about the viewport centre); 0 = orthographic, as MAGPagedScrollView renders.",
              "type": "number",
              "minimum": 0,
              "default": 0
            }
          }
        },
        "fold": {
          "description": "PaperFoldGallery's fold: the next page unfolds from the right edge as an accordion of strips.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "folds": {
              "description": "Number of accordion strips, each two hinged halves.",
              "type": "integer",
              "minimum": 1,
              "maximum": 32,
              "default": 5
            }
          }
        },
        "pageStyle": {
          "description": "The look shared by every page.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "cornerRadius": {
              "description": "Corner radius of every page, in points.",
              "type": "number",
              "minimum": 0,
              "default": 0
            },
            "shadow": {
              "description": "A soft drop shadow under each page: true for the default shadow, false for none, or an object.",
              "oneOf": [{ "type": "boolean" }, { "$ref": "#/$defs/shadow" }],
              "default": false
            },
            "background": {
              "description": "Background of the pages that give none.",
              "$ref": "#/$defs/fill",
              "default": "#F4F5F7"
            }
          }
        },
        "shadow": {
          "description": "A soft drop shadow; `true` means this object with its defaults.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "color": { "description": "Shadow colour, with its alpha.", "$ref": "#/$defs/color", "default": "#00000073" },
            "radius": { "description": "Blur radius in points.", "type": "number", "minimum": 0, "default": 24 },
            "offsetX": { "description": "Horizontal offset in points.", "type": "number", "default": 0 },
            "offsetY": { "description": "Vertical offset in points (positive is down).", "type": "number", "default": 12 }
          }
        },
        "pageTemplate": {
          "description": "MAGPagedScrollView's reusable data source: `count` pages made from one template, resolved per page. Strings in the template may use {i} (0-based index), {n} (1-based) and {i%K} (index modulo K, K >= 1); any other {...} is an error.",
          "type": "object",
          "required": ["count", "template"],
          "additionalProperties": false,
          "properties": {
            "count": { "description": "Number of pages.", "type": "integer", "minimum": 1, "maximum": 1000000 },
            "template": {
              "description": "The page every index is made from; its strings may use {i}, {n} and {i%K}.",
              "$ref": "#/$defs/page"
            }
          }
        },
        "page": {
          "description": "One page, drawn in this order: background, image, title and subtitle, layers.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "background": {
              "description": "A colour or gradient. Without it the page uses `page.background`.",
              "$ref": "#/$defs/fill"
            },
            "image": {
              "description": "An image covering the page (PNG or JPEG, at most 50 megapixels), path relative to the deck. Without it there is none.",
              "type": "string",
              "minLength": 1
            },
            "fit": { "description": "How `image` fills the page.", "$ref": "#/$defs/fit", "default": "fill" },
            "title": {
              "description": "Large bold centred text: in the middle of the page, or over a dark scrim in its lower part when the page has an image. Without it there is none.",
              "type": "string"
            },
            "subtitle": { "description": "Smaller text under the title. Without it there is none.", "type": "string" },
            "textColor": {
              "description": "Colour of the title and subtitle (the subtitle at 85% of its alpha).",
              "$ref": "#/$defs/color",
              "default": "#FFFFFF"
            },
            "markup": {
              "description": "Whether the title and subtitle are Pango markup: <b>, <i>, <u>, <s>, <sub>, <sup>, <small>, <big>, <tt>, <span color=\"#…\" font_weight=\"…\" …>; & < > written &amp; &lt; &gt;.",
              "type": "boolean",
              "default": false
            },
            "layers": {
              "description": "Images and texts placed on the page, drawn in order, moved by MAGPagedScrollView's parallax progress.",
              "type": "array",
              "items": { "$ref": "#/$defs/layer" },
              "default": []
            }
          }
        },
        "layer": {
          "description": "An image layer (`image`) or a text layer (`text`), exactly one of them. size, weight, color, align, font, lineHeight and markup are for text layers only.",
          "type": "object",
          "additionalProperties": false,
          "oneOf": [
            {
              "required": ["image"],
              "not": {
                "anyOf": [
                  { "required": ["text"] },
                  { "required": ["size"] },
                  { "required": ["weight"] },
                  { "required": ["color"] },
                  { "required": ["align"] },
                  { "required": ["font"] },
                  { "required": ["lineHeight"] },
                  { "required": ["markup"] }
                ]
              }
            },
            { "required": ["text"], "not": { "required": ["image"] } }
          ],
          "properties": {
            "image": {
              "description": "Makes an image layer: PNG or JPEG (at most 50 megapixels), path relative to the deck.",
              "type": "string",
              "minLength": 1
            },
            "text": { "description": "Makes a text layer: the text, wrapped to `width` if given.", "type": "string" },
            "x": { "description": "Left edge in page points, before parallax.", "type": "number", "default": 0 },
            "y": { "description": "Top edge in page points, before parallax.", "type": "number", "default": 0 },
            "width": {
              "description": "Box width in points. Without it an image keeps its own width and text does not wrap.",
              "type": "number",
              "exclusiveMinimum": 0
            },
            "height": {
              "description": "Box height in points. Without it an image keeps its own height.",
              "type": "number",
              "exclusiveMinimum": 0
            },
            "fit": { "description": "How an image fills its box.", "$ref": "#/$defs/fit", "default": "fill" },
            "opacity": {
              "description": "Opacity from 0 (invisible) to 1.",
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 1
            },
            "parallax": {
              "description": "MAGPagedScrollView's parallax: with progress p = trunc(100·s) in [-100, 100] (0 when the page is centred), the layer moves x·p points across and y·|p| points down.",
              "$ref": "#/$defs/parallax",
              "default": {}
            },
            "size": {
              "description": "Text size in points.",
              "type": "number",
              "exclusiveMinimum": 0,
              "maximum": 1000,
              "default": 24
            },
            "weight": { "description": "Text weight.", "$ref": "#/$defs/weight", "default": "regular" },
            "color": { "description": "Text colour.", "$ref": "#/$defs/color", "default": "#FFFFFF" },
            "align": {
              "description": "Horizontal alignment of the lines within `width` (or the widest line): start and end follow each paragraph's direction (start is right for Arabic and Hebrew), left, center and right do not.",
              "enum": ["start", "end", "left", "center", "right"],
              "default": "start"
            },
            "font": {
              "description": "An installed font family or one of the deck's `fonts` (a comma-separated list falls back in order, as in CSS), or a path to a .ttf, .otf or .ttc file relative to the deck. A family that is not installed is an error. Characters the font lacks come from other installed fonts.",
              "type": "string",
              "minLength": 1,
              "default": "DejaVu Sans"
            },
            "lineHeight": {
              "description": "Line spacing as a multiple of the size.",
              "type": "number",
              "exclusiveMinimum": 0,
              "default": 1.25
            },
            "markup": {
              "description": "Whether `text` is Pango markup: <b>, <i>, <u>, <span color=\"#…\">…; & < > written &amp; &lt; &gt;.",
              "type": "boolean",
              "default": false
            }
          }
        },
        "parallax": {
          "description": "Points moved per unit of parallax progress p in [-100, 100]; MAGPagedScrollView's demo uses -1 for an image and -4 for details.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "x": { "description": "Moved x·p points horizontally.", "type": "number", "default": 0 },
            "y": { "description": "Moved y·|p| points vertically.", "type": "number", "default": 0 }
          }
        },
        "tabs": {
          "description": "RKSwipeBetweenViewControllers' tab bar.",
          "type": "object",
          "required": ["titles"],
          "additionalProperties": false,
          "properties": {
            "titles": {
              "description": "One title per page: as many titles as pages.",
              "type": "array",
              "items": { "type": "string" },
              "minItems": 1
            },
            "height": { "description": "Bar height in points.", "type": "number", "exclusiveMinimum": 0, "default": 44 },
            "background": {
              "description": "Bar colour (RKSwipe's navigation bar tint, RGB 0.01, 0.05, 0.06).",
              "$ref": "#/$defs/color",
              "default": "#030D0F"
            },
            "textColor": { "description": "Colour of the titles.", "$ref": "#/$defs/color", "default": "#FFFFFF" },
            "fontSize": { "description": "Title size in points.", "type": "number", "exclusiveMinimum": 0, "default": 15 },
            "weight": { "description": "Title weight.", "$ref": "#/$defs/weight", "default": "bold" },
            "font": {
              "description": "An installed font family or one of the deck's `fonts`, or a path to a font file relative to the deck.",
              "type": "string",
              "minLength": 1,
              "default": "DejaVu Sans"
            },
            "selector": {
              "description": "The selection bar at the bottom of the tab bar.",
              "$ref": "#/$defs/selector",
              "default": {}
            }
          }
        },
        "selector": {
          "description": "RKSwipe's selection bar: width W/N, sliding one tab per page of scroll.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "color": { "description": "Bar colour (RKSwipe's green).", "$ref": "#/$defs/color", "default": "#00FF00" },
            "alpha": {
              "description": "Opacity, multiplied with the colour's own alpha.",
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 0.8
            },
            "height": { "description": "Bar height in points.", "type": "number", "exclusiveMinimum": 0, "default": 4 }
          }
        },
        "indicatorStyle": { "description": "The indicator's style; dots is the only one.", "enum": ["dots"] },
        "indicator": {
          "description": "Page dots, centred across the viewport; decks of more than 15 pages show 15 dots around the current page.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "style": { "description": "The indicator's style.", "$ref": "#/$defs/indicatorStyle", "default": "dots" },
            "color": { "description": "Colour of the other dots.", "$ref": "#/$defs/color", "default": "#FFFFFF5A" },
            "activeColor": {
              "description": "Colour of the current page's dot; neighbours blend between the two as the position moves.",
              "$ref": "#/$defs/color",
              "default": "#FFFFFF"
            },
            "size": { "description": "Dot diameter in points.", "type": "number", "exclusiveMinimum": 0, "default": 8 },
            "spacing": { "description": "Gap between dots in points.", "type": "number", "minimum": 0, "default": 8 },
            "offset": {
              "description": "Distance from the viewport's bottom edge up to the dots' centre, in points; negative puts them below the viewport.",
              "type": "number",
              "default": 24
            }
          }
        },
        "physics": {
          "description": "Scroll physics (iOS's by default).",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "paging": {
              "description": "Snap to a page after every release (UIScrollView.isPagingEnabled); false glides freely and stops anywhere.",
              "type": "boolean",
              "default": true
            },
            "deceleration": {
              "description": "Velocity factor per millisecond of a free glide (paging false): normal 0.998 or fast 0.99 (UIScrollView.DecelerationRate), or a number between 0 and 1.",
              "oneOf": [{ "enum": ["normal", "fast"] }, { "type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1 }],
              "default": "normal"
            },
            "flingVelocity": {
              "description": "Release speed in pt/s from which a release goes on to the next page in its direction rather than the nearest page (Flutter's iOS physics).",
              "type": "number",
              "minimum": 0,
              "default": 100
            },
            "snap": {
              "description": "The spring that snaps to a page, carrying the release velocity.",
              "$ref": "#/$defs/spring",
              "default": {}
            },
            "rubberBand": {
              "description": "UIScrollView's rubber-band constant c: a finger x points past an end shows x·W·c/(W + c·x).",
              "type": "number",
              "exclusiveMinimum": 0,
              "maximum": 1,
              "default": 0.55
            },
            "bounces": {
              "description": "Rubber band past the first and last page; false clamps instead.",
              "type": "boolean",
              "default": true
            }
          }
        },
        "spring": {
          "description": "A spring in UISpringTimingParameters' design terms: mass 1, stiffness (2π/response)², damping 4π·dampingRatio/response. Settled within 0.5 pt and 1 pt/s of the page.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "response": {
              "description": "Seconds for one undamped oscillation.",
              "type": "number",
              "exclusiveMinimum": 0,
              "default": 0.35
            },
            "dampingRatio": {
              "description": "1 is critically damped (no overshoot), less bounces, more is sluggish.",
              "type": "number",
              "exclusiveMinimum": 0,
              "default": 1
            }
          }
        },
        "step": {
          "description": "One gesture: exactly one action key (wait, drag, swipe, fling, jump, tap, hint or transition) and an optional `at`.",
          "type": "object",
          "additionalProperties": false,
          "oneOf": [
            { "required": ["wait"] },
            { "required": ["drag"] },
            { "required": ["swipe"] },
            { "required": ["fling"] },
            { "required": ["jump"] },
            { "required": ["tap"] },
            { "required": ["hint"] },
            { "required": ["transition"] }
          ],
          "properties": {
            "at": {
              "description": "Start time in seconds from the start of the video. Without it the step starts when the previous one has settled. Earlier than that, it interrupts the motion (a finger catching a moving scroll view); later, the scroll view waits. Never earlier than the previous step's start.",
              "type": "number",
              "minimum": 0
            },
            "wait": { "description": "Stay still for this many seconds.", "type": "number", "minimum": 0 },
            "drag": {
              "description": "The finger moves the content by a number of pages, then releases it.",
              "$ref": "#/$defs/drag"
            },
            "swipe": {
              "description": "A quick human swipe toward the next or the previous page: a drag of 0.35 page in 0.18 s, then a release with the finger's velocity.",
              "enum": ["next", "prev"]
            },
            "fling": {
              "description": "Releases the content at its current position with a velocity; lifts a held finger.",
              "$ref": "#/$defs/fling"
            },
            "jump": {
              "description": "An animated page change: through every page in between (RKSwipeBetweenViewControllers) or straight there (MAGPagedScrollView goToPage, PaperFold setPageNumber:animated:).",
              "$ref": "#/$defs/jump"
            },
            "tap": {
              "description": "A touch on a tab of the tab bar for 0.12 s, then a walk through every page to the tab's page. Needs `tabs`.",
              "$ref": "#/$defs/tap"
            },
            "hint": {
              "description": "PaperFoldGallery's bounce hint: the content moves by `distance` and back.",
              "$ref": "#/$defs/hint"
            },
            "transition": {
              "description": "Switches the transition from this moment on, with the same values as the top-level `transition`. Takes no time.",
              "$ref": "#/$defs/transition"
            }
          }
        },
        "drag": {
          "description": "A finger drag. The content follows the finger 1:1, rubber-banded past the ends. On release it snaps to the next page in the direction of a release faster than `physics.flingVelocity`, else to the nearest page, never more than one page from where the touch began (or glides, with paging off).",
          "type": "object",
          "required": ["by", "duration"],
          "additionalProperties": false,
          "properties": {
            "by": {
              "description": "Pages the finger moves the content; positive toward the next page.",
              "type": "number",
              "minimum": -1000,
              "maximum": 1000
            },
            "duration": { "description": "Seconds the move takes.", "type": "number", "exclusiveMinimum": 0 },
            "curve": {
              "description": "Timing of the move: linear, or cubic easeIn, easeOut, easeInOut.",
              "enum": ["linear", "easeIn", "easeOut", "easeInOut"],
              "default": "linear"
            },
            "velocity": {
              "description": "Release velocity in pt/s, positive toward the next page. Without it the finger's own final velocity (distance · curve slope at the end / duration).",
              "type": "number"
            },
            "release": {
              "description": "false keeps the finger down after the move; the next step that moves the content lifts it.",
              "type": "boolean",
              "default": true
            }
          }
        },
        "fling": {
          "description": "A release with a velocity.",
          "type": "object",
          "required": ["velocity"],
          "additionalProperties": false,
          "properties": {
            "velocity": {
              "description": "Velocity in pt/s, positive toward the next page. From rest, a paging scroll view moves at most one page.",
              "type": "number"
            }
          }
        },
        "jump": {
          "description": "An animated page change with ease-in-out moves.",
          "type": "object",
          "required": ["to"],
          "additionalProperties": false,
          "properties": {
            "to": { "description": "Target page, 0-based; must be a page of the deck.", "type": "integer", "minimum": 0 },
            "through": {
              "description": "true walks through every page in between, one move of `step` seconds per page (RKSwipeBetweenViewControllers); false goes straight there in `duration` seconds.",
              "type": "boolean",
              "default": true
            },
            "step": {
              "description": "Seconds per page when walking through.",
              "type": "number",
              "exclusiveMinimum": 0,
              "default": 0.3
            },
            "duration": {
              "description": "Seconds of a direct jump (through false).",
              "type": "number",
              "exclusiveMinimum": 0,
              "default": 0.35
            }
          }
        },
        "tap": {
          "description": "A tap on the tab bar.",
          "type": "object",
          "required": ["tab"],
          "additionalProperties": false,
          "properties": {
            "tab": { "description": "Tab index, 0-based; must be a tab of `tabs`.", "type": "integer", "minimum": 0 }
          }
        },
        "hint": {
          "description": "PaperFoldGallery's bounce: two ease-in-out moves, out by `distance` and back, rubber-banded past an end.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "distance": {
              "description": "Points to move, positive toward the next page; not 0.",
              "type": "number",
              "not": { "const": 0 },
              "default": 30
            },
            "duration": {
              "description": "Seconds of each of the two moves.",
              "type": "number",
              "exclusiveMinimum": 0,
              "default": 0.3
            }
          }
        }
      }
    }
    """#
}
