// `pages`: a list of page objects or `{count, template}`, and what pages are made of.

extension DeckDecoder {
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
            typealias K = DeckFormat.PageTemplateKeys
            guard r.expectObject(K.spec) else { return nil }
            let count = r.read(K.count)
            let page = r.member(K.template.name) { readPage(&$0, isTemplate: true) }
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
        typealias K = DeckFormat.PageKeys
        var page = Page()
        guard r.expectObject(K.spec) else { return page }
        page.background = r.member(K.background.name, readFill)
        page.image = r.member(K.image.name) { readText(&$0, isTemplate: isTemplate, nonEmpty: true) }
        page.fit = r.read(K.fit) ?? page.fit
        page.title = r.member(K.title.name) { readText(&$0, isTemplate: isTemplate) }
        page.subtitle = r.member(K.subtitle.name) { readText(&$0, isTemplate: isTemplate) }
        page.textColor = r.read(K.textColor) ?? page.textColor
        page.markup = r.read(K.markup) ?? page.markup
        page.caption = r.member(K.caption.name) { readText(&$0, isTemplate: isTemplate) }
        page.layers = r.member(K.layers.name) { r in
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
            typealias K = DeckFormat.GradientKeys
            guard r.expectObject(K.spec) else { return nil }
            let from = r.read(K.from)
            let to = r.read(K.to)
            let angle = r.read(K.angle) ?? 90
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
        typealias K = DeckFormat.LayerKeys
        guard r.expectObject(K.spec) else { return nil }
        var content: Layer.Content?
        switch (r.has(K.image.name), r.has(K.text.name)) {
        case (false, false):
            r.report("needs \"image\" or \"text\"")
        case (true, true):
            r.report("has both \"image\" and \"text\"; use one per layer")
        case (true, false):
            for key in K.textOnly where r.has(key.name) {
                r.report("\(quoted(key.name)) applies to text layers only", key: key.name)
            }
            content = r.member(K.image.name) { readText(&$0, isTemplate: isTemplate, nonEmpty: true) }
                .map(Layer.Content.image)
        case (false, true):
            let text = r.member(K.text.name) { readText(&$0, isTemplate: isTemplate) }
            let style = readTextStyle(&r, string: text ?? "")
            if text != nil { content = .text(style) }
        }
        var layer = Layer(content: content ?? .text(TextStyle(string: "")))
        layer.x = r.read(K.x) ?? layer.x
        layer.y = r.read(K.y) ?? layer.y
        layer.width = r.read(K.width)
        layer.height = r.read(K.height)
        layer.fit = r.read(K.fit) ?? layer.fit
        layer.opacity = r.read(K.opacity) ?? layer.opacity
        layer.parallax = r.member(K.parallax.name, readParallax) ?? layer.parallax
        return content == nil ? nil : layer
    }

    private static func readTextStyle(_ r: inout JSONReader, string: String) -> TextStyle {
        typealias K = DeckFormat.LayerKeys
        var style = TextStyle(string: string)
        style.size = r.read(K.size) ?? style.size
        style.weight = r.read(K.weight) ?? style.weight
        style.color = r.read(K.color) ?? style.color
        style.align = r.read(K.align) ?? style.align
        style.font = r.read(K.font) ?? style.font
        style.lineHeight = r.read(K.lineHeight) ?? style.lineHeight
        style.markup = r.read(K.markup) ?? style.markup
        return style
    }

    static func readParallax(_ r: inout JSONReader) -> Parallax? {
        typealias K = DeckFormat.ParallaxKeys
        guard r.expectObject(K.spec) else { return nil }
        return Parallax(x: r.read(K.x) ?? 0, y: r.read(K.y) ?? 0)
    }
}
