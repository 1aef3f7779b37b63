import PageReelJSON

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
        page.image = r.member(K.image.name) { readPath(&$0, isTemplate: isTemplate) }
        page.video = r.member(K.video.name) { readVideo(&$0, isTemplate: isTemplate) }
        page.fit = r.read(K.fit) ?? page.fit
        page.anchor = r.read(K.anchor)
        page.statusBar = r.read(K.statusBar)
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
        guard let text = readLocalized(&r, nonEmpty: nonEmpty) else { return nil }
        return checkPlaceholders(&r, text, isTemplate: isTemplate)
    }

    /// A file's path (`readPath`), with the placeholders of a template checked.
    static func readPath(_ r: inout JSONReader, isTemplate: Bool) -> String? {
        guard let path = readPath(&r) else { return nil }
        return checkPlaceholders(&r, path, isTemplate: isTemplate)
    }

    private static func checkPlaceholders(_ r: inout JSONReader, _ text: String, isTemplate: Bool) -> String {
        if isTemplate {
            let unknown = PageTemplate.unknownPlaceholders(in: text)
            if !unknown.isEmpty {
                let noun = unknown.count == 1 ? "placeholder" : "placeholders"
                r.report("unknown \(noun) \(unknown.map(MessageText.quoted).joined(separator: ", ")) (use {i}, {n} or {i%K})")
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

    /// An image, recording or text layer. Text styling on another kind of layer is an error, not
    /// ignored, since it usually means the author meant a text layer.
    static func readLayer(_ r: inout JSONReader, isTemplate: Bool) -> Layer? {
        typealias K = DeckFormat.LayerKeys
        guard r.expectObject(K.spec) else { return nil }
        let kinds = [K.image.name, K.video.name, K.text.name].filter { r.has($0) }
        var content: Layer.Content?
        switch kinds.first {
        case nil:
            r.report("needs \"image\", \"video\" or \"text\"")
        case _ where kinds.count > 1:
            r.report("has both \(kinds.prefix(2).map(MessageText.quoted).joined(separator: " and ")); use one per layer")
        case K.text.name:
            let text = r.member(K.text.name) { readText(&$0, isTemplate: isTemplate) }
            let style = readTextStyle(&r, string: text ?? "")
            if text != nil { content = .text(style) }
        case let kind?:
            for key in K.textOnly where r.has(key.name) {
                r.report("\(MessageText.quoted(key.name)) applies to text layers only", key: key.name)
            }
            content = kind == K.image.name
                ? r.member(K.image.name) { readPath(&$0, isTemplate: isTemplate) }.map(Layer.Content.image)
                : r.member(K.video.name) { readVideo(&$0, isTemplate: isTemplate) }.map(Layer.Content.video)
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

    /// A recording: a path, or `{file, start, end, loop, rate, play, fit, volume}` with `end` after `start`.
    static func readVideo(_ r: inout JSONReader, isTemplate: Bool) -> Video? {
        typealias K = DeckFormat.VideoKeys
        switch r.value.content {
        case .string:
            return readPath(&r, isTemplate: isTemplate).map { Video(file: $0) }
        case .object:
            guard r.expectObject(K.spec) else { return nil }
            let file = r.member(K.file.name) { readPath(&$0, isTemplate: isTemplate) }
            var video = Video(file: file ?? "")
            video.start = r.read(K.start) ?? video.start
            video.end = r.read(K.end)
            video.loop = r.read(K.loop) ?? video.loop
            video.rate = r.read(K.rate) ?? video.rate
            video.play = r.read(K.play) ?? video.play
            video.fit = r.read(K.fit)
            video.volume = r.read(K.volume) ?? video.volume
            if let end = video.end, end <= video.start {
                r.report("\(JSONNumber.format(end)) must be after \"start\" (\(JSONNumber.format(video.start)))", key: K.end.name)
            }
            return file == nil ? nil : video
        default:
            r.reportType(expected: "a path or a video object")
            return nil
        }
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
