/// Text taken from a deck (a key, a value, a file name) made safe to print in a message.
///
/// Messages go to a terminal, so what a deck contains must not act on it: an escape sequence in a
/// key would recolour or move the cursor, a right-to-left override would reorder the rest of the
/// line, and a megabyte key would flood the screen. Controls (C0, DEL, C1) and the bidi controls
/// are written as Swift-style escapes (`\u{1B}`, `\u{202E}`), newlines and tabs as `\n`, `\t`, and
/// long text is cut with `…`. Escaping is idempotent, so a message can be passed through again.
public enum MessageText {
    /// `text` in double quotes, safe to print and shortened past 40 characters, for messages.
    public static func quoted(_ text: String) -> String {
        "\"" + safe(text, limit: 40, escapingQuotes: true) + "\""
    }

    /// `text` with every control and bidi control escaped, cut to `limit` characters (Unicode
    /// scalars) when given; `escapingQuotes` also escapes `"` and `\`, for text shown in quotes.
    /// `keepingLineBreaks` leaves line breaks alone, for a message of several lines.
    public static func safe(_ text: String, limit: Int? = nil, escapingQuotes: Bool = false,
                            keepingLineBreaks: Bool = false) -> String {
        var out = ""
        for (n, scalar) in text.unicodeScalars.enumerated() {
            if let limit, n == limit {
                out += "…"
                break
            }
            switch scalar {
            case "\"" where escapingQuotes: out += "\\\""
            case "\\" where escapingQuotes: out += "\\\\"
            case "\n" where keepingLineBreaks: out += "\n"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where isUnsafe(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the characters that change the direction of what follows
    /// (LRM, RLM, ALM, the embeddings and overrides U+202A–202E, the isolates U+2066–2069).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
