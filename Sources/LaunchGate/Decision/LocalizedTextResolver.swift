/// Picks a policy's text for the user's language.
///
/// Each preferred language is tried in order, first exactly (`fr-CA`) and then by its language
/// alone (`fr`); when none matches, the policy's `en` text is used, so a custom English text
/// still beats the built-in default. Tags match without regard to case, and `_` reads as `-`.
enum LocalizedTextResolver {
    /// The best text override for a screen.
    /// - Parameters:
    ///   - kind: The screen.
    ///   - texts: The policy's texts by language tag.
    ///   - preferredLanguages: The user's languages, most preferred first.
    /// - Returns: The override, or `nil` when the policy has none that fits.
    static func text(for kind: ScreenKind, in texts: [String: ScreenTexts], preferredLanguages: [String]) -> ScreenText? {
        guard !texts.isEmpty else { return nil }
        // Compared byte by byte in place: this runs at every launch decision, where building a
        // lowercased copy of the table and of each tag cost more than the rest of the decision.
        for language in preferredLanguages {
            let tag = Array(language.utf8)
            if let text = lookup(kind, in: texts, tag: tag[...]) { return text }
            if let dash = tag.firstIndex(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }),
               let text = lookup(kind, in: texts, tag: tag[..<dash]) {
                return text
            }
        }
        return lookup(kind, in: texts, tag: Array("en".utf8)[...])
    }

    /// The text for `kind` under the key that equals `tag`; of several that differ only in case,
    /// the smallest key, so the answer never depends on a dictionary's order.
    private static func lookup(_ kind: ScreenKind, in texts: [String: ScreenTexts], tag: ArraySlice<UInt8>) -> ScreenText? {
        var best: (key: String, text: ScreenText)?
        for (key, value) in texts where key.utf8.count == tag.count && matches(key, tag) {
            guard let text = value[kind] else { continue }
            if best == nil || key < best!.key { best = (key, text) }
        }
        return best?.text
    }

    private static func matches(_ key: String, _ tag: ArraySlice<UInt8>) -> Bool {
        zip(key.utf8, tag).allSatisfy { folded($0) == folded($1) }
    }

    /// ASCII lower case, with `_` as `-`.
    private static func folded(_ byte: UInt8) -> UInt8 {
        if byte == UInt8(ascii: "_") { return UInt8(ascii: "-") }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
