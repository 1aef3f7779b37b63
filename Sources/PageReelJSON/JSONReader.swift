/// A cursor over a JSON tree that knows its JSON path and collects every issue it meets.
///
/// A decoder (the deck's) walks the tree with one reader: `member("canvas") { … }` steps into a
/// member with the path extended, the `read…` methods check the value under the cursor, and the
/// shortcuts (`int("width", in: 16...7680)`) do both. A value that is wrong is reported and read as
/// nil, so the caller keeps its default and carries on: one run reports everything. Issues come out
/// in document order, whatever order the decoder visited the keys in.
public struct JSONReader {
    /// The value under the cursor.
    public private(set) var value: JSONValue
    /// Its JSON path, e.g. `pages[1].layers[0].text`; empty at the root.
    public private(set) var path = ""
    private var found: [(position: SourcePosition, issue: JSONIssue)] = []
    /// For formats whose text may come in several languages (the deck's `locales`): the locales
    /// the document declares and the one being read. Set once before the walk; the reader only
    /// carries it, so every `read…` function along the way sees the same choice.
    public var locales: Locales?
    /// The JSON paths of the values read with the locale filled in (a path's `{locale}`), so a
    /// caller can tell a file missing for one locale from a file missing for all.
    public var localized: [String] = []

    /// A document's locales and the one it is being read in.
    public struct Locales: Sendable, Equatable {
        /// The declared codes, the first being the default.
        public let codes: [String]
        /// The locale being read; one of `codes`.
        public let current: String

        public init(codes: [String], current: String) {
            self.codes = codes
            self.current = current
        }
    }

    public init(_ root: JSONValue) { value = root }

    /// Every issue reported, in the order of the text they point at.
    public var issues: [JSONIssue] {
        found.enumerated()
            .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map { JSONIssue(path: $0.element.issue.path, message: $0.element.issue.message, position: $0.element.position) }
    }

    // MARK: Reporting

    /// Reports a problem with the value under the cursor.
    public mutating func report(_ message: String) {
        found.append((value.position, JSONIssue(path: path, message: message)))
    }

    /// Reports a problem with member `key` of the object under the cursor (present or not).
    public mutating func report(_ message: String, key: String) {
        let position = value.members?.first { $0.key.isSameKey(as: key) }?.keyPosition ?? value.position
        found.append((position, JSONIssue(path: Self.path(path, key: key), message: message)))
    }

    /// Reports that the value under the cursor has the wrong type: `expected a number, got a string`.
    public mutating func reportType(expected: String) {
        report("expected \(expected), got \(value.kindDescription)")
    }

    // MARK: Moving

    /// Runs `read` on member `key` of the object under the cursor; nil if there is no such member.
    public mutating func member<T>(_ key: String, _ read: (inout JSONReader) -> T?) -> T? {
        guard let child = value[key] else { return nil }
        return descend(into: child, path: Self.path(path, key: key), read)
    }

    /// Runs `read` on each element of the array under the cursor, keeping the non-nil results.
    public mutating func elements<T>(_ read: (inout JSONReader, Int) -> T?) -> [T] {
        guard let items = value.elements else { return [] }
        var results: [T] = []
        results.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let result = descend(into: item, path: "\(path)[\(index)]", { read(&$0, index) }) {
                results.append(result)
            }
        }
        return results
    }

    private mutating func descend<T>(into child: JSONValue, path childPath: String,
                                     _ read: (inout JSONReader) -> T?) -> T? {
        let saved = (value, path)
        (value, path) = (child, childPath)
        let result = read(&self)
        (value, path) = saved
        return result
    }

    /// `parent.key`, or `parent["odd key"]` when the key is not a plain identifier (or is too long
    /// to show whole: quoting shortens it).
    public static func path(_ parent: String, key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.count <= 40 && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
        if !plain { return "\(parent)[\(MessageText.quoted(key))]" }
        return parent.isEmpty ? key : "\(parent).\(key)"
    }

    // MARK: Objects

    /// True if the value under the cursor is an object; reports each key not in `allowed`, with a
    /// suggestion. Reports the type and returns false for anything else.
    public mutating func expectObject(keys allowed: [String]) -> Bool {
        guard let members = value.members else {
            reportType(expected: "an object")
            return false
        }
        for member in members where !allowed.contains(where: { $0.isSameKey(as: member.key) }) {
            found.append((member.keyPosition, JSONIssue(
                path: Self.path(path, key: member.key),
                message: "unknown key" + SpellingSuggestion.hint(for: member.key, among: allowed))))
        }
        return true
    }

    /// True if the object under the cursor has member `key`.
    public func has(_ key: String) -> Bool { value[key] != nil }

    /// True if the object under the cursor has member `key`; reports `key: required` if not.
    public mutating func require(_ key: String) -> Bool {
        if has(key) { return true }
        report("required", key: key)
        return false
    }
}

/// One problem at one place in a JSON document: its JSON path (`pages[1].image`, empty for the
/// document itself) and what is wrong there.
public struct JSONIssue: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// Where the value (or, for a key's problem, the key) is written; nil when not known.
    public var position: SourcePosition?

    public init(path: String, message: String, position: SourcePosition? = nil) {
        self.path = path
        self.message = message
        self.position = position
    }

    /// `path: message` (the message alone at the root), as written: not escaped for a terminal.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// The same problem with the same value: where its text was written is not compared.
    public static func == (a: JSONIssue, b: JSONIssue) -> Bool { a.path == b.path && a.message == b.message }
}
