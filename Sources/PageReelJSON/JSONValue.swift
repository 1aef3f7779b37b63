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

extension JSONValue {
    /// Where the value at a JSON path (`pages[2].image`, `captions["odd key"]`, as `JSONReader`
    /// writes paths) starts in the text: that value's first character, or, where the path goes past
    /// what the text holds (a key it lacks, a page of a template), the nearest enclosing value's.
    public func position(ofPath path: String) -> SourcePosition {
        var node = self
        var rest = Substring(path)
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("[\"") {
                // A quoted key: shown escaped and perhaps shortened, so only a plain one is found.
                guard let close = rest.firstRange(of: "\"]") else { break }
                let key = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])
                guard !key.contains("\\"), !key.hasSuffix("…"), let child = node[key] else { break }
                node = child
                rest = rest[close.upperBound...]
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                      let items = node.elements, items.indices.contains(index) else { break }
                node = items[index]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                guard let child = node[String(rest[..<end])] else { break }
                node = child
                rest = rest[end...]
            }
        }
        return node.position
    }

    /// The places of this object's members and of their members (`canvas`, `canvas.fps`, …) by
    /// JSON path, for naming a line long after the tree is gone; arrays are not entered, so it
    /// stays small however many pages a deck has.
    public var outline: JSONOutline {
        var places: [String: SourcePosition] = ["": position]
        for member in members ?? [] {
            let path = JSONReader.path("", key: member.key)
            places[path] = member.value.position
            for inner in member.value.members ?? [] { places[JSONReader.path(path, key: inner.key)] = inner.value.position }
        }
        return JSONOutline(places: places)
    }
}

/// Where a document's top two levels of values are written (`JSONValue.outline`).
public struct JSONOutline: Sendable, Equatable {
    public var places: [String: SourcePosition]

    public init(places: [String: SourcePosition] = [:]) { self.places = places }

    /// The place of the value at `path`, or of the nearest enclosing value the outline has.
    public func position(ofPath path: String) -> SourcePosition? {
        var path = Substring(path)
        while true {
            if let place = places[String(path)] { return place }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return places[""] }
            path = path[..<cut]
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

    /// `4:5`, the form after a file name that terminals and editors link: `deck.json:4:5`.
    public var lineColumn: String { "\(line):\(column)" }
}

extension String {
    /// Whether two object keys are the same key: the same Unicode scalars, as JSON compares them,
    /// not Swift's canonical equivalence (which makes "é" equal to "e" + U+0301).
    public func isSameKey(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
