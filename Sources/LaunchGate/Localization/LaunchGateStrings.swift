import Foundation

/// The SDK's default texts in one language, chosen from the user's preferred languages.
///
/// A policy's own per-locale texts still win over these; they are only the defaults.
public struct LaunchGateStrings: Sendable, Hashable {
    /// The language tag the texts are in, such as `en` or `pt-BR`.
    public let language: String
    private let table: [String: String]

    /// English, compiled in.
    public static let english = LaunchGateStrings(language: "en", table: [:])

    /// The texts for the first of `preferredLanguages` the SDK ships, or English.
    /// - Parameter preferredLanguages: The user's languages, most preferred first (`Locale.preferredLanguages`).
    /// - Returns: The texts.
    public static func forLanguages(_ preferredLanguages: [String]) -> LaunchGateStrings {
        // Only English until the translations land; every lookup falls back to it.
        .english
    }

    init(language: String, table: [String: String]) {
        self.language = language
        self.table = table
    }

    /// One text with its placeholders filled.
    /// - Parameters:
    ///   - key: The text.
    ///   - arguments: Placeholder values by name, without braces: `["email": "ada@example.com"]`.
    /// - Returns: The text in this language, or in English when this language lacks it.
    public func text(_ key: StringKey, _ arguments: [String: String] = [:]) -> String {
        var text = table[key.rawValue] ?? key.english
        for (name, value) in arguments { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}
