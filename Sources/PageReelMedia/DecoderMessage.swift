import Foundation

/// A decoder library's message made safe to print about a stranger's file: without any bytes of
/// the file in it.
///
/// libpng names the chunk an error is in by the chunk's four type bytes, as they are in the file
/// (non-letters as `[0A]`), and libjpeg prints marker values in hex ("Unsupported marker type
/// 0xd9"); for a crafted file both are the file's own bytes — a secret in a text file that begins
/// like a PNG would come out four bytes at a time. A chunk name is kept only when it is one of the
/// PNG specification's, and hex values are dropped; the rest of a message is the library's own text.
enum DecoderMessage {
    /// The chunk types of PNG (third edition) and APNG: names a message may show.
    static let pngChunks: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCV",
        "cLLI", "tEXt", "zTXt", "iTXt", "bKGD", "hIST", "pHYs", "sPLT", "eXIf", "tIME", "acTL", "fcTL", "fdAT",
        "oFFs", "pCAL", "sCAL", "sTER", "gIFg", "gIFx", "gIFt", "fRAc", "dSIG",
    ]

    /// libpng's `message` with a chunk name that is not a known chunk's replaced by "a chunk".
    static func png(_ message: String) -> String {
        // png_chunk_error's form: the name (4 bytes, a byte that is not a letter as "[XX]"), ": ", the text.
        guard let colon = message.range(of: ": ") else { return withoutHex(message) }
        let name = String(message[..<colon.lowerBound])
        let rest = String(message[colon.upperBound...])
        if pngChunks.contains(name) { return name + ": " + withoutHex(rest) }
        let looksLikeName = name.count >= 4 && name.count <= 16 && !name.contains(" ")
        return looksLikeName ? "a chunk: " + withoutHex(rest) : withoutHex(message)
    }

    /// What may stand around a value in a message ("0x67," "(0xd9)").
    static let punctuation = CharacterSet(charactersIn: ",.():;")

    /// `message` without hexadecimal values (`0x…`) and the space before each.
    static func withoutHex(_ message: String) -> String {
        var words: [Substring] = []
        for word in message.split(separator: " ", omittingEmptySubsequences: false) {
            let bare = word.trimmingCharacters(in: Self.punctuation)
            if bare.count > 2, bare.hasPrefix("0x") || bare.hasPrefix("0X"),
               bare.dropFirst(2).allSatisfy(\.isHexDigit) { continue }
            words.append(word)
        }
        return words.joined(separator: " ")
    }
}
