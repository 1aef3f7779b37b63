/// JSON with its members in the order they were written, pretty-printed for people.
public enum OrderedJSON {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// JSON text used as is (a default from a declaration).
    case raw(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    /// Two-space indentation; arrays of scalars and empty containers on one line.
    public func rendered(indent: String = "") -> String {
        switch self {
        case .string(let text): return OrderedJSON.literal(text)
        case .number(let value): return JSONNumber.format(value)
        case .bool(let value): return value ? "true" : "false"
        case .raw(let text): return text
        case .array(let items):
            let scalars = items.allSatisfy { if case .object = $0 { false } else if case .array = $0 { false } else { true } }
            if items.isEmpty || scalars { return "[" + items.map { $0.rendered() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + members.map { inner + OrderedJSON.literal($0.0) + ": " + $0.1.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// `text` as a JSON string literal.
    public static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
