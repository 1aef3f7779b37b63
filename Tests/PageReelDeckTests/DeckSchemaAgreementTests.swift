@testable import PageReelDeck
import PageReelJSON
import Testing

/// The schema and the decoder give the same verdict, property by property: each property of each
/// object is tried inside an otherwise valid deck (`SchemaContext`) at its defaults, at the edges
/// of its range, with wrong types, enum values and typos, colours, and missing or unknown keys.
/// The values come from the schema, the verdicts from both; they must agree.
@Suite struct DeckSchemaAgreementTests {
    let validator: SchemaValidator

    init() throws {
        validator = try SchemaValidator(DeckSchema.json)
    }

    /// The properties tried in a context.
    func properties(_ context: SchemaContext) -> [JSONMember] {
        let schema = context.definition.isEmpty ? validator.root : validator.root["$defs"]![context.definition]!
        return schema["properties"]?.members ?? []
    }

    /// The schemas a value of `schema` may match: `$ref`s followed, `oneOf`/`anyOf` branches
    /// flattened, down to those that say what the value is (type, enum, const).
    func leaves(_ schema: JSONValue) -> [JSONValue] {
        var found: [JSONValue] = []
        if let ref = schema["$ref"], let target = validator.resolve(ref) { found += leaves(target) }
        for branches in [schema["oneOf"], schema["anyOf"]] {
            for branch in branches?.elements ?? [] { found += leaves(branch) }
        }
        if schema["type"] != nil || schema["enum"] != nil || schema["const"] != nil { found.append(schema) }
        return found
    }

    /// The JSON types a property accepts.
    func types(_ schema: JSONValue) -> Set<String> {
        var types: Set<String> = []
        for leaf in leaves(schema) {
            if let type = leaf["type"]?.string { types.insert(type) }
            for value in (leaf["enum"]?.elements ?? []) + [leaf["const"]].compactMap({ $0 }) {
                for name in SchemaValidator.typeNames where SchemaValidator.value(value, hasType: name) {
                    types.insert(name)
                }
            }
        }
        if types.contains("number") { types.insert("integer") }
        return types
    }

