import Foundation

/// The SDK's default texts in one language, chosen from the user's preferred languages.
///
/// A policy's own per-locale texts still win over these; they are only the defaults. Every screen
/// (``GateScreen``, ``SignInScreen``) arrives with its words already in this language; an app's own
/// views use the few texts it needs beside them:
///
/// ```swift
/// let strings = LaunchGateStrings.forLanguages(Locale.preferredLanguages)   // fr, say
/// strings.signOut                                                           // "Se déconnecter"
/// ```
public struct LaunchGateStrings: Sendable, Hashable {
    /// The language tag the texts are in: `en`, or one of ``supportedLanguages``, such as `pt-BR`.
    public let language: String
    private let table: [String: String]

    /// English, compiled in.
    public static let english = LaunchGateStrings(language: "en", table: [:])

    // A fixed set rather than asking Locale, which answers differently across platforms and
    // Foundation versions; these are the only right-to-left languages the SDK ships.
    private static let rightToLeftLanguages: Set<String> = ["ar", "fa", "he"]

    init(language: String, table: [String: String]) {
        self.language = language
        self.table = table
    }

    /// Whether the language is written right to left, so a UI lays the screen out mirrored.
    public var isRightToLeft: Bool { Self.rightToLeftLanguages.contains(language) }

    /// "Checking for updates…" in this language: the loading screen's words, for a custom loading view.
    public var checking: String { text(.checking) }

    /// "Sign Out" in this language, for the app's own sign-out button.
    public var signOut: String { text(.signOut) }

    /// "Delete Account" in this language, for the app's own button that starts an account deletion
    /// (``LaunchFlow/requestAccountDeletion()``), as `DeleteAccountButton` in LaunchGateUI is labelled.
    public var deleteAccount: String { text(.deleteAccountConfirm) }

    /// One text with its placeholders filled.
    /// - Parameters:
    ///   - key: The text.
    ///   - arguments: Placeholder values by name, without braces: `["email": "ada@example.com"]`.
    ///     Values are inserted as they are: braces in a value are never read as placeholders.
    /// - Returns: The text in this language, or in English when this language lacks it.
    ///   In a right-to-left language each value is wrapped in Unicode's first-strong isolate
    ///   (U+2068 … U+2069), so an address or a version keeps its own direction inside the sentence.
    @_spi(LaunchGateServer) public func text(_ key: StringKey, _ arguments: [String: String] = [:]) -> String {
        let values = isRightToLeft ? arguments.mapValues { "\u{2068}\($0)\u{2069}" } : arguments
        return Self.fill(table[key.rawValue] ?? key.english, with: values)
    }

    /// Replaces each `{name}` that has a value, in one pass over the template, so a value that
    /// itself contains `{seconds}` (an address may hold braces) stays as typed.
    /// A `{name}` without a value is left as it is.
    static func fill(_ template: String, with arguments: [String: String]) -> String {
        guard !arguments.isEmpty else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let name = rest.index(after: open)
            if let close = rest[name...].firstIndex(of: "}"), let value = arguments[String(rest[name..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                // Not a placeholder: keep the brace and look for one in what follows it.
                result += "{"
                rest = rest[name...]
            }
        }
        return result + rest
    }
}
