import Foundation

/// An email address as sign-in sends it: trimmed, lowercased, in NFC and checked against the same rules
/// the server applies, so a typo is caught before a request is made.
///
/// ```swift
/// let address = try EmailAddress("  Ada@Example.com\n")   // "ada@example.com"
/// ```
///
/// The rules (RFC 5321's lengths, counted in UTF-8 bytes): exactly one `@`, a non-empty local part
/// of at most 64 bytes, a non-empty domain of at most 255 bytes, at most 254 bytes in all, and no
/// whitespace, control characters, invisible characters (format or default-ignorable code points,
/// such as U+200B or U+202E) or any of `<>()[],;:"\` anywhere (a CR or LF could smuggle a header
/// into a mail; an invisible character makes an address that looks like another; the others make
/// a list or a display name of it). The local part is a dot-atom (no dot at its start or end, or two
/// in a row); the domain has two labels or more, its last not all digits (`a@localhost` and
/// `a@1.2.3.4` are refused), and neither full-width forms nor ideographic dots, which IDNA maps to
/// ASCII (`a@example。com` would be a second key for `example.com`'s mailbox). The rules are
/// ``problem(with:)-swift.type.method``'s, which the server applies too, so an address the server accepts is never refused here.
public struct EmailAddress: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The most UTF-8 bytes in a whole address.
    public static let maximumLength = 254
    /// The most UTF-8 bytes before the `@`.
    public static let maximumLocalPartLength = 64
    /// The most UTF-8 bytes after the `@`.
    public static let maximumDomainLength = 255

    /// The normalised address, as sent to the server.
    public let value: String

    /// Normalises and checks typed text.
    /// - Parameter text: What the user typed; surrounding whitespace and newlines are dropped and
    ///   the rest is lowercased and put in Unicode NFC.
    /// - Throws: ``SignInError/invalidEmail``, with a message that says which rule failed.
    public init(_ text: String) throws(SignInError) {
        let value = Self.normalize(text)
        if let problem: String = Self.problem(with: value) {
            throw SignInError.invalidEmail.with(message: problem, retryAfter: nil)
        }
        self.value = value
    }

    /// The part before the `@`.
    public var localPart: Substring { value[..<atIndex] }
    /// The part after the `@`.
    public var domain: Substring { value[value.index(after: atIndex)...] }

    private var atIndex: String.Index { value.firstIndex(of: "@") ?? value.endIndex }

    /// The address.
    public var description: String { value }

    /// Decodes an address from a string, applying the same rules.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` for an address that breaks them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    /// Encodes the address as a string.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// What is wrong with a normalised address, in words for the user; `nil` when nothing is.
    /// English, like every ``SignInError/message``; ``SignInError/localizedMessage(_:)`` translates it.
    private static func problem(with value: String) -> String? {
        (problem(with: value) as Problem?)?.localizedMessage(.english)
    }
}
