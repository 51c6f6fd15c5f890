import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The shipped translations: complete, with every placeholder, read from the package's resources")
struct StringResourceTests {
    /// Every language with a resource file: all but English, which is compiled in.
    static let translated = LaunchGateStrings.supportedLanguages.filter { $0 != "en" }

    /// The `{name}` placeholders in a text.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let name = rest[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) { names.append(String(name)) }
        }
        return names.sorted()
    }

    private func shippedTable(_ language: String) throws -> [String: String] {
        try #require(StringTables.shipped.table(for: language), "\(language).json is missing or unreadable")
    }

    // MARK: Tests

    @Test("the SDK ships English and at least 41 translations: the App Store's languages and six more")
    func languageCount() {
        #expect(Self.translated.count >= 41)
        for language in ["ar", "ca", "cs", "da", "de", "el", "es", "es-MX", "fi", "fr", "fr-CA", "he", "hi", "hr", "hu",
                         "id", "it", "ja", "ko", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sv", "th",
                         "tr", "uk", "vi", "zh-Hans", "zh-Hant", "bg", "et", "fa", "lt", "lv", "sl"] {
            #expect(Self.translated.contains(language), "\(language) is not shipped")
        }
    }

    @Test("every translation has every key, and no key the SDK doesn't have", arguments: translated)
    func everyKey(language: String) throws {
        let table = try shippedTable(language)
        let known = Set(StringKey.allCases.map(\.rawValue))
        #expect(known.subtracting(table.keys).sorted() == [], "missing in \(language)")
        #expect(Set(table.keys).subtracting(known).sorted() == [], "unknown in \(language)")
        #expect(table.values.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "an empty text in \(language)")
    }

    @Test("every placeholder of the English text survives translation, and none is added", arguments: translated)
    func placeholdersSurvive(language: String) throws {
        let table = try shippedTable(language)
        for key in StringKey.allCases {
            guard let text = table[key.rawValue] else { continue }
            #expect(Self.placeholders(in: text) == Self.placeholders(in: key.english), "\(language) \(key.rawValue): \(text)")
        }
    }

    /// The keys a screen shows on a button.
    static let buttonKeys: [StringKey] = StringKey.allCases.filter { key in
        let name = key.rawValue
        return name.contains(".button.") || name.hasPrefix("signIn.failed.") || [
            StringKey.sendCode, .verify, .resend, .resendIn, .differentEmail, .welcomeContinue, .signOut,
        ].contains(key)
    }

    @Test("a button's label is a label, not a sentence: no closing full stop, except an abbreviated unit after a countdown",
          arguments: translated)
    func buttonsAreLabels(language: String) throws {
        let table = try shippedTable(language)
        for key in Self.buttonKeys {
            let text = try #require(table[key.rawValue])
            let abbreviatedUnit = text.range(of: #"\{seconds\} \S+\.$"#, options: .regularExpression) != nil
            #expect(!text.hasSuffix("。") && !text.hasSuffix("!") && (!text.hasSuffix(".") || abbreviatedUnit),
                    "\(language) \(key.rawValue): \(text)")
        }
    }

    @Test("countdown buttons read as button labels: German and Japanese")
    func countdownLabels() {
        let german = LaunchGateStrings.forLanguages(["de-DE"])
        #expect(german.text(.tryAgainIn, ["seconds": "30"]) == "In 30 s erneut versuchen")
        #expect(german.text(.resendIn, ["seconds": "30"]) == "In 30 s neuen Code senden")
        let japanese = LaunchGateStrings.forLanguages(["ja-JP"])
        #expect(japanese.text(.resendIn, ["seconds": "30"]) == "30秒後に再送信")
        #expect(japanese.text(.tryAgainIn, ["seconds": "30"]) == "30秒後に再試行")
    }

    @Test("the placeholder check sees a dropped or an invented placeholder")
    func placeholderCheckCanFail() {
        #expect(Self.placeholders(in: StringKey.codeMessage.english) == ["email", "length"])
        #expect(Self.placeholders(in: "Nous avons envoyé un code à {email}.") != Self.placeholders(in: StringKey.codeMessage.english))
        #expect(Self.placeholders(in: "{seconds} s {minutes}") == ["minutes", "seconds"])
    }

    @Test("every resource file is a supported language, so none ships unreachable")
    func noOrphanFiles() throws {
        let directory = try #require(Bundle.module.url(forResource: "Strings", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(Self.translated))
    }

    @Test("French is read from the package resource at run time, on Linux as on Apple platforms")
    func frenchAtRuntime() {
        let french = LaunchGateStrings.forLanguages(["fr-FR"])
        #expect(french.language == "fr")
        #expect(french.text(.updateNow) == "Mettre à jour")
        #expect(french.text(.resendIn, ["seconds": "30"]) == "Nouveau code dans 30 s")
        #expect(LaunchGateStrings.forLanguages(["ja"]).text(.signOut) == "サインアウト")
    }

    @Test("a language's file is read once per process, however often it is asked for")
    func readOnce() throws {
        let directory = try #require(Bundle.module.url(forResource: "Strings", withExtension: nil))
        let tables = StringTables { directory.appendingPathComponent("\($0).json") }
        for _ in 0..<3 {
            _ = LaunchGateStrings.forLanguages(["de"], tables: tables)
            _ = LaunchGateStrings.forLanguages(["nope"], tables: tables)
        }
        _ = LaunchGateStrings.forLanguages(["it"], tables: tables)
        #expect(tables.readCount == 2)
    }

    @Test("a malformed or missing resource falls back to English instead of failing", arguments: [
        #"{"update.button.updateNow": "Mettre à jour""#, #"["not", "an", "object"]"#, #"{"update.button.updateNow": 3}"#, nil,
    ])
    func brokenResource(contents: String?) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        if let contents { try Data(contents.utf8).write(to: directory.appendingPathComponent("fr.json")) }
        let strings = LaunchGateStrings.forLanguages(["fr"], tables: StringTables { directory.appendingPathComponent("\($0).json") })
        #expect(strings == .english)
        #expect(strings.text(.updateNow) == "Update Now")
    }

    @Test("a key a translation lacks falls back to English for that key alone")
    func missingKeyFallsBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"update.button.updateNow": "Mettre à jour"}"#.utf8).write(to: directory.appendingPathComponent("fr.json"))
        let strings = LaunchGateStrings.forLanguages(["fr"], tables: StringTables { directory.appendingPathComponent("\($0).json") })
        #expect(strings.language == "fr")
        #expect(strings.text(.updateNow) == "Mettre à jour")
        #expect(strings.text(.notNow) == "Not Now")
    }
}
