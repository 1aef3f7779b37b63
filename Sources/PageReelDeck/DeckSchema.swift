/// The JSON Schema (draft 2020-12) of deck format version 1, made from `DeckFormat`'s declarations.
///
/// An editor given this schema (VS Code's `json.schemas`) completes keys, shows what each one does
/// and its default, and flags typos, wrong types, bad colours and out-of-range numbers while the
/// deck is typed, before pagereel ever runs; CI can check decks with any JSON Schema validator.
/// Every object is a `$defs` entry with `additionalProperties: false`; rules that span several values
/// are named in the descriptions and checked by `pagereel validate`.
public enum DeckSchema {
    /// The schema, pretty-printed, without a trailing newline. The same bytes on every run.
    public static let json: String = SchemaJSON.object(root).rendered()

    static let colorPattern = "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"

    private static var root: [(String, SchemaJSON)] {
        let deck = DeckFormat.RootKeys.spec
        var members: [(String, SchemaJSON)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://pagereel.dev/schema/deck-1.json")),
            ("title", .string("pagereel deck, format version 1")),
        ]
        members += object(deck)
        var defs: [(String, SchemaJSON)] = [
            ("color", .object([
                ("description", .string("An sRGB colour: #RGB, #RRGGBB or #RRGGBBAA (alpha last, not premultiplied); "
                                         + "hex digits in either case.")),
                ("type", .string("string")),
                ("pattern", .string(colorPattern)),
            ])),
        ]
        for spec in DeckFormat.objects where spec.name != deck.name { defs.append((spec.name, .object(object(spec)))) }
        members.append(("$defs", .object(defs)))
        return members
    }

    /// An object's schema: its keys as properties, required keys, and its alternatives as `oneOf`.
    static func object(_ spec: ObjectSpec) -> [(String, SchemaJSON)] {
        var members: [(String, SchemaJSON)] = [("description", .string(spec.summary)), ("type", .string("object"))]
        if !spec.requiredKeys.isEmpty { members.append(("required", .array(spec.requiredKeys.map(SchemaJSON.string)))) }
        members.append(("additionalProperties", .bool(false)))
        if !spec.alternatives.isEmpty {
            members.append(("oneOf", .array(spec.alternatives.map { alternative in
                var branch: [(String, SchemaJSON)] = [("required", .array([.string(alternative.requires)]))]
                let forbidden = alternative.forbids.map { SchemaJSON.object([("required", .array([.string($0)]))]) }
                if forbidden.count == 1 { branch.append(("not", forbidden[0])) }
                if forbidden.count > 1 { branch.append(("not", .object([("anyOf", .array(forbidden))]))) }
                return .object(branch)
            })))
        }
        members.append(("properties", .object(spec.keys.map { key in
            var property: [(String, SchemaJSON)] = [("description", .string(key.summary))]
            property += value(key.type)
            if case .json(let text) = key.defaultValue { property.append(("default", .raw(text))) }
            return (key.name, .object(property))
        })))
        return members
    }

    /// The keywords that say what a value of `type` may be.
    static func value(_ type: ValueType) -> [(String, SchemaJSON)] {
        switch type {
        case .number(let bounds): return [("type", .string("number"))] + keywords(bounds)
        case .integer(let bounds): return [("type", .string("integer"))] + keywords(bounds)
        case .string(let nonEmpty):
            return [("type", .string("string"))] + (nonEmpty ? [("minLength", .number(1))] : [])
        case .boolean: return [("type", .string("boolean"))]
        case .color: return [("$ref", .string("#/$defs/color"))]
        case .choice(let values): return [("enum", .array(values.map(SchemaJSON.string)))]
        case .constant(let value): return [("const", .number(Double(value)))]
        case .numbers(let names):
            return [("type", .string("array")), ("items", .object([("type", .string("number"))])),
                    ("minItems", .number(Double(names.count))), ("maxItems", .number(Double(names.count)))]
        case .array(let element, let minItems, let maxItems):
            var members: [(String, SchemaJSON)] = [("type", .string("array")), ("items", .object(value(element)))]
            if minItems > 0 { members.append(("minItems", .number(Double(minItems)))) }
            if let maxItems { members.append(("maxItems", .number(Double(maxItems)))) }
            return members
        case .object(let name): return [("$ref", .string("#/$defs/\(name)"))]
        case .oneOf(let types): return [("oneOf", .array(types.map { .object(value($0)) }))]
        }
    }

    static func keywords(_ bounds: NumberBounds) -> [(String, SchemaJSON)] {
        var members: [(String, SchemaJSON)] = []
        if let lower = bounds.lower {
            members.append((bounds.lowerInclusive ? "minimum" : "exclusiveMinimum", .number(lower)))
        }
        if let upper = bounds.upper {
            members.append((bounds.upperInclusive ? "maximum" : "exclusiveMaximum", .number(upper)))
        }
        if bounds.nonZero { members.append(("not", .object([("const", .number(0))]))) }
        return members
    }
}

/// JSON with its members in the order they were written, pretty-printed for people.
enum SchemaJSON {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// JSON text used as is (a default from a declaration).
    case raw(String)
    case array([SchemaJSON])
    case object([(String, SchemaJSON)])

    /// Two-space indentation; arrays of scalars and empty containers on one line.
    func rendered(indent: String = "") -> String {
        switch self {
        case .string(let text): return jsonString(text)
        case .number(let value): return formatNumber(value)
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
            return "{\n" + members.map { inner + jsonString($0.0) + ": " + $0.1.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }
}
