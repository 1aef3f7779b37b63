import PageReelJSON

// What is drawn over the pages: `tabs` and `indicator`.

extension DeckDecoder {
    /// RKSwipe's tab bar; there must be one title per page.
    static func readTabs(_ r: inout JSONReader, pageCount: Int?) -> Tabs? {
        typealias K = DeckFormat.TabsKeys
        guard r.expectObject(K.spec) else { return nil }
        let titles: [String]? = r.member(K.titles.name) { r in
            guard let items = r.value.elements else {
                r.reportType(expected: "an array of strings")
                return nil
            }
            if items.isEmpty {
                r.report("needs at least one title")
                return nil
            }
            let titles = r.elements { r, _ in readLocalized(&r, nonEmpty: false) }
            if let pageCount, items.count != pageCount {
                r.report("\(count(items.count, "title")) for \(count(pageCount, "page"))")
            }
            return titles.count == items.count ? titles : nil
        }
        var tabs = Tabs(titles: titles ?? [])
        tabs.height = r.read(K.height) ?? tabs.height
        tabs.background = r.read(K.background) ?? tabs.background
        tabs.textColor = r.read(K.textColor) ?? tabs.textColor
        tabs.fontSize = r.read(K.fontSize) ?? tabs.fontSize
        tabs.weight = r.read(K.weight) ?? tabs.weight
        tabs.font = r.read(K.font) ?? tabs.font
        tabs.selector = r.member(K.selector.name, readSelector) ?? tabs.selector
        return titles == nil ? nil : tabs
    }

    static func readSelector(_ r: inout JSONReader) -> Tabs.Selector? {
        typealias K = DeckFormat.SelectorKeys
        guard r.expectObject(K.spec) else { return nil }
        var selector = Tabs.Selector()
        selector.color = r.read(K.color) ?? selector.color
        selector.alpha = r.read(K.alpha) ?? selector.alpha
        selector.height = r.read(K.height) ?? selector.height
        return selector
    }

    /// `"dots"` or `{style, color, activeColor, size, spacing, offset}`.
    static func readIndicator(_ r: inout JSONReader) -> Indicator? {
        switch r.value.content {
        case .string:
            let style: Indicator.Style? = r.readChoice("indicator style")
            return style.map { Indicator(style: $0) }
        case .object:
            typealias K = DeckFormat.IndicatorKeys
            guard r.expectObject(K.spec) else { return nil }
            var indicator = Indicator()
            indicator.style = r.read(K.style) ?? indicator.style
            indicator.color = r.read(K.color) ?? indicator.color
            indicator.activeColor = r.read(K.activeColor) ?? indicator.activeColor
            indicator.size = r.read(K.size) ?? indicator.size
            indicator.spacing = r.read(K.spacing) ?? indicator.spacing
            indicator.offset = r.read(K.offset) ?? indicator.offset
            return indicator
        default:
            r.reportType(expected: "\"dots\" or an object")
            return nil
        }
    }

    /// `1 title`, `4 pages`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
