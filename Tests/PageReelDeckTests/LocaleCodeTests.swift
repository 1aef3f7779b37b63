import PageReelDeck
import Testing

/// Which codes are locale codes, and which run right to left (CLDR's likely scripts).
@Suite struct LocaleCodeTests {
    @Test(arguments: ["en", "de", "ar", "pt-BR", "de_DE", "zh-Hans", "zh-Hant-TW", "sr-Latn-RS", "fil", "es-419"])
    func acceptsLocaleCodes(_ code: String) {
        #expect(LocaleCode.isValid(code))
    }

    @Test(arguments: ["", "e", "english", "en-", "-en", "en--US", "en US", "日本", "en/US", "../x", "en-abcdefghi", "1en"])
    func refusesOtherText(_ code: String) {
        #expect(!LocaleCode.isValid(code))
    }

    @Test(arguments: [("ar", true), ("ar-EG", true), ("he", true), ("iw", true), ("fa-IR", true), ("ur", true),
                      ("ps", true), ("yi", true), ("ckb", true), ("dv", true), ("ug", true), ("sd", true),
                      ("en", false), ("de-DE", false), ("ja", false), ("zh-Hans", false), ("tr", false), ("ku", false),
                      ("az-Arab", true), ("pa-Arab-PK", true), ("uz_Arab", true), ("sd-Deva", false),
                      ("ku-Latn", false), ("AR", true), ("ms-Arab", true)])
    func knowsRightToLeftLocales(_ code: String, _ rightToLeft: Bool) {
        #expect(LocaleCode.isRightToLeft(code) == rightToLeft)
    }
}
