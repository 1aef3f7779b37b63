import PageReelJSON

// `locales`, and the values that depend on them: text given per locale, paths holding `{locale}`.

extension DeckDecoder {
    /// `locales`: the codes a deck is written in, the first being the default; each a locale code
    /// (`LocaleCode.isValid`), none twice.
    static func readLocales(_ r: inout JSONReader) -> [String]? {
        guard let items = r.value.elements else {
            r.reportType(expected: "an array of locale codes")
            return nil
        }
        if items.isEmpty {
            r.report("needs at least one locale")
            return nil
        }
        var seen = Set<String>()
        let codes = r.elements { r, _ -> String? in
            guard let code = r.readString(nonEmpty: true) else { return nil }
            guard LocaleCode.isValid(code) else {
                r.report("\(MessageText.quoted(code)) is not a locale code (like \"en\", \"de-DE\" or \"zh-Hans\")")
                return nil
            }
            guard seen.insert(code).inserted else {
                r.report("\(MessageText.quoted(code)) is listed twice")
                return nil
            }
            return code
        }
        return codes.count == items.count ? codes : nil
    }

    /// Text the deck shows: a string, or (with `locales`) an object holding one string per
    /// locale, read in the locale being read. A translation missing for that locale is an error
    /// naming it, never a fall back to another language.
    static func readLocalized(_ r: inout JSONReader, nonEmpty: Bool) -> String? {
        guard let members = r.value.members else { return r.readString(nonEmpty: nonEmpty) }
        guard let locales = r.locales else {
            r.report("text given per locale needs the deck's \"locales\" (e.g. \"locales\": [\"en\", \"de\"])")
            return nil
        }
        var text: String?
        for member in members {
            guard locales.codes.contains(member.key) else {
                r.report("\(MessageText.quoted(member.key)) is not one of the deck's locales (\(locales.codes.joined(separator: ", ")))",
                         key: member.key)
                continue
            }
            let value = r.member(member.key) { $0.readString(nonEmpty: nonEmpty) }
            if member.key == locales.current { text = value }
        }
        if !members.contains(where: { $0.key == locales.current }) {
            r.report("has no \(MessageText.quoted(locales.current)) text (locale \(locales.current))")
        }
        return text
    }

    /// A file's path; `{locale}` in it stands for the locale being read (`shots/{locale}/home.png`,
    /// the folders fastlane snapshot writes), which needs the deck's `locales`.
    static func readPath(_ r: inout JSONReader) -> String? {
        guard let path = r.readString(nonEmpty: true) else { return nil }
        guard path.contains(localePlaceholder) else { return path }
        guard let locales = r.locales else {
            r.report("\(localePlaceholder) needs the deck's \"locales\" (e.g. \"locales\": [\"en\", \"de\"])")
            return nil
        }
        r.localized.append(r.path)
        return path.replacingOccurrences(of: localePlaceholder, with: locales.current)
    }

    /// What a path writes for the locale.
    public static let localePlaceholder = "{locale}"
}
