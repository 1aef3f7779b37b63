@testable import PageReelDeck
import PageReelJSON

/// A JSON Schema (draft 2020-12) validator for the keywords the deck schema uses, and nothing more.
///
/// The tests need an independent judge of decks, and no JSON Schema library is a dependency of
/// the package. Any keyword it does not know is an error, both when checking the schema itself and
/// when validating against it, so a rule can never be skipped without a failing test.
struct SchemaValidator {
    let root: JSONValue

    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "default", "$defs"]
    static let assertions: Set<String> = [
        "$ref", "type", "enum", "const", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "minItems", "maxItems", "items", "prefixItems", "properties", "required", "minProperties",
        "additionalProperties", "oneOf", "anyOf", "not",
    ]
    static let typeNames: Set<String> = ["null", "boolean", "object", "array", "number", "integer", "string"]

    init(_ schema: String) throws {
        root = try JSONParser.parse(Array(schema.utf8))
    }

    /// Every way `instance` breaks the schema, as `path: message` (paths as the decoder writes
    /// them); empty if it is valid.
    func errors(of instance: JSONValue) -> [String] {
        var errors: [String] = []
        check(instance, against: root, at: "", into: &errors)
        return errors
    }

    func errors(of json: String) -> [String] {
        do {
            return errors(of: try JSONParser.parse(Array(json.utf8)))
        } catch {
            return ["not JSON: \(error)"]
        }
    }

    /// The `$defs` entry a `$ref` names; only local `#/$defs/NAME` references are used.
    func resolve(_ reference: JSONValue) -> JSONValue? {
        guard let ref = reference.string, ref.hasPrefix("#/$defs/") else { return nil }
        return root["$defs"]?[String(ref.dropFirst("#/$defs/".count))]
    }

    func check(_ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String]) {
        guard let keywords = schema.members else {
            errors.append("\(path): the schema is not an object")
            return
        }
        func fail(_ message: String) { errors.append(path.isEmpty ? message : "\(path): \(message)") }
        func passes(_ sub: JSONValue) -> Bool {
            var scratch: [String] = []
            check(value, against: sub, at: path, into: &scratch)
            return scratch.isEmpty
        }
        for keyword in keywords {
            let rule = keyword.value
            switch keyword.key {
            case let key where Self.annotations.contains(key):
                continue
            case "$ref":
                guard let target = resolve(rule) else {
                    fail("unresolvable $ref \(rule.string ?? "?")")
                    continue
                }
                check(value, against: target, at: path, into: &errors)
            case "type":
                let names = rule.string.map { [$0] } ?? (rule.elements ?? []).compactMap(\.string)
                if !names.contains(where: { Self.value(value, hasType: $0) }) {
                    fail("expected \(names.joined(separator: " or ")), got \(value.kindDescription)")
                }
            case "enum":
                if !(rule.elements ?? []).contains(where: { same($0, value) }) { fail("not one of the allowed values") }
            case "const":
                if !same(rule, value) { fail("not the constant value") }
            case "pattern":
                if let string = value.string, let pattern = rule.string, !Self.matches(string, pattern) {
                    fail("\(MessageText.quoted(string)) does not match \(pattern)")
                }
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
                if let number = value.number, let limit = rule.number,
                   !Self.number(number, keeps: keyword.key, limit) {
                    fail("\(number) breaks \(keyword.key) \(limit)")
                }
            case "minLength":
                if let string = value.string, string.unicodeScalars.count < Int(rule.number ?? 0) { fail("too short") }
            case "minItems":
                if let items = value.elements, items.count < Int(rule.number ?? 0) { fail("too few items") }
            case "minProperties":
                if let members = value.members, members.count < Int(rule.number ?? 0) { fail("too few members") }
            case "maxItems":
                if let items = value.elements, items.count > Int(rule.number ?? 0) { fail("too many items") }
            case "prefixItems":
                for (index, (item, sub)) in zip(value.elements ?? [], rule.elements ?? []).enumerated() {
                    check(item, against: sub, at: "\(path)[\(index)]", into: &errors)
                }
            case "items":
                let skip = schema["prefixItems"]?.elements?.count ?? 0
                for (index, item) in (value.elements ?? []).enumerated() where index >= skip {
                    check(item, against: rule, at: "\(path)[\(index)]", into: &errors)
                }
            case "properties":
                for member in value.members ?? [] {
                    if let sub = rule[member.key] {
                        check(member.value, against: sub, at: JSONReader.path(path, key: member.key), into: &errors)
                    }
                }
            case "required":
                if let members = value.members {
                    for name in (rule.elements ?? []).compactMap(\.string) where !members.contains(where: { $0.key == name }) {
                        fail("\(MessageText.quoted(name)) is required")
                    }
                }
            case "additionalProperties":
                let declared = schema["properties"]?.members?.map(\.key) ?? []
                for member in value.members ?? [] where !declared.contains(member.key) {
                    let memberPath = JSONReader.path(path, key: member.key)
                    if case .bool(false) = rule.content {
                        errors.append("\(memberPath): not allowed")
                    } else {
                        check(member.value, against: rule, at: memberPath, into: &errors)
                    }
                }
            case "oneOf":
                let count = (rule.elements ?? []).filter(passes).count
                if count != 1 { fail("matches \(count) of the oneOf shapes, not exactly 1") }
            case "anyOf":
                if !(rule.elements ?? []).contains(where: passes) { fail("matches none of the anyOf shapes") }
            case "not":
                if passes(rule) { fail("matches a shape that is not allowed") }
            default:
                fail("unknown keyword \(keyword.key)")
            }
        }
    }

    static func value(_ value: JSONValue, hasType name: String) -> Bool {
        switch (name, value.content) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
             ("array", .array), ("object", .object):
            true
        case ("integer", .number(let n)):
            n.value == n.value.rounded()
        default:
            false
        }
    }

    static func number(_ number: Double, keeps keyword: String, _ limit: Double) -> Bool {
        switch keyword {
        case "minimum": number >= limit
        case "maximum": number <= limit
        case "exclusiveMinimum": number > limit
        default: number < limit
        }
    }

    /// ECMA-262 `pattern` semantics for the patterns used here: a search, anchored only by `^`/`$`.
    static func matches(_ string: String, _ pattern: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return (try? regex.firstMatch(in: string)) != nil
    }
}

/// JSON equality as JSON Schema defines it: by value, ignoring member order and where things were
/// written; 1 and 1.0 are the same number.
func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a.content, b.content) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x.value == y.value
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (.object(let x), .object(let y)):
        return x.count == y.count && x.allSatisfy { m in y.contains { $0.key == m.key && same($0.value, m.value) } }
    default: return false
    }
}
