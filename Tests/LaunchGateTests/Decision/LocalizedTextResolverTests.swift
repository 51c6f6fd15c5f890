import Testing
@testable import LaunchGate

@Suite("Picking the policy's text for the user's languages")
struct LocalizedTextResolverTests {
    private func texts(_ entries: [String: String]) -> [String: ScreenTexts] {
        entries.mapValues { title in
            var texts = ScreenTexts()
            texts.updateRequired = ScreenText(title: title)
            return texts
        }
    }

    private func title(_ entries: [String: String], _ languages: [String]) -> String? {
        LocalizedTextResolver.text(for: .updateRequired, in: texts(entries), preferredLanguages: languages)?.title
    }

    // MARK: Tests

    @Test("a tag matches without regard to case, and a locale's underscore reads as a hyphen")
    func caseAndUnderscore() {
        #expect(title(["FR-ca": "québécois", "fr": "français"], ["fr_CA"]) == "québécois")
        #expect(title(["pt-BR": "brasileiro"], ["PT-br"]) == "brasileiro")
    }

    @Test("each preferred language is tried exactly, then by its language alone, before the next one; en is last")
    func order() {
        let entries = ["de": "deutsch", "fr": "français", "en": "english"]
        #expect(title(entries, ["de-AT", "fr"]) == "deutsch")
        #expect(title(entries, ["ja", "fr-CA"]) == "français")
        #expect(title(entries, ["ja"]) == "english")
        #expect(title(["de": "deutsch"], ["ja"]) == nil)
    }

    @Test("of two keys that differ only in case, the smaller one wins, whatever the dictionary's order")
    func deterministicTie() {
        for _ in 0..<20 {
            #expect(title(["fr-ca": "second", "fr-CA": "first"], ["fr-CA"]) == "first")
        }
    }

    @Test("a language without a text for this screen is passed over for the next one")
    func screenMissing() {
        var french = ScreenTexts()
        french.updateAvailable = ScreenText(title: "disponible")
        var english = ScreenTexts()
        english.updateRequired = ScreenText(title: "required")
        #expect(LocalizedTextResolver.text(for: .updateRequired, in: ["fr": french, "en": english], preferredLanguages: ["fr"])?.title == "required")
    }
}
