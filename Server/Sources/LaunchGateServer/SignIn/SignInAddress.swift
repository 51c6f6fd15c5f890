import Foundation

/// The server's rules for a sign-in address (docs/sign-in.md), the same the SDK applies.
enum SignInAddress {
    /// The most UTF-8 bytes in a whole address (RFC 5321).
    static let maximumLength = 254
    /// The most UTF-8 bytes before the `@`.
    static let maximumLocalPartLength = 64
    /// The most UTF-8 bytes after the `@`.
    static let maximumDomainLength = 255

    /// The address trimmed and lowercased, if it has one `@`, no whitespace or control characters,
    /// a local part of 1 to 64 bytes, a domain of 1 to 255 bytes, and 254 bytes at most in all.
    /// - Throws: ``SignInServiceError`` `invalid_email`, with the rule that failed.
    static func normalized(_ text: String) throws -> String {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !value.isEmpty else { throw SignInServiceError.invalidEmail("give an email address, as in ada@example.com") }
        if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            throw SignInServiceError.invalidEmail("an email address can't contain spaces, line breaks or control characters")
        }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw SignInServiceError.invalidEmail("an email address has exactly one @, as in ada@example.com") }
        let (local, domain) = (parts[0], parts[1])
        guard !local.isEmpty, !domain.isEmpty else { throw SignInServiceError.invalidEmail("give the whole address, as in ada@example.com") }
        guard local.utf8.count <= maximumLocalPartLength else {
            throw SignInServiceError.invalidEmail("the part before the @ is longer than 64 bytes")
        }
        guard domain.utf8.count <= maximumDomainLength, value.utf8.count <= maximumLength else {
            throw SignInServiceError.invalidEmail("the address is longer than 254 bytes")
        }
        return value
    }
}
