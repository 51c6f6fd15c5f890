/// Picks a policy's text for the user's language.
///
/// Each preferred language is tried in order, first exactly (`fr-CA`) and then by its language
/// alone (`fr`); when none matches, the policy's `en` text is used, so a custom English text
/// still beats the built-in default.
enum LocalizedTextResolver {
    /// The best text override for a screen.
    /// - Parameters:
    ///   - kind: The screen.
    ///   - texts: The policy's texts by language tag.
    ///   - preferredLanguages: The user's languages, most preferred first.
    /// - Returns: The override, or `nil` when the policy has none that fits.
    static func text(
        for kind: ScreenKind, in texts: [String: ScreenTexts], preferredLanguages: [String]
    ) -> ScreenText? {
        guard !texts.isEmpty else { return nil }
        let byTag = Dictionary(texts.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        for language in preferredLanguages {
            let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
            if let text = byTag[tag]?[kind] { return text }
            if let base = tag.split(separator: "-").first, let text = byTag[String(base)]?[kind] { return text }
        }
        return byTag["en"]?[kind]
    }
}
