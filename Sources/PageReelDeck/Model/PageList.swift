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
        // Searched as UTF-8 bytes: `{` and `}` are ASCII, so every index found is a character's.
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard text.utf8.contains(open) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var rest = Substring(text)
        while let start = rest.utf8.firstIndex(of: open) {
            guard let end = rest.utf8[start...].firstIndex(of: close) else { break }
            out += rest[..<start]
            let token = rest[rest.utf8.index(after: start)..<end]
            if let value = value(of: token, index: index) {
                out += value
            } else {
                out += rest[start...end]
            }
            rest = rest[rest.utf8.index(after: end)...]
        }
        out += rest
        return out
    }

    /// The number of pages after which `texts` resolve to the same strings again: the least
    /// common multiple of their `{i%K}`, 1 without placeholders, nil when one has `{i}` or `{n}`
    /// (every page differs) or the period would pass `limit`.
    public static func period(of texts: [String], limit: Int) -> Int? {
        var period = 1
        for text in texts where text.utf8.contains(UInt8(ascii: "{")) {
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                let token = rest[rest.index(after: open)..<close]
                rest = rest[rest.index(after: close)...]
                if token == "i" || token == "n" { return nil }
                guard token.hasPrefix("i%"), let k = Int(token.dropFirst(2)), k > 0 else { continue }
                let (product, overflow) = (period / gcd(period, k)).multipliedReportingOverflow(by: k)
                guard !overflow, product <= limit else { return nil }
                period = product
            }
        }
        return period
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

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
