import Foundation
import PageReelJSON

/// The reference tables of docs/deck-format.md, made from `DeckFormat`'s declarations.
///
/// Each object's table sits in the document between `<!-- keys: NAME -->` and `<!-- /keys -->`;
/// `pagereel schema --markdown` prints every block and `Scripts/make-docs` pastes each over its
/// namesake, so the prose around the tables is written by hand and the tables never are.
public enum DeckReference {
    /// Every object's block, the deck first, separated by blank lines.
    public static var markdown: String {
        DeckFormat.objects.map(block).joined(separator: "\n\n")
    }

    /// One object's block: the opening marker, an anchor to link to, the table and the closing marker.
    public static func block(_ spec: ObjectSpec) -> String {
        "<!-- keys: \(spec.name) -->\n<a id=\"\(anchor(spec.name))\"></a>\n\n" + table(spec) + "\n\n<!-- /keys -->"
    }

    /// The anchor an object's table has in the reference.
    static func anchor(_ name: String) -> String { "keys-\(name.lowercased())" }

    /// `| key | type | default | what it does |`, one row per key.
    public static func table(_ spec: ObjectSpec) -> String {
        var lines = ["| key | type | default | what it does |", "|---|---|---|---|"]
        for key in spec.keys {
            let type = describe(key.type) + (key.isRequired ? ", **required**" : "")
            let value: String = switch key.defaultValue {
            case .none: key.isRequired ? "" : "none"
            case .json(let text): "`\(text)`"
            case .described(let words): words
            }
            lines.append("| `\(key.name)` | \(cell(type)) | \(cell(value)) | \(cell(key.summary)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// A type in words: `integer 16 … 7680`, `number > 0`, `"fill"`, `"fit"`, `"stretch"`, `colour`.
    static func describe(_ type: ValueType) -> String {
        switch type {
        case .number(let bounds): return "number" + describe(bounds)
        case .integer(let bounds): return "integer" + describe(bounds)
        case .string(let nonEmpty): return nonEmpty ? "non-empty string" : "string"
        case .text(let nonEmpty): return (nonEmpty ? "non-empty text" : "text") + " ([per locale](#every-language))"
        case .boolean: return "boolean"
        case .color: return "colour"
        case .choice(let values): return values.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .constant(let value): return "`\(value)`"
        case .numbers(let names): return "[" + names.joined(separator: ", ") + "]"
        case .array(let element, let minItems, let maxItems):
            var words = "array of " + plural(element)
            if let maxItems { words += ", \(minItems) … \(group(maxItems))" } else if minItems > 0 { words += ", at least \(minItems)" }
            return words
        case .object(let name): return "[\(name)](#\(anchor(name)))"
        case .oneOf(let types): return types.map(describe).joined(separator: " or ")
        }
    }

    static func describe(_ bounds: NumberBounds) -> String {
        var parts: [String] = []
        switch (bounds.lower, bounds.upper) {
        case (let lower?, let upper?) where bounds.lowerInclusive && bounds.upperInclusive:
            parts.append(" \(JSONNumber.format(lower)) … \(JSONNumber.format(upper))")
        default:
            if let lower = bounds.lower { parts.append(" \(bounds.lowerInclusive ? "≥" : ">") \(JSONNumber.format(lower))") }
            if let upper = bounds.upper { parts.append(" \(bounds.upperInclusive ? "≤" : "<") \(JSONNumber.format(upper))") }
        }
        if bounds.nonZero { parts.append(" not 0") }
        return parts.joined(separator: ",")
    }

    /// "numbers", "strings", "[page](#keys-page) objects".
    static func plural(_ type: ValueType) -> String {
        switch type {
        case .number: "numbers"
        case .integer: "integers"
        case .string(let nonEmpty): nonEmpty ? "non-empty strings" : "strings"
        case .object(let name): "[\(name)](#\(anchor(name))) objects"
        default: describe(type) + " values"
        }
    }

    /// 1000000 → "1,000,000".
    static func group(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (k, digit) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// Text safe inside a table cell: pipes escaped, line breaks as spaces.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
