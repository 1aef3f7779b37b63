import PageReelJSON

/// What a deck value may be: the type the decoder checks, the JSON Schema states and the
/// reference tables show, declared once per key.
public indirect enum ValueType: Sendable {
    /// A number within bounds.
    case number(NumberBounds)
    /// A whole number within bounds (`30.0` counts, `30.5` does not).
    case integer(NumberBounds)
    case string(nonEmpty: Bool)
    /// Text the deck shows: a string, or an object of one string per locale (`locales`).
    case text(nonEmpty: Bool)
    case boolean
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    case color
    /// One of these strings.
    case choice([String])
    /// Exactly this integer (the format version).
    case constant(Int)
    /// A fixed-length array of numbers, named by position (`[dx, dy]`).
    case numbers(names: [String])
    case array(ValueType, minItems: Int = 0, maxItems: Int? = nil)
    /// A declared object (`DeckFormat.objects`), by name.
    case object(String)
    /// Any one of these.
    case oneOf([ValueType])
}

/// A key's default, as the schema and the tables state it.
public enum DefaultValue: Sendable, Equatable {
    /// The key has no default: leaving it out means "none" (or it is required).
    case none
    /// The default as JSON text: `1280`, `"#101418"`, `[0, 0]`, `{}`.
    case json(String)
    /// A default that is not a fixed value, in words (tables only): "centred", "the finger's".
    case described(String)
}

/// One key of a deck object.
public struct KeySpec: Sendable {
    public let name: String
    public let type: ValueType
    public let defaultValue: DefaultValue
    public let isRequired: Bool
    /// What the key does, one or two sentences (Markdown inline code allowed).
    public let summary: String

    public init(_ name: String, _ type: ValueType, default defaultValue: DefaultValue = .none,
                required isRequired: Bool = false, _ summary: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.summary = summary
    }
}

/// One kind of object in a deck: its keys, and which of them exclude one another.
public struct ObjectSpec: Sendable {
    /// Exactly one alternative applies: the object has `requires` and none of `forbids`
    /// (a step has one action; a layer is an image or a text).
    public struct Alternative: Sendable {
        public let requires: String
        public let forbids: [String]

        public init(requires: String, forbids: [String] = []) {
            self.requires = requires
            self.forbids = forbids
        }
    }

    /// The name other declarations and the schema's `$defs` use; the root is "deck".
    public let name: String
    /// What the object is, for the schema.
    public let summary: String
    public let keys: [KeySpec]
    public let alternatives: [Alternative]

    public init(_ name: String, _ summary: String, keys: [KeySpec], alternatives: [Alternative] = []) {
        self.name = name
        self.summary = summary
        self.keys = keys
        self.alternatives = alternatives
    }

    public var keyNames: [String] { keys.map(\.name) }
    public var requiredKeys: [String] { keys.filter(\.isRequired).map(\.name) }

    public subscript(_ key: String) -> KeySpec? { keys.first { $0.name == key } }
}

/// A key with the Swift type the decoder reads it as: its spec, and how to read its value.
struct Key<Value>: Sendable {
    let spec: KeySpec
    let read: @Sendable (inout JSONReader) -> Value?

    var name: String { spec.name }
}

extension Key where Value == Double {
    static func number(_ name: String, _ bounds: NumberBounds = .any, default value: Double? = nil,
                       required: Bool = false, _ summary: String) -> Key {
        Key(spec: KeySpec(name, .number(bounds), default: value.map { .json(JSONNumber.format($0)) } ?? .none,
                          required: required, summary)) { $0.readNumber(bounds) }
    }
}

extension Key where Value == Int {
    static func integer(_ name: String, _ bounds: NumberBounds = .any, default value: Int? = nil,
                        required: Bool = false, _ summary: String) -> Key {
        Key(spec: KeySpec(name, .integer(bounds), default: value.map { .json(String($0)) } ?? .none,
                          required: required, summary)) { $0.readInt(bounds) }
    }
}

extension Key where Value == String {
    static func string(_ name: String, nonEmpty: Bool = false, default value: String? = nil, required: Bool = false,
                       _ summary: String) -> Key {
        Key(spec: KeySpec(name, .string(nonEmpty: nonEmpty), default: value.map { .json(OrderedJSON.literal($0)) } ?? .none,
                          required: required, summary)) { $0.readString(nonEmpty: nonEmpty) }
    }
}

extension Key where Value == String {
    /// Text the deck shows, which may be given per locale (`DeckDecoder.readLocalized`).
    static func text(_ name: String, default value: String? = nil, _ summary: String) -> Key {
        Key(spec: KeySpec(name, .text(nonEmpty: false), default: value.map { .json(OrderedJSON.literal($0)) } ?? .none,
                          summary)) { DeckDecoder.readLocalized(&$0, nonEmpty: false) }
    }

    /// A file's path, which may hold `{locale}` (`DeckDecoder.readPath`).
    static func path(_ name: String, required: Bool = false, default value: DefaultValue = .none, _ summary: String) -> Key {
        Key(spec: KeySpec(name, .string(nonEmpty: true), default: value, required: required, summary)) {
            DeckDecoder.readPath(&$0)
        }
    }
}

extension Key where Value == [Double] {
    /// A point `[x, y]` in points, each within ±100000.
    static func point(_ name: String, default value: DefaultValue = .none, _ summary: String) -> Key {
        Key(spec: KeySpec(name, .numbers(names: ["x", "y"]), default: value, summary)) { r in
            r.readNumbers(count: 2).flatMap { values in
                guard values.allSatisfy({ abs($0) <= 100_000 }) else {
                    r.report("must be within ±100000 points")
                    return nil
                }
                return values
            }
        }
    }
}

extension Key where Value == Bool {
    static func boolean(_ name: String, default value: Bool, _ summary: String) -> Key {
        Key(spec: KeySpec(name, .boolean, default: .json(value ? "true" : "false"), summary)) { $0.readBool() }
    }
}

extension Key where Value == Color {
    static func color(_ name: String, default value: String? = nil, required: Bool = false, _ summary: String) -> Key {
        Key(spec: KeySpec(name, .color, default: value.map { .json(OrderedJSON.literal($0)) } ?? .none, required: required,
                          summary)) { $0.readColor() }
    }
}

extension Key where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of an enum's cases; `noun` names the kind of value in messages (`unknown curve "ease"`).
    static func choice(_ name: String, noun: String, default value: Value? = nil, _ summary: String) -> Key {
        Key(spec: KeySpec(name, .choice(Value.allCases.map(\.rawValue)),
                          default: value.map { .json(OrderedJSON.literal($0.rawValue)) } ?? .none, summary)) {
            $0.readChoice(noun)
        }
    }
}

extension JSONReader {
    /// Member `key` read as its declaration says; nil when absent or wrong (and then reported).
    mutating func read<Value>(_ key: Key<Value>) -> Value? {
        member(key.name, key.read)
    }

    /// True if the value under the cursor is an object; reports every key `spec` does not declare,
    /// with a suggestion, and every required key that is missing.
    mutating func expectObject(_ spec: ObjectSpec) -> Bool {
        guard expectObject(keys: spec.keyNames) else { return false }
        for key in spec.requiredKeys { _ = require(key) }
        return true
    }
}
