import PageReelJSON

/// The JSON Schema (draft 2020-12) of deck format version 1, made from `DeckFormat`'s declarations.
///
/// An editor given this schema (VS Code's `json.schemas`) completes keys, shows what each one does
/// and its default, and flags typos, wrong types, bad colours and out-of-range numbers while the
/// deck is typed, before pagereel ever runs; CI can check decks with any JSON Schema validator.
/// Every object is a `$defs` entry with `additionalProperties: false`; rules that span several values
/// are named in the descriptions and checked by `pagereel validate`.
public enum DeckSchema {
    /// The schema, pretty-printed, without a trailing newline. The same bytes on every run.
    public static let json: String = OrderedJSON.object(root).rendered()

    static let colorPattern = "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"

    private static var root: [(String, OrderedJSON)] {
        let deck = DeckFormat.RootKeys.spec
        var members: [(String, OrderedJSON)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://pagereel.dev/schema/deck-1.json")),
            ("title", .string("pagereel deck, format version 1")),
        ]
        members += object(deck)
        var defs: [(String, OrderedJSON)] = [
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
    static func object(_ spec: ObjectSpec) -> [(String, OrderedJSON)] {
        var members: [(String, OrderedJSON)] = [("description", .string(spec.summary)), ("type", .string("object"))]
        if !spec.requiredKeys.isEmpty { members.append(("required", .array(spec.requiredKeys.map(OrderedJSON.string)))) }
        members.append(("additionalProperties", .bool(false)))
        if !spec.alternatives.isEmpty {
            members.append(("oneOf", .array(spec.alternatives.map { alternative in
                var branch: [(String, OrderedJSON)] = [("required", .array([.string(alternative.requires)]))]
                let forbidden = alternative.forbids.map { OrderedJSON.object([("required", .array([.string($0)]))]) }
                if forbidden.count == 1 { branch.append(("not", forbidden[0])) }
                if forbidden.count > 1 { branch.append(("not", .object([("anyOf", .array(forbidden))]))) }
                return .object(branch)
            })))
        }
        members.append(("properties", .object(spec.keys.map { key in
            var property: [(String, OrderedJSON)] = [("description", .string(key.summary))]
            property += value(key.type)
            if case .json(let text) = key.defaultValue { property.append(("default", .raw(text))) }
            return (key.name, .object(property))
        })))
        return members
    }

    /// The keywords that say what a value of `type` may be.
    static func value(_ type: ValueType) -> [(String, OrderedJSON)] {
        switch type {
        case .number(let bounds): return [("type", .string("number"))] + keywords(bounds)
        case .integer(let bounds): return [("type", .string("integer"))] + keywords(bounds)
        case .string(let nonEmpty):
            return [("type", .string("string"))] + (nonEmpty ? [("minLength", .number(1))] : [])
        case .text(let nonEmpty):
            let string: [(String, OrderedJSON)] = [("type", .string("string"))] + (nonEmpty ? [("minLength", .number(1))] : [])
            return [("oneOf", .array([.object(string),
                                      .object([("type", .string("object")), ("minProperties", .number(1)),
                                               ("additionalProperties", .object(string))])]))]
        case .boolean: return [("type", .string("boolean"))]
        case .color: return [("$ref", .string("#/$defs/color"))]
        case .choice(let values): return [("enum", .array(values.map(OrderedJSON.string)))]
        case .constant(let value): return [("const", .number(Double(value)))]
        case .numbers(let names):
            return [("type", .string("array")), ("items", .object([("type", .string("number"))])),
                    ("minItems", .number(Double(names.count))), ("maxItems", .number(Double(names.count)))]
        case .array(let element, let minItems, let maxItems):
            var members: [(String, OrderedJSON)] = [("type", .string("array")), ("items", .object(value(element)))]
            if minItems > 0 { members.append(("minItems", .number(Double(minItems)))) }
            if let maxItems { members.append(("maxItems", .number(Double(maxItems)))) }
            return members
        case .object(let name): return [("$ref", .string("#/$defs/\(name)"))]
        case .oneOf(let types): return [("oneOf", .array(types.map { .object(value($0)) }))]
        }
    }

    static func keywords(_ bounds: NumberBounds) -> [(String, OrderedJSON)] {
        var members: [(String, OrderedJSON)] = []
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
