/// The ID a session is bound to: the server refuses the session's token from any other device.
///
/// The flow makes one from random bytes the first time it needs one and keeps it in the
/// ``SessionStore``, beside the session, so the two survive (or vanish) together.
public struct DeviceID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The ID as sent in `device_id`.
    public let rawValue: String

    /// Wraps an ID, if it is 1 to 128 printable ASCII characters (U+0020 to U+007E), as the server requires.
    /// - Parameter rawValue: The ID.
    public init?(_ rawValue: String) {
        guard (1...128).contains(rawValue.utf8.count), rawValue.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    /// A new random ID: 128 bits as 32 lowercase hex digits.
    /// - Parameter generator: The source of randomness; pass a seeded one in tests.
    /// - Returns: The ID.
    public static func random(using generator: inout some RandomNumberGenerator) -> DeviceID {
        let hex = (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
        return DeviceID(unchecked: hex)
    }

    /// A new random ID from the system's secure generator; the live default of ``SignInFlow``.
    /// - Returns: The ID.
    public static func random() -> DeviceID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// Decodes an ID, applying the same rule.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` for an ID that breaks it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let id = DeviceID(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a device ID is 1 to 128 printable ASCII characters")
        }
        self = id
    }

    /// Encodes the ID as a string.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The ID.
    public var description: String { rawValue }
}
