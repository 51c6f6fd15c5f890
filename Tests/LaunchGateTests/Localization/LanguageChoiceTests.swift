import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Choosing the texts' language from the user's preferred languages")
struct LanguageChoiceTests {
    private func language(_ preferred: [String]) -> String { LaunchGateStrings.forLanguages(preferred).language }

    // MARK: Tests

    @Test("an exact tag matches, whatever its case or separator", arguments: [
        ("fr", "fr"), ("pt-BR", "pt-BR"), ("PT_br", "pt-BR"), ("zh-hant", "zh-Hant"), ("fr-CA", "fr-CA"), ("es-MX", "es-MX"),
    ])
    func exact(tag: String, expected: String) {
        #expect(language([tag]) == expected)
    }

    @Test("a region the SDK doesn't ship falls back to its language", arguments: [
        ("de-AT", "de"), ("fr-BE", "fr"), ("it-CH", "it"), ("ja-JP", "ja"), ("ar-EG", "ar"), ("sv_FI", "sv"),
        ("en-GB", "en"), ("en-AU", "en"), ("en-CA", "en"), ("es-ES", "es"), ("de-DE@collation=phonebook", "de"),
    ])
    func regionFallback(tag: String, expected: String) {
        #expect(language([tag]) == expected)
    }

    @Test("Chinese goes by script first, then by region", arguments: [
        ("zh-Hans-CN", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh", "zh-Hans"),
        ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"), ("zh_Hant_HK", "zh-Hant"),
        ("zh-Hans-HK", "zh-Hans"),
    ])
    func chinese(tag: String, expected: String) {
        #expect(language([tag]) == expected)
    }

    @Test("Portuguese, Spanish, French and Norwegian pick their regional variant", arguments: [
        ("pt", "pt-BR"), ("pt-PT", "pt-PT"), ("pt-AO", "pt-PT"), ("pt-MZ", "pt-PT"),
        ("es-419", "es-MX"), ("es-AR", "es-MX"), ("es-US", "es-MX"), ("es-CO", "es-MX"), ("es", "es"),
        ("fr-CA", "fr-CA"), ("fr-Latn-CA", "fr-CA"), ("fr-CH", "fr"),
        ("no", "nb"), ("nb-NO", "nb"), ("nn", "nb"), ("iw", "he"), ("in-ID", "id"),
    ])
    func variants(tag: String, expected: String) {
        #expect(language([tag]) == expected)
    }

    @Test("the six languages beyond the App Store's are chosen by tag, by region and by their ISO 639-3 codes", arguments: [
        ("bg-BG", "bg"), ("sl-SI", "sl"), ("lt-LT", "lt"), ("lv_LV", "lv"), ("et-EE", "et"), ("fa-IR", "fa"), ("fa", "fa"),
        ("fa-AF", "fa"), ("prs", "fa"), ("pes-IR", "fa"),
    ])
    func beyondTheAppStore(tag: String, expected: String) {
        #expect(language([tag]) == expected)
    }

    @Test("the first supported language in the user's order wins")
    func orderRespected() {
        #expect(language(["gsw", "de-CH", "fr"]) == "de")
        #expect(language(["fr", "de"]) == "fr")
        #expect(language(["de", "fr"]) == "de")
        // English ranked above French is a choice of English, not a language to skip.
        #expect(language(["en-US", "fr"]) == "en")
    }

    @Test("no supported language, or none at all, gives English", arguments: [["kl"], ["tlh", "sw-KE"], [], [""], ["-"]])
    func unsupported(preferred: [String]) {
        #expect(LaunchGateStrings.forLanguages(preferred) == .english)
    }

    @Test("each shipped language's direction agrees with the Unicode locale data, Arabic, Hebrew and Persian right to left")
    func rightToLeft() {
        for language in LaunchGateStrings.supportedLanguages {
            let strings = LaunchGateStrings.forLanguages([language])
            #expect(strings.language == language)
            let direction = Locale.Language(identifier: language).characterDirection
            #expect(strings.isRightToLeft == (direction == .rightToLeft), "\(language)")
        }
        #expect(LaunchGateStrings.forLanguages(["ar-SA"]).isRightToLeft)
        #expect(LaunchGateStrings.forLanguages(["he-IL"]).isRightToLeft)
        #expect(LaunchGateStrings.forLanguages(["fa-IR"]).isRightToLeft)
        #expect(!LaunchGateStrings.forLanguages(["lt-LT"]).isRightToLeft)
        #expect(!LaunchGateStrings.english.isRightToLeft)
    }

    @Test("in a right-to-left language an inserted address keeps its own direction; in others it is inserted as is")
    func isolatesValues() {
        let arabic = LaunchGateStrings.forLanguages(["ar"]).text(.welcomeMessage, ["email": "ada@example.com"])
        #expect(arabic.contains("\u{2068}ada@example.com\u{2069}"))
        let persian = LaunchGateStrings.forLanguages(["fa-IR"]).text(.resendIn, ["seconds": "30"])
        #expect(persian == "ارسال کد جدید پس از \u{2068}30\u{2069} ثانیه")
        let french = LaunchGateStrings.forLanguages(["fr"]).text(.welcomeMessage, ["email": "ada@example.com"])
        #expect(french.contains("ada@example.com") && !french.contains("\u{2068}"))
    }
}
