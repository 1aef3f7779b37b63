import PageReelJSON
import PageReelTestSupport
import Testing

@Suite struct JSONParserTests {
    @Test func parsesLiterals() throws {
        #expect(try JSONParser.parse(Array("true".utf8)).content == .bool(true))
        #expect(try JSONParser.parse(Array(" false ".utf8)).content == .bool(false))
        #expect(try JSONParser.parse(Array("null".utf8)).content == .null)
        #expect(try JSONParser.parse(Array("[]".utf8)).content == .array([]))
        #expect(try JSONParser.parse(Array("{}".utf8)).content == .object([]))
    }

    /// Values are checked against the standard library's decimal conversion, an independent path
    /// from the parser's hand conversion of short integers.
    @Test(arguments: [
        ("0", true), ("-0", true), ("-12", true), ("7680", true), ("999999999999999", true),
        ("123456789012345678901", true), ("9007199254740993", true), ("30.0", false), ("3e1", false),
        ("1.5E-3", false), ("-0.25", false), ("1e-400", false), ("2.5e+2", false),
    ])
    func parsesNumbers(text: String, isIntegerLiteral: Bool) throws {
        let value = try JSONParser.parse(Array(text.utf8))
        let expected = try #require(Double(text))
        #expect(value.content == .number(JSONNumber(expected, isIntegerLiteral: isIntegerLiteral)))
        #expect(value.number?.sign == expected.sign)
    }

    @Test func decodesEveryEscape() throws {
        let value = try JSONParser.parse(Array(#""\"\\\/\b\f\n\r\t""#.utf8))
        #expect(value.string == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(try JSONParser.parse(Array(#""\u00e9\u4E2D\u0000""#.utf8)).string == "é中\u{0}")
    }

    @Test func joinsSurrogatePairs() throws {
        #expect(try JSONParser.parse(Array(#""\uD83D\uDE00""#.utf8)).string == "😀")
        #expect(try JSONParser.parse(Array(#""a\ud834\udd1eb""#.utf8)).string == "a𝄞b")
    }

    @Test func keepsRawUTF8() throws {
        #expect(try JSONParser.parse(Array(#""héllo 😀 中""#.utf8)).string == "héllo 😀 中")
    }

    @Test func keepsKeyOrderAndPositions() throws {
        let text = "{\n  \"b\": 1,\n  \"a\": [true, \"x\"]\n}"
        let root = try JSONParser.parse(Array(text.utf8))
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["b", "a"])
        #expect(root.position == SourcePosition(line: 1, column: 1))
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[0].value.position == SourcePosition(line: 2, column: 8))
        #expect(members[1].keyPosition == SourcePosition(line: 3, column: 3))
        let elements = try #require(root["a"]?.elements)
        #expect(elements.map(\.position) == [SourcePosition(line: 3, column: 9), SourcePosition(line: 3, column: 15)])
        #expect(root["b"]?.number == 1)
        #expect(root["c"] == nil)
    }

    @Test func findsDuplicateKeysInBigObjects() throws {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        let root = try JSONParser.parse(Array(("{" + keys.joined(separator: ",") + "}").utf8))
        #expect(root.members?.count == 40)
        #expect(root["k39"]?.number == 39)
        for repeated in [3, 20] {
            let text = "{" + keys.joined(separator: ",") + ",\n \"k\(repeated)\": 0}"
            let error = try #require(syntaxError(text))
            #expect(error.description == "line 2, column 2: duplicate key \"k\(repeated)\"")
        }
    }

