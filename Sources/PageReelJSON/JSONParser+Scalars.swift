// Strings and numbers: the two tokens with an inner grammar.

extension JSONParser {
    /// The string starting at the opening quote at `offset`, escapes resolved and UTF-8 checked.
    mutating func string() throws(JSONSyntaxError) -> String {
        let quote = offset
        offset += 1
        let start = offset
        // Most deck strings are short ASCII without escapes: copy them in one go.
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: bytes[start..<offset - 1], as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            offset += 1
        }
        var buffer = Array(bytes[start..<offset])
        while true {
            guard let b = peek else { throw JSONSyntaxError("unterminated string", at: position(at: quote)) }
            switch b {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &buffer)
            case 0x0A, 0x0D:
                throw error("line break in string (write \\n)")
            case 0..<0x20:
                throw error("control character \(Self.codePoint(UInt32(b))) in string (escape it)")
            case 0x80...:
                guard let length = utf8Length(at: offset) else {
                    throw error("invalid UTF-8 byte \(Self.hexByte(b)) in string")
                }
                buffer.append(contentsOf: bytes[offset..<offset + length])
                offset += length
            default:
                buffer.append(b)
                offset += 1
            }
        }
    }

    /// Reads the escape sequence at `offset` (at its backslash) into `buffer` as UTF-8.
    private mutating func escape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        guard offset + 1 < bytes.count else { throw error("unterminated string") }
        let simple: UInt8?
        switch bytes[offset + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            let b = bytes[offset + 1]
            if b > 0x20 && b < 0x7F { throw error("invalid escape '\\\(Character(Unicode.Scalar(b)))'") }
            throw error("invalid escape (backslash before byte \(Self.hexByte(b)))")
        }
        if let simple {
            buffer.append(simple)
            offset += 2
            return
        }
        let escapeStart = offset
        var scalar = try hex4()
        if (0xDC00...0xDFFF).contains(scalar) {
            throw JSONSyntaxError("unpaired surrogate \\u\(hex(scalar))", at: position(at: escapeStart))
        }
        if (0xD800...0xDBFF).contains(scalar) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                  bytes[offset + 1] == UInt8(ascii: "u") else {
                throw JSONSyntaxError("unpaired surrogate \\u\(hex(scalar))", at: position(at: escapeStart))
            }
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONSyntaxError("unpaired surrogate \\u\(hex(scalar))", at: position(at: escapeStart))
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        appendUTF8(scalar, to: &buffer)
    }

    /// The four hex digits of the `\uXXXX` escape at `offset`, which moves past it.
    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for k in 2..<6 {
            let i = offset + k
            let digit: UInt32
            switch i < bytes.count ? bytes[i] : 0 {
            case let b where (0x30...0x39).contains(b): digit = UInt32(b - 0x30)
            case let b where (0x41...0x46).contains(b): digit = UInt32(b - 0x41 + 10)
            case let b where (0x61...0x66).contains(b): digit = UInt32(b - 0x61 + 10)
            default: throw error("invalid \\u escape (needs four hex digits)")
            }
            value = value << 4 | digit
        }
        offset += 6
        return value
    }

    private func hex(_ value: UInt32) -> String { String(Self.codePoint(value).dropFirst(2)) }

    private func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The length of the well-formed UTF-8 sequence of a non-ASCII scalar starting at `i`
    /// (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF), or nil.
    func utf8Length(at i: Int) -> Int? {
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch bytes[i] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return nil
        }
        guard i + length <= bytes.count, second.contains(bytes[i + 1]) else { return nil }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return nil }
        return length
    }

    /// The number at `offset`. Short integers are converted exactly by hand; everything else goes
    /// through the standard library's correctly rounded conversion.
    mutating func number() throws(JSONSyntaxError) -> JSONNumber {
        let start = offset
        let negative = peek == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard let first = peek, isDigit(first) else {
            throw error("invalid number, expected a digit after '-'")
        }
        var integer = 0
        var digits = 0
        if first == UInt8(ascii: "0") {
            offset += 1
            if let next = peek, isDigit(next) { throw error("invalid number, leading zeros are not allowed") }
        } else {
            while let d = peek, isDigit(d) {
                if digits < 18 { integer = integer * 10 + Int(d - 0x30) }
                digits += 1
                offset += 1
            }
        }
        var isIntegerLiteral = true
        if peek == UInt8(ascii: ".") {
            isIntegerLiteral = false
            offset += 1
            guard let d = peek, isDigit(d) else { throw error("invalid number, expected a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isIntegerLiteral = false
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard let d = peek, isDigit(d) else { throw error("invalid number, expected a digit in the exponent") }
            skipDigits()
        }
        if isIntegerLiteral && digits <= 15 {
            return JSONNumber(negative ? -Double(integer) : Double(integer), isIntegerLiteral: true)
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError("number \(text.count > 40 ? text.prefix(40) + "…" : text) is out of range",
                                  at: position(at: start))
        }
        return JSONNumber(value, isIntegerLiteral: isIntegerLiteral)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func skipDigits() {
        while let d = peek, isDigit(d) { offset += 1 }
    }
}
