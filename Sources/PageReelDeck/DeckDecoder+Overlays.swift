// What is drawn over the pages: `tabs` and `indicator`.

extension DeckDecoder {
    static let tabsKeys = ["titles", "height", "background", "textColor", "fontSize", "weight", "font", "selector"]

    /// RKSwipe's tab bar; there must be one title per page.
    static func readTabs(_ r: inout JSONReader, pageCount: Int?) -> Tabs? {
        guard r.expectObject(keys: tabsKeys) else { return nil }
        _ = r.require("titles")
        let titles: [String]? = r.member("titles") { r in
            guard let items = r.value.elements else {
                r.reportType(expected: "an array of strings")
                return nil
            }
            if items.isEmpty {
                r.report("needs at least one title")
                return nil
            }
            let titles = r.elements { r, _ in r.readString() }
            if let pageCount, items.count != pageCount {
                r.report("\(count(items.count, "title")) for \(count(pageCount, "page"))")
            }
            return titles.count == items.count ? titles : nil
        }
        var tabs = Tabs(titles: titles ?? [])
        tabs.height = r.number("height", .positive) ?? tabs.height
        tabs.background = r.color("background") ?? tabs.background
        tabs.textColor = r.color("textColor") ?? tabs.textColor
        tabs.fontSize = r.number("fontSize", .positive) ?? tabs.fontSize
        tabs.weight = r.choice("weight", "weight") ?? tabs.weight
        tabs.font = r.string("font", nonEmpty: true) ?? tabs.font
        tabs.selector = r.member("selector", readSelector) ?? tabs.selector
        return titles == nil ? nil : tabs
    }

    static let selectorKeys = ["color", "alpha", "height"]

    static func readSelector(_ r: inout JSONReader) -> Tabs.Selector? {
        guard r.expectObject(keys: selectorKeys) else { return nil }
        var selector = Tabs.Selector()
        selector.color = r.color("color") ?? selector.color
        selector.alpha = r.number("alpha", .fraction) ?? selector.alpha
        selector.height = r.number("height", .positive) ?? selector.height
        return selector
    }

    static let indicatorKeys = ["style", "color", "activeColor", "size", "spacing", "offset"]

    /// `"dots"` or `{style, color, activeColor, size, spacing, offset}`.
    static func readIndicator(_ r: inout JSONReader) -> Indicator? {
        switch r.value.content {
        case .string:
            let style: Indicator.Style? = r.readChoice("indicator style")
            return style.map { Indicator(style: $0) }
        case .object:
            guard r.expectObject(keys: indicatorKeys) else { return nil }
            var indicator = Indicator()
            indicator.style = r.choice("style", "indicator style") ?? indicator.style
            indicator.color = r.color("color") ?? indicator.color
            indicator.activeColor = r.color("activeColor") ?? indicator.activeColor
            indicator.size = r.number("size", .positive) ?? indicator.size
            indicator.spacing = r.number("spacing", .nonNegative) ?? indicator.spacing
            indicator.offset = r.number("offset") ?? indicator.offset
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
