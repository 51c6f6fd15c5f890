/// The bearer token of a signed-in session; a secret, so it never shows in logs or descriptions.
public struct SessionToken: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The token as sent in `Authorization: Bearer …`; pass it to your own API if it accepts LaunchGate sessions.
    public let rawValue: String

    /// Wraps a token, if it is 1 to 4096 visible ASCII characters (no spaces or line breaks, which
    /// would let a token rewrite the request's headers).
    /// - Parameter rawValue: The token.
    public init?(_ rawValue: String) {
        guard (1...4096).contains(rawValue.utf8.count), rawValue.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    /// Decodes a token, applying the same rule.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` for a token that breaks it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let token = SessionToken(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a session token is 1 to 4096 visible ASCII characters")
        }
        self = token
    }

    /// Encodes the token as a string.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// A redacted stand-in, so printing a session can't leak its token.
    public var description: String { "SessionToken(redacted)" }
    /// A redacted stand-in, as ``description``.
    public var debugDescription: String { description }
}
