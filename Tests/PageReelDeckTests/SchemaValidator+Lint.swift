@testable import PageReelDeck
import PageReelJSON

// The schema checked as a document: only keywords the validator knows, each with a value of the
// right kind, and the house rules of the deck schema — every object closed with
// `additionalProperties: false`, every property described, every default valid, every `$defs`
// entry used.
extension SchemaValidator {
    /// What is wrong with the schema itself; empty if it is well formed.
    func problems() -> [String] {
        var problems: [String] = []
        var references: Set<String> = []
        lint(root, at: "#", isRoot: true, enclosing: nil, problems: &problems, references: &references)
        for name in root["$defs"]?.members?.map(\.key) ?? [] where !references.contains(name) {
            problems.append("#/$defs/\(name): never referenced")
        }
        return problems
    }

    /// `enclosing` is the `properties` of the object schema a `oneOf`/`anyOf`/`not` branch refines,
    /// which its `required` lists must name.
    /// Not optimized: Swift 6.3.1's release build crashes in CopyPropagation on this function
    /// ("Found outside of lifetime use"), which stopped `swift build -c release --build-tests`.
    @_optimize(none)
    private func lint(_ schema: JSONValue, at path: String, isRoot: Bool, enclosing: JSONValue?,
                      problems: inout [String], references: inout Set<String>) {
        guard let keywords = schema.members else {
            problems.append("\(path): a schema must be an object")
            return
        }
        func problem(_ message: String) { problems.append("\(path): \(message)") }
        func sub(_ value: JSONValue, _ suffix: String, enclosing: JSONValue? = nil) {
            lint(value, at: path + suffix, isRoot: false, enclosing: enclosing, problems: &problems,
                 references: &references)
        }
        let properties = schema["properties"] ?? enclosing
        for keyword in keywords {
            let value = keyword.value
            switch keyword.key {
            case "$schema", "$id", "title", "$defs":
                if !isRoot { problem("\(keyword.key) belongs at the root only") }
                if keyword.key == "$defs" {
                    for def in value.members ?? [] { sub(def.value, "/$defs/\(def.key)") }
                } else if value.string == nil {
                    problem("\(keyword.key) must be a string")
                }
            case "description":
                if value.string?.isEmpty != false { problem("description must be a non-empty string") }
            case "default":
                var errors: [String] = []
                check(value, against: schema, at: "default", into: &errors)
                if !errors.isEmpty { problem("the default is not valid: \(errors)") }
            case "$ref":
                if resolve(value) == nil { problem("$ref \(value.string ?? "?") does not resolve") }
                if let name = value.string?.split(separator: "/").last { references.insert(String(name)) }
            case "type":
                let names = value.string.map { [$0] } ?? (value.elements ?? []).compactMap(\.string)
                if names.isEmpty || !names.allSatisfy(Self.typeNames.contains) { problem("bad type") }
                // A record lists its properties and allows no others; a map (text per locale) has
                // no properties and says what every value must be.
                let isMap = schema["properties"] == nil && schema["additionalProperties"]?.members != nil
                if names == ["object"], !isMap {
                    if schema["properties"] == nil { problem("an object schema lists its properties") }
                    if schema["additionalProperties"].map({ $0.content != .bool(false) }) ?? true {
                        problem("an object schema has additionalProperties: false")
                    }
                }
            case "enum":
                let items = value.elements ?? []
                if items.isEmpty { problem("enum must be a non-empty array") }
                for (i, a) in items.enumerated() where items[..<i].contains(where: { same($0, a) }) {
                    problem("enum repeats a value")
                }
            case "const":
                continue
            case "pattern":
                if (try? Regex(value.string ?? "(")) == nil { problem("pattern does not compile") }
            case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
                if value.number == nil { problem("\(keyword.key) must be a number") }
            case "minLength", "minItems", "maxItems":
                if !(value.number.map { $0 >= 0 && $0 == $0.rounded() } ?? false) {
                    problem("\(keyword.key) must be a non-negative integer")
                }
            case "items", "not":
                sub(value, "/\(keyword.key)", enclosing: keyword.key == "not" ? properties : nil)
            case "prefixItems", "oneOf", "anyOf":
                guard let items = value.elements, !items.isEmpty else {
                    problem("\(keyword.key) must be a non-empty array")
                    continue
                }
                for (i, item) in items.enumerated() {
                    sub(item, "/\(keyword.key)/\(i)", enclosing: keyword.key == "prefixItems" ? nil : properties)
                }
            case "properties":
                guard let members = value.members else {
                    problem("properties must be an object")
                    continue
                }
                for member in members {
                    if member.value["description"] == nil { problem("property \(member.key) has no description") }
                    sub(member.value, "/properties/\(member.key)")
                }
            case "required":
                let names = (value.elements ?? []).compactMap(\.string)
                if names.count != value.elements?.count || Set(names).count != names.count {
                    problem("required must be an array of distinct strings")
                }
                for name in names where properties?[name] == nil { problem("required \(name) is not a property") }
            case "additionalProperties":
                if value.members != nil, schema["properties"] == nil {
                    sub(value, "/additionalProperties")
                } else {
                    if value.content != .bool(false) { problem("additionalProperties must be false or, in a map, a schema") }
                    if schema["properties"] == nil { problem("additionalProperties without properties") }
                }
            case "minProperties":
                if (value.number ?? -1) < 0 { problem("minProperties must be a non-negative number") }
            default:
                problem("unknown keyword \(keyword.key)")
            }
        }
    }
}
