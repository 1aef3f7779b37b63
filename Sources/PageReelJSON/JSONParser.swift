// PageReelJSON: JSON read for people who write it by hand, knowing nothing of decks.
//
// Design note: `JSONParser` turns RFC 8259 text into `JSONValue`s that remember their line and
// column, treats a duplicate key as an error, compares keys by Unicode scalar (as JSON does, not as
// Swift's `==` does) and keeps object members in order. `JSONReader` walks the tree with its JSON
// path and collects every issue at once, so a decoder built on it (`PageReelDeck.DeckDecoder`)
// reports everything wrong in one run; `NumberBounds` words range errors the same way everywhere.
// `OrderedJSON` writes JSON back out in the order it was declared (the deck's schema, `init`'s
// deck). `MessageText` and `SpellingSuggestion` are how any text from the input appears in a
// message: escaped, shortened, with a "did you mean". The deck format is one client; the schema
// tests parse JSON Schema with the same parser.

/// An RFC 8259 JSON parser that remembers where every value and key was written.
///
/// Decks are written by hand, so the parser's job is good messages as much as speed: every error
/// names a line and column, duplicate keys are errors rather than "last one wins", and hostile
/// input (binary garbage, `[[[[…` a hundred thousand deep, `1e400`) ends in an error, never a
/// crash, a hang or infinity. Nesting is limited to `maxDepth`, checked before descending, so the
/// recursion is bounded whatever the input.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 256

    /// Parses one JSON document (UTF-8, an optional leading byte order mark).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            var parser = JSONParser(bytes: buffer)
            return try parser.document()
        }
    }

    // Valid only inside `parse`, which owns the array. A raw buffer because array bounds checks
    // tripled the parse time of large decks in debug builds (what the tests run).
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    private var line = 1
    private var lineStart = 0
    // Columns count scalars, so they are worked out incrementally from the last position asked
    // for; positions are requested in increasing order, which keeps the whole parse linear.
    private var knownColumnOffset = 0
    private var knownColumn = 1

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            offset = 3
            lineStart = 3
            knownColumnOffset = 3
        }
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw error("empty document") }
        let result = try value(depth: 0)
        skipWhitespace()
        if offset < bytes.count { throw error("\(unexpected()) after the end of the document") }
        return result
    }

    /// The value at `offset`, inside `depth` enclosing arrays and objects.
    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard offset < bytes.count else { throw error("unexpected end of input, expected a value") }
        let start = position(at: offset)
        switch bytes[offset] {
        case UInt8(ascii: "{"): return JSONValue(.object(try object(depth: depth + 1)), at: start)
        case UInt8(ascii: "["): return JSONValue(.array(try array(depth: depth + 1)), at: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try string()), at: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONValue(.bool(true), at: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONValue(.bool(false), at: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONValue(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try number()), at: start)
        default: throw error("\(unexpected()), expected a value")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        try checkDepth(depth)
        offset += 1
        var members: [JSONMember] = []
        var keys = Set<[UInt8]>()
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            offset += 1
            return members
        }
        while true {
            guard peek == UInt8(ascii: "\"") else {
                if !members.isEmpty && peek == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
                throw error("\(unexpected()), expected a key in double quotes")
            }
            let keyPosition = position(at: offset)
            let key = try string()
            guard !isDuplicate(key, in: members, index: &keys) else {
                throw JSONSyntaxError("duplicate key \(MessageText.quoted(key))", at: keyPosition)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("\(unexpected()), expected ':' after the key") }
            offset += 1
            skipWhitespace()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: try value(depth: depth)))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                return members
            default: throw error("\(unexpected()), expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        try checkDepth(depth)
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            offset += 1
            return elements
        }
        while true {
            if !elements.isEmpty && peek == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                return elements
            default: throw error("\(unexpected()), expected ',' or ']'")
            }
        }
    }

    /// Whether `key` is already in `members`, compared scalar by scalar as JSON does ("é" and
    /// "e" + U+0301 are different keys, though Swift's `==` calls them equal). Deck objects have a
    /// few keys, so a scan beats hashing; past 16 members `index` takes over to keep big objects
    /// linear.
    private func isDuplicate(_ key: String, in members: [JSONMember], index: inout Set<[UInt8]>) -> Bool {
        if members.count < 16 { return members.contains { $0.key.isSameKey(as: key) } }
        if index.isEmpty { index = Set(members.map { Array($0.key.utf8) }) }
        return !index.insert(Array(key.utf8)).inserted
    }

    private mutating func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard offset + expected.count <= bytes.count,
              bytes[offset..<offset + expected.count].elementsEqual(expected) else {
            throw error("invalid literal, expected \(word)")
        }
        offset += expected.count
    }

    // MARK: Positions and messages

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09:
                offset += 1
            case 0x0A:
                offset += 1
                startLine()
            case 0x0D:
                offset += 1
                if peek == 0x0A { offset += 1 }
                startLine()
            default:
                return
            }
        }
    }

    private mutating func startLine() {
        line += 1
        lineStart = offset
        knownColumnOffset = offset
        knownColumn = 1
    }

    /// The line and column of byte `target` on the current line.
    mutating func position(at target: Int) -> SourcePosition {
        if target < knownColumnOffset {
            knownColumnOffset = lineStart
            knownColumn = 1
        }
        var i = knownColumnOffset
        while i < target {
            if bytes[i] & 0xC0 != 0x80 { knownColumn += 1 }
            i += 1
        }
        knownColumnOffset = target
        return SourcePosition(line: line, column: knownColumn)
    }

    /// An error at the current offset.
    mutating func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message, at: position(at: offset))
    }

    /// "unexpected character 'x'", "unexpected byte 0xFF" or "unexpected end of input".
    private func unexpected() -> String {
        guard offset < bytes.count else { return "unexpected end of input" }
        let b = bytes[offset]
        if b > 0x20 && b < 0x7F { return "unexpected character '\(Character(Unicode.Scalar(b)))'" }
        if let length = utf8Length(at: offset) {
            let scalar = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            return "unexpected character '\(scalar)' (\(Self.codePoint(scalar.unicodeScalars.first!.value)))"
        }
        return "unexpected byte \(Self.hexByte(b))"
    }

    static func hexByte(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(b >> 4)])\(digits[Int(b & 15)])"
    }

    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