    @Test func describesKinds() throws {
        let root = try JSONParser.parse(Array(#"[null, true, 1, "s", [], {}]"#.utf8))
        let kinds = try #require(root.elements).map(\.kindDescription)
        #expect(kinds == ["null", "a boolean", "a number", "a string", "an array", "an object"])
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(syntaxError(#"["é😀", x]"#)?.position == SourcePosition(line: 1, column: 8))
    }

    @Test func countsCRLFAndCRLines() {
        #expect(syntaxError("[\r\n1,\r\n x]")?.position == SourcePosition(line: 3, column: 2))
        #expect(syntaxError("[\r1,\r x]")?.position == SourcePosition(line: 3, column: 2))
    }

    @Test func acceptsALeadingByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).elements?.count == 1)
        #expect(syntaxError([0xEF, 0xBB, 0xBF] + Array("[x]".utf8))?.position == SourcePosition(line: 1, column: 2))
        #expect(syntaxError(" \u{FEFF}[1]")?.message == "unexpected character '\u{FEFF}' (U+FEFF), expected a value")
    }

    @Test(arguments: [
        ("", 1, 1, "empty document"),
        ("  \n ", 2, 2, "empty document"),
        ("[1] x", 1, 5, "unexpected character 'x' after the end of the document"),
        ("{} {}", 1, 4, "unexpected character '{' after the end of the document"),
        ("[1,]", 1, 4, "trailing comma before ']'"),
        (#"{"a":1,}"#, 1, 8, "trailing comma before '}'"),
        (#"{"a" 1}"#, 1, 6, "unexpected character '1', expected ':' after the key"),
        ("{a:1}", 1, 2, "unexpected character 'a', expected a key in double quotes"),
        ("[1 2]", 1, 4, "unexpected character '2', expected ',' or ']'"),
        (#"{"a":1 "b":2}"#, 1, 8, #"unexpected character '"', expected ',' or '}'"#),
        ("[", 1, 2, "unexpected end of input, expected a value"),
        ("[1", 1, 3, "unexpected end of input, expected ',' or ']'"),
        ("{\n\"a\": 1,\n\"a\": 2}", 3, 1, #"duplicate key "a""#),
        (#""abc"#, 1, 1, "unterminated string"),
        ("\"a\nb\"", 1, 3, #"line break in string (write \n)"#),
        ("\"\u{1}\"", 1, 2, "control character U+0001 in string (escape it)"),
        (#""\x""#, 1, 2, #"invalid escape '\x'"#),
        (#""\u12G4""#, 1, 2, #"invalid \u escape (needs four hex digits)"#),
        (#""\uD800""#, 1, 2, #"unpaired surrogate \uD800"#),
        (#""\uDC00""#, 1, 2, #"unpaired surrogate \uDC00"#),
        (#"["ok", "\uD800\u0041"]"#, 1, 9, #"unpaired surrogate \uD800"#),
        ("01", 1, 2, "invalid number, leading zeros are not allowed"),
        ("-", 1, 2, "invalid number, expected a digit after '-'"),
        ("1.", 1, 3, "invalid number, expected a digit after '.'"),
        ("1e+", 1, 4, "invalid number, expected a digit in the exponent"),
        ("1e400", 1, 1, "number 1e400 is out of range"),
        ("[0, -1e400]", 1, 5, "number -1e400 is out of range"),
        ("tru", 1, 1, "invalid literal, expected true"),
        ("[nul]", 1, 2, "invalid literal, expected null"),
        ("True", 1, 1, "unexpected character 'T', expected a value"),
        ("[“a”]", 1, 2, "unexpected character '“' (U+201C), expected a value"),
    ])
    func reportsSyntaxErrorsWithPositions(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.message == message)
        #expect(error.position == SourcePosition(line: line, column: column))
        #expect(error.description == "line \(line), column \(column): \(message)")
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22], "invalid UTF-8 byte 0xFF in string"),
        ([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 byte 0xC0 in string"),          // overlong "/"
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 byte 0xED in string"),    // encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 byte 0xF4 in string"), // past U+10FFFF
        ([0x22, 0xE2, 0x82], "invalid UTF-8 byte 0xE2 in string"),                 // truncated
        ([0x22, 0x80, 0x22], "invalid UTF-8 byte 0x80 in string"),                 // lone continuation
        ([0xFF], "unexpected byte 0xFF, expected a value"),
        ([0x00], "unexpected byte 0x00, expected a value"),
    ] as [([UInt8], String)])
    func rejectsInvalidUTF8(bytes: [UInt8], message: String) throws {
        let error = try #require(syntaxError(bytes))
        #expect(error.message == message)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(Array(text.utf8))
        var levels = 1
        while let inner = value.elements?.first {
            value = inner
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test func rejectsNestingPastTheLimit() throws {
        let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        let error = try #require(syntaxError(tooDeep))
        #expect(error.description == "line 1, column 257: nesting deeper than 256 levels")
        let objects = String(repeating: #"{"a":"#, count: 300)
        #expect(syntaxError(objects)?.position == SourcePosition(line: 1, column: 5 * 256 + 1))
    }

    @Test func survivesAHundredThousandOpenBrackets() throws {
        let error = try #require(syntaxError([UInt8](repeating: UInt8(ascii: "["), count: 100_000)))
        #expect(error.message == "nesting deeper than 256 levels")
    }

    /// Random bytes and random damage to a valid deck: every input ends in a value or an error
    /// whose position lies inside the text, never a crash or a hang.
    @Test func garbageEndsInAnErrorInsideTheText() {
        var random = SplitMix64(seed: 0x5EED)
        let valid = Array(#"{"pages": [{"title": "é😀", "layers": [{"x": -1.5e3}]}], "tabs": null}"#.utf8)
        var failures = 0
        for round in 0..<3000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<random.next(below: 120)).map { _ in UInt8(random.next(below: 256)) }
            } else {
                bytes = valid
                for _ in 0...random.next(below: 4) {
                    let at = random.next(below: bytes.count)
                    switch random.next(below: 3) {
                    case 0: bytes[at] = UInt8(random.next(below: 256))
                    case 1: bytes.remove(at: at)
                    default: bytes.insert(UInt8(random.next(below: 256)), at: at)
                    }
                }
            }
            guard let error = syntaxError(bytes) else { continue }
            failures += 1
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            #expect(error.position.line >= 1 && error.position.column >= 1)
            #expect(error.position.line <= lines.count + bytes.filter { $0 == 0x0D }.count)
            #expect(error.position.column <= bytes.count + 1)
        }
        #expect(failures > 1500)
    }
}

extension SplitMix64 {
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Parses `text` as JSON, returning the error if it fails.
func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(Array(text.utf8))
}

func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}
