/// Locale codes as decks write them (`en`, `de-DE`, `pt-BR`, `zh-Hans`, the folder names fastlane
/// snapshot writes), and which of them are read right to left.
public enum LocaleCode {
    /// A language of two or three letters, then subtags of one to eight letters or digits joined
    /// by `-` or `_`: the shape of BCP 47 tags and of POSIX-style `de_DE`, short enough for a folder name.
    public static func isValid(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count),
              language.unicodeScalars.allSatisfy(isLetter) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
        } && code.count <= 35
    }

    /// Whether interfaces in `code` run right to left, as UIKit's and Android's layout direction
    /// does: by its script subtag when it has one (`az-Arab` is, `ku-Latn` is not), else by its
    /// language's usual script (CLDR's right-to-left languages: Arabic, Hebrew, Persian, Urdu, …).
    public static func isRightToLeft(_ code: String) -> Bool {
        let parts = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first else { return false }
        if let script = parts.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(script)
        }
        return rightToLeftLanguages.contains(language)
    }

    /// ISO 15924 codes of the scripts written right to left that Unicode has.
    static let rightToLeftScripts: Set<String> = ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "mand",
                                                  "samr", "mend", "yezi", "sogd", "hung"]
    /// Languages written right to left by default (CLDR's likely scripts).
    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw",
                                                    "ji", "khw", "ks", "lrc", "mzn", "nqo", "pnb", "ps", "sd", "sdh",
                                                    "syr", "ug", "ur", "yi"]

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
