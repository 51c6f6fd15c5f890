import Foundation

extension LaunchGateStrings {
    /// Every language the SDK ships texts for, as the tags ``language`` takes: English (compiled
    /// in), one resource per App Store localization, and six more: Bulgarian, Estonian, Latvian,
    /// Lithuanian, Persian and Slovenian. English variants (`en-GB`, `en-AU`, …) use `en`.
    public static let supportedLanguages: [String] = [
        "en", "ar", "bg", "ca", "cs", "da", "de", "el", "es", "es-MX", "et", "fa", "fi", "fr", "fr-CA", "he", "hi",
        "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk",
        "sl", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant",
    ]

    /// The texts for the first of `preferredLanguages` the SDK ships, or English.
    ///
    /// Each preferred language is tried in order: its exact tag, then the variant its script or
    /// region calls for (`zh-TW` → `zh-Hant`, `es-AR` → `es-MX`, `pt-PT`, `fr-CA`), then its
    /// language alone (`de-AT` → `de`). The first that matches wins; when none does, or its
    /// resource can't be read, the texts are English.
    /// - Parameter preferredLanguages: The user's languages, most preferred first (`Locale.preferredLanguages`).
    /// - Returns: The texts.
    public static func forLanguages(_ preferredLanguages: [String]) -> LaunchGateStrings {
        forLanguages(preferredLanguages, tables: .shipped)
    }

    /// ``forLanguages(_:)`` reading from `tables`, so a test can hand it a broken resource.
    static func forLanguages(_ preferredLanguages: [String], tables: StringTables) -> LaunchGateStrings {
        guard let language = preferredLanguages.lazy.compactMap(supportedLanguage(for:)).first, language != "en",
              let table = tables.table(for: language) else { return .english }
        return LaunchGateStrings(language: language, table: table)
    }

    /// The shipped language for one preferred language tag, or `nil` when none fits it.
    /// - Parameter tag: A BCP 47 tag or a locale identifier (`pt_BR`, `zh-Hant-TW`, `de-DE@collation=phonebook`).
    static func supportedLanguage(for tag: String) -> String? {
        let normalized = String(tag.split(separator: "@").first ?? "").lowercased().replacingOccurrences(of: "_", with: "-")
        if let exact = byLowercasedTag[normalized] { return exact }
        let subtags = normalized.split(separator: "-").map(String.init)
        guard let base = subtags.first else { return nil }
        let rest = Set(subtags.dropFirst())
        switch base {
        case "zh":
            if rest.contains("hant") { return "zh-Hant" }
            if rest.contains("hans") { return "zh-Hans" }
            return rest.isDisjoint(with: ["tw", "hk", "mo"]) ? "zh-Hans" : "zh-Hant"
        case "pt":
            // Portugal and the African countries write European Portuguese; Apple's plain `pt` is Brazil's.
            return rest.isDisjoint(with: ["pt", "ao", "mz", "cv", "gw", "st", "tl", "lu"]) ? "pt-BR" : "pt-PT"
        case "es": return rest.isDisjoint(with: latinAmerica) ? "es" : "es-MX"
        case "fr": return rest.contains("ca") ? "fr-CA" : "fr"
        // Norwegian by its macrolanguage tag (`no`, which older iOS versions report) or as Nynorsk reads Bokmål.
        case "no", "nn": return "nb"
        // Iranian Persian and Dari by their ISO 639-3 codes; Afghanistan's `fa-AF` already falls to `fa`.
        case "pes", "prs": return "fa"
        // The codes ISO 639 withdrew, which some older systems still send.
        case "iw": return "he"
        case "in": return "id"
        default: return byLowercasedTag[base]
        }
    }

    private static let byLowercasedTag = Dictionary(uniqueKeysWithValues: supportedLanguages.map { ($0.lowercased(), $0) })

    /// The regions whose Spanish is Latin American (Apple's `es-419`), the United States included.
    private static let latinAmerica: Set<String> = [
        "419", "mx", "ar", "bo", "cl", "co", "cr", "cu", "do", "ec", "gt", "hn", "ni", "pa", "pe", "pr", "py", "sv",
        "us", "uy", "ve",
    ]
}
