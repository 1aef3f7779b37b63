/// The pages of a deck: an explicit list, or MAG's reusable data source — a template resolved
/// per index, so memory does not grow with the count.
public enum PageList: Sendable, Equatable {
    case list([Page])
    case template(count: Int, page: Page)

    /// Whether the pages come from a template.
    public var isTemplate: Bool {
        if case .template = self { return true }
        return false
    }

    public var count: Int {
        switch self {
        case .list(let pages): pages.count
        case .template(let count, _): count
        }
    }

    /// Page `index` (0-based) with `{i}`, `{n}` and `{i%K}` resolved in every string.
    public func page(at index: Int) -> Page {
        switch self {
        case .list(let pages): pages[index]
        case .template(_, let page): page.mapStrings { PageTemplate.resolve($0, index: index) }
        }
    }
}

/// Template placeholders: `{i}` (0-based index), `{n}` (1-based), `{i%K}` (index modulo K).
public enum PageTemplate {
    /// `text` with every placeholder replaced for page `index`. Unknown `{…}` stay as written.
    public static func resolve(_ text: String, index: Int) -> String {
        guard text.contains("{") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            out += rest[..<open]
            let token = rest[rest.index(after: open)..<close]
            if let value = value(of: token, index: index) {
                out += value
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// The placeholders in `text` that are not understood, e.g. `{j}` or `{i%0}`.
    public static func unknownPlaceholders(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let token = rest[rest.index(after: open)..<close]
            if value(of: token, index: 0) == nil { found.append("{\(token)}") }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    private static func value(of token: Substring, index: Int) -> String? {
        switch token {
        case "i": return String(index)
        case "n": return String(index + 1)
        default:
            guard token.hasPrefix("i%"), let k = Int(token.dropFirst(2)), k > 0 else { return nil }
            return String(index % k)
        }
    }
}
