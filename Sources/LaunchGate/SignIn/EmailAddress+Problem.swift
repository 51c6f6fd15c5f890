import Foundation

extension EmailAddress {
    /// Why a normalised address is refused: one rule set for the SDK and the LaunchGate server, so
    /// an address one accepts is never refused by the other. Each side words the message itself.
    public enum Problem: Sendable, Hashable {
        /// Nothing was typed.
        case empty
        /// Whitespace or a control character (a CR or LF could smuggle a header into a mail).
        case whitespaceOrControl
        /// An invisible character: a format character (general category Cf, such as a zero-width
        /// space U+200B, a right-to-left override U+202E, a byte-order mark U+FEFF or a soft hyphen
        /// U+00AD) or any other default-ignorable code point. Such an address looks like another
        /// (or, reversed, like a different one) while being a different key.
        case invisibleCharacter
        /// One of `<>()[],;:"\`: legal only in quoted forms this sign-in doesn't take, and the
        /// characters that turn an address into a list or a display name in a mail header.
        case specialCharacter
        /// Not exactly one `@`.
        case notOneAt
        /// Nothing before or after the `@`; an empty part of the local part (a dot at its start or
        /// end, or two in a row: RFC 5322's dot-atom); or a domain of one label (`a@localhost`),
        /// which names no host on the internet: the address lacks a part the user has to type.
        case partMissing
        /// More than ``EmailAddress/maximumLocalPartLength`` bytes before the `@`.
        case localPartTooLong
        /// A domain with an empty label (a dot at its start or end, or two in a row), a label of
        /// more than 63 bytes, or a label that starts or ends with `-` (RFC 1035): no mail server
        /// takes it, and `example.com.` would otherwise be a second key, with limits of its own,
        /// for `example.com`.
        case malformedDomain
        /// More than ``EmailAddress/maximumDomainLength`` bytes after the `@`, or
        /// ``EmailAddress/maximumLength`` in all.
        case tooLong
    }

    /// What is typed, trimmed of surrounding whitespace and newlines, lowercased, and in Unicode
    /// Normalization Form C.
    ///
    /// NFC makes one address one key: "zoë" typed precomposed (U+00EB) and decomposed (`e` and
    /// U+0308) are equal as Swift strings, but not as bytes, which is how SQL compares them.
    public static func normalize(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().precomposedStringWithCanonicalMapping
    }

    /// The first rule a normalised address breaks, or `nil` when it breaks none.
    public static func problem(with value: String) -> Problem? {
        if value.isEmpty { return .empty }
        if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            return .whitespaceOrControl
        }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .format || $0.properties.isDefaultIgnorableCodePoint }) {
            return .invisibleCharacter
        }
        if value.unicodeScalars.contains(where: { specials.contains($0) }) { return .specialCharacter }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .notOneAt }
        let (local, domain) = (parts[0], parts[1])
        if local.isEmpty || domain.isEmpty { return .partMissing }
        if local.utf8.count > maximumLocalPartLength { return .localPartTooLong }
        if domain.utf8.count > maximumDomainLength || value.utf8.count > maximumLength { return .tooLong }
        // RFC 5322's dot-atom: a dot separates two atoms, so `.a`, `a.` and `a..b` are not addresses.
        if local.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) { return .partMissing }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        // A hyphen may join the letters of a label but not begin or end one (RFC 1035's <label>):
        // `a@-example.com` names no host, so a code sent there is mail no one can receive.
        if labels.contains(where: { $0.isEmpty || $0.utf8.count > 63 || $0.hasPrefix("-") || $0.hasSuffix("-") }) { return .malformedDomain }
        // UTS 46 maps full-width forms and the ideographic full stops to their ASCII selves, so
        // `a@example。com` reaches `example.com`'s mailbox under another key. NFKC catches the
        // full-width forms; U+3002 and U+FF61 have no compatibility mapping to `.` and are named.
        if domain.precomposedStringWithCompatibilityMapping != domain || domain.unicodeScalars.contains(where: { ideographicStops.contains($0) }) {
            return .malformedDomain
        }
        // One label names no host on the internet (`a@localhost`, `a@123`).
        if labels.count < 2 { return .partMissing }
        // A top-level domain is never all digits (RFC 3696 2), so `a@1.2.3.4` is an unbracketed IP.
        if let last = labels.last, last.allSatisfy(\.isNumber) { return .malformedDomain }
        return nil
    }

    private static let specials = Set("<>()[],;:\"\\".unicodeScalars)
    /// The full stops UTS 46 treats as `.` besides `.` and U+FF0E (which NFKC already maps).
    private static let ideographicStops: Set<Unicode.Scalar> = ["\u{3002}", "\u{FF61}"]
}