    func expect(_ accepted: Bool, _ deck: String, _ why: String,
                sourceLocation: SourceLocation = #_sourceLocation) {
        let schemaErrors = validator.errors(of: deck)
        let decoderIssues = issues(deck)
        #expect(schemaErrors.isEmpty == accepted, "schema on \(why): \(deck) → \(schemaErrors)",
                sourceLocation: sourceLocation)
        #expect(decoderIssues.isEmpty == accepted, "decoder on \(why): \(deck) → \(decoderIssues)",
                sourceLocation: sourceLocation)
    }

    @Test func everyObjectIsPlacedInAValidDeck() {
        let objects = (validator.root["$defs"]?.members ?? []).filter { $0.value["properties"] != nil }.map(\.key)
        #expect(Set(SchemaContext.all.map(\.definition)) == Set(objects + [""]))
        for context in SchemaContext.all {
            expect(true, context.deck(trying: []), "\(context) as placed")
        }
    }

    /// Writing every default out changes nothing: the defaults are the decoder's (and the model's).
    @Test(arguments: SchemaContext.all)
    func defaultsChangeNothing(_ context: SchemaContext) throws {
        let defaults = properties(context).compactMap { p in p.value["default"].map { (p.key, jsonText($0)) } }
        guard !defaults.isEmpty else { return }
        let written = context.deck(trying: defaults)
        expect(true, written, "the defaults of \(context)")
        let plain = try #require(decodeDeck(context.deck(trying: [])))
        #expect(decodeDeck(written) == plain, "\(written)")
    }

    /// Each bound is drawn at the same number: on it is accepted (or rejected when exclusive), a
    /// step past it is rejected; integers reject fractions, other numbers take them.
    @Test(arguments: SchemaContext.all)
    func boundsAgree(_ context: SchemaContext) {
        for property in properties(context) {
            for leaf in leaves(property.value) where ["number", "integer"].contains(leaf["type"]?.string) {
                let isInteger = leaf["type"]?.string == "integer"
                let step = isInteger ? 1 : 0.001
                var tries: [(Double, Bool)] = []
                if let m = leaf["minimum"]?.number { tries += [(m, true), (m - step, false)] }
                if let m = leaf["exclusiveMinimum"]?.number { tries += [(m, false), (m + step, true)] }
                if let m = leaf["maximum"]?.number { tries += [(m, true), (m + step, false)] }
                if let m = leaf["exclusiveMaximum"]?.number { tries += [(m, false), (m - step, true)] }
                // A fraction inside the range: integers reject it, numbers take it.
                let low = leaf["minimum"]?.number ?? leaf["exclusiveMinimum"]?.number
                let high = leaf["maximum"]?.number ?? leaf["exclusiveMaximum"]?.number
                tries.append((low.map { $0 + 0.25 } ?? high.map { $0 - 0.25 } ?? 0.25, !isInteger))
                for (value, accepted) in tries {
                    let deck = context.deck(trying: property.key, JSONNumber.format(value))
                    expect(accepted, deck, "\(context).\(property.key) = \(value)")
                }
            }
        }
    }

    /// A value of a JSON type the schema does not allow is rejected by both.
    @Test(arguments: SchemaContext.all)
    func wrongTypesAreRejected(_ context: SchemaContext) {
        let candidates: [(json: String, type: String)] = [
            (#""wrong""#, "string"), ("7", "integer"), ("7.5", "number"), ("true", "boolean"), ("[]", "array"),
            ("{}", "object"), ("null", "null"),
        ]
        for property in properties(context) {
            let allowed = types(property.value)
            #expect(!allowed.isEmpty, "\(context).\(property.key) says what it is")
            for candidate in candidates where !allowed.contains(candidate.type) {
                expect(false, context.deck(trying: property.key, candidate.json),
                       "\(context).\(property.key) = \(candidate.json)")
            }
        }
    }

    /// Every enum value is accepted; the value with a typo is not.
    @Test(arguments: SchemaContext.all)
    func enumValuesAgree(_ context: SchemaContext) {
        for property in properties(context) {
            let leaves = leaves(property.value)
            let freeText = leaves.contains { $0["type"]?.string == "string" && $0["pattern"] == nil }
            for leaf in leaves {
                for value in (leaf["enum"]?.elements ?? []) + [leaf["const"]].compactMap({ $0 }) {
                    expect(true, context.deck(trying: property.key, jsonText(value)), "\(context).\(property.key)")
                    if let word = value.string, !freeText {
                        expect(false, context.deck(trying: property.key, jsonText(.string(word + "x"))),
                               "\(context).\(property.key) typo")
                    }
                    if let number = value.number {
                        expect(false, context.deck(trying: property.key, JSONNumber.format(number + 1)),
                               "\(context).\(property.key) off by one")
                    }
                }
            }
        }
    }

    /// Colours: the three lengths in either case are accepted, anything else is not; required
    /// non-empty strings reject "".
    @Test(arguments: SchemaContext.all)
    func stringsAgree(_ context: SchemaContext) {
        for property in properties(context) {
            let leaves = leaves(property.value)
            if leaves.contains(where: { $0["pattern"] != nil }) {
                for colour in ["#abc", "#A1B2C3", "#a1b2c3D4"] {
                    expect(true, context.deck(trying: property.key, jsonText(.string(colour))), "\(property.key)")
                }
                for colour in ["#12345", "#FFFF", "FFFFFF", "red", "#GG0000", "#FFF\n", " #FFF", "#A1B2C3D4E"] {
                    expect(false, context.deck(trying: property.key, jsonText(.string(colour))),
                           "\(context).\(property.key) = \(colour.debugDescription)")
                }
            }
            if leaves.contains(where: { $0["minLength"]?.number == 1 }) {
                expect(false, context.deck(trying: property.key, #""""#), "\(context).\(property.key) empty")
                expect(true, context.deck(trying: property.key, #""a""#), "\(context).\(property.key) = a")
            }
        }
    }

    /// Leaving out a required key, or adding one the format does not have, is rejected by both.
    @Test(arguments: SchemaContext.all)
    func requiredAndUnknownKeysAgree(_ context: SchemaContext) {
        let schema = context.definition.isEmpty ? validator.root : validator.root["$defs"]![context.definition]!
        for key in (schema["required"]?.elements ?? []).compactMap(\.string) {
            // A library transition without its name is MAG's custom object (all of whose keys are optional).
            if context.definition.hasPrefix("transition."), key == "name" { continue }
            expect(false, context.deck(trying: [], removing: [key]), "\(context) without \(key)")
        }
        expect(false, context.deck(trying: "bogus", "1"), "\(context) with an unknown key")
    }
}
