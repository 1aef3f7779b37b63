/// A parsed JSON value with the place it was written, so every later complaint about it can point
/// at a line and column.
///
/// The deck decoder reads this tree instead of Foundation's because Foundation forgets key order,
/// source positions and duplicate keys, and cannot tell `30` from `30.0`.
public struct JSONValue: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        /// Members in the order they were written; keys are unique.
        case object([JSONMember])
    }

    public var content: Content
    /// Where the value starts (its first character).
    public var position: SourcePosition

    public init(_ content: Content, at position: SourcePosition) {
        self.content = content
        self.position = position
    }

    /// The member named `key` if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = content else { return nil }
        return members.first { $0.key.isSameKey(as: key) }?.value
    }

    /// The members of an object, nil for any other value.
    public var members: [JSONMember]? {
        if case .object(let members) = content { return members }
        return nil
    }

    /// The elements of an array, nil for any other value.
    public var elements: [JSONValue]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    /// The value as a string, nil for any other value.
    public var string: String? {
        if case .string(let s) = content { return s }
        return nil
    }

    /// The number's value, nil for any other value.
    public var number: Double? {
        if case .number(let n) = content { return n.value }
        return nil
    }

    /// What the value is, for messages: "a string", "an object", "null", …
    public var kindDescription: String {
        switch content {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object, with the key's own position so that an unknown
/// key is reported where the key is written rather than where its value starts.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: SourcePosition
    public var value: JSONValue

    public init(key: String, keyPosition: SourcePosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A JSON number: its value, and whether it was written without a fraction or exponent.
/// Both are kept because a deck accepts `30.0` where an integer is expected, while a schema
/// or a formatter may want to know how the number was written.
public struct JSONNumber: Sendable, Equatable {
    public var value: Double
    /// True for literals like `30`, false for `30.0` or `3e1` (which still have an integral value).
    public var isIntegerLiteral: Bool

    /// A number as an author would write it: `30`, not `30.0`; `0.35`; `1e+20`.
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    public init(_ value: Double, isIntegerLiteral: Bool) {
        self.value = value
        self.isIntegerLiteral = isIntegerLiteral
    }
}

/// A 1-based line and column in a JSON text; columns count Unicode scalars, not bytes, so they
/// match what an editor shows on a line with accents or emoji.
public struct SourcePosition: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "line \(line), column \(column)" }
}

extension String {
    /// Whether two object keys are the same key: the same Unicode scalars, as JSON compares them,
    /// not Swift's canonical equivalence (which makes "é" equal to "e" + U+0301).
    public func isSameKey(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
