// `pages`: a list of page objects or `{count, template}`, and what pages are made of.

extension DeckDecoder {
    static let pageKeys = ["background", "image", "fit", "title", "subtitle", "textColor", "markup", "layers"]
    static let layerKeys = ["image", "text", "x", "y", "width", "height", "fit", "opacity", "parallax"]
    /// Keys that only make sense on a text layer.
    static let textLayerKeys = ["size", "weight", "color", "align", "font", "lineHeight", "markup"]
    static let pageTemplateKeys = ["count", "template"]
    static let gradientKeys = ["from", "to", "angle"]
    static let parallaxKeys = ["x", "y"]

    static func readPages(_ r: inout JSONReader) -> PageList? {
        switch r.value.content {
        case .array(let items):
            if items.isEmpty {
                r.report("needs at least one page")
                return nil
            }
            if items.count > maxPages {
                r.report("\(items.count) pages is over the limit of \(maxPages)")
                return nil
            }
            return .list(r.elements { r, _ in readPage(&r, isTemplate: false) })
        case .object:
            guard r.expectObject(keys: pageTemplateKeys) else { return nil }
            _ = r.require("count")
            _ = r.require("template")
            let count = r.int("count", in: 1...maxPages)
            let page = r.member("template") { readPage(&$0, isTemplate: true) }
            guard let count, let page else { return nil }
            return .template(count: count, page: page)
        default:
            r.reportType(expected: "an array of pages or {\"count\", \"template\"}")
            return nil
        }
    }

    /// A page; always returns one (with defaults where the JSON is wrong) so the page count stays
    /// right for the checks that depend on it.
    static func readPage(_ r: inout JSONReader, isTemplate: Bool) -> Page {
        var page = Page()
        guard r.expectObject(keys: pageKeys) else { return page }
        page.background = r.member("background", readFill)
        page.image = r.member("image") { readText(&$0, isTemplate: isTemplate, nonEmpty: true) }
        page.fit = r.choice("fit", "fit") ?? page.fit
        page.title = r.member("title") { readText(&$0, isTemplate: isTemplate) }
        page.subtitle = r.member("subtitle") { readText(&$0, isTemplate: isTemplate) }
        page.textColor = r.color("textColor") ?? page.textColor
        page.markup = r.bool("markup") ?? page.markup
        page.layers = r.member("layers") { r in
            guard r.value.elements != nil else {
                r.reportType(expected: "an array of layers")
                return nil
            }
            return r.elements { r, _ in readLayer(&r, isTemplate: isTemplate) }
        } ?? []
        return page
    }

    /// A string that templates resolve; in a template, placeholders other than `{i}`, `{n}` and
    /// `{i%K}` are errors rather than text that silently stays as written.
    static func readText(_ r: inout JSONReader, isTemplate: Bool, nonEmpty: Bool = false) -> String? {
        guard let text = r.readString(nonEmpty: nonEmpty) else { return nil }
        if isTemplate {
            let unknown = PageTemplate.unknownPlaceholders(in: text)
            if !unknown.isEmpty {
                let noun = unknown.count == 1 ? "placeholder" : "placeholders"
                r.report("unknown \(noun) \(unknown.map(quoted).joined(separator: ", ")) (use {i}, {n} or {i%K})")
            }
        }
        return text
    }

    /// A colour, or a gradient `{from, to, angle}` (angle in degrees, 90 = top to bottom).
    static func readFill(_ r: inout JSONReader) -> Fill? {
        switch r.value.content {
        case .string:
            return r.readColor().map(Fill.color)
        case .object:
            guard r.expectObject(keys: gradientKeys) else { return nil }
            _ = r.require("from")
            _ = r.require("to")
            let from = r.color("from")
            let to = r.color("to")
            let angle = r.number("angle") ?? 90
            guard let from, let to else { return nil }
            return .gradient(from: from, to: to, angle: angle)
        default:
            r.reportType(expected: "a colour string or a gradient object")
            return nil
        }
    }

    /// An image or text layer. Text styling on an image layer is an error, not ignored, since it
    /// usually means the author meant a text layer.
    static func readLayer(_ r: inout JSONReader, isTemplate: Bool) -> Layer? {
        guard r.expectObject(keys: layerKeys + textLayerKeys) else { return nil }
        var content: Layer.Content?
        switch (r.has("image"), r.has("text")) {
        case (false, false):
            r.report("needs \"image\" or \"text\"")
        case (true, true):
            r.report("has both \"image\" and \"text\"; use one per layer")
        case (true, false):
            for key in textLayerKeys where r.has(key) {
                r.report("\(quoted(key)) applies to text layers only", key: key)
            }
            content = r.member("image") { readText(&$0, isTemplate: isTemplate, nonEmpty: true) }
                .map(Layer.Content.image)
        case (false, true):
            let text = r.member("text") { readText(&$0, isTemplate: isTemplate) }
            let style = readTextStyle(&r, string: text ?? "")
            if text != nil { content = .text(style) }
        }
        var layer = Layer(content: content ?? .text(TextStyle(string: "")))
        layer.x = r.number("x") ?? layer.x
        layer.y = r.number("y") ?? layer.y
        layer.width = r.number("width", .positive)
        layer.height = r.number("height", .positive)
        layer.fit = r.choice("fit", "fit") ?? layer.fit
        layer.opacity = r.number("opacity", .fraction) ?? layer.opacity
        layer.parallax = r.member("parallax", readParallax) ?? layer.parallax
        return content == nil ? nil : layer
    }

    private static func readTextStyle(_ r: inout JSONReader, string: String) -> TextStyle {
        var style = TextStyle(string: string)
        style.size = r.number("size", .positive(max: 1000)) ?? style.size
        style.weight = r.choice("weight", "weight") ?? style.weight
        style.color = r.color("color") ?? style.color
        style.align = r.choice("align", "alignment") ?? style.align
        style.font = r.string("font", nonEmpty: true) ?? style.font
        style.lineHeight = r.number("lineHeight", .positive) ?? style.lineHeight
        style.markup = r.bool("markup") ?? style.markup
        return style
    }

    static func readParallax(_ r: inout JSONReader) -> Parallax? {
        guard r.expectObject(keys: parallaxKeys) else { return nil }
        return Parallax(x: r.number("x") ?? 0, y: r.number("y") ?? 0)
    }
}
