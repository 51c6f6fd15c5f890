import Crypto
import Foundation

/// An Ed25519 public key an app pins, so only policies signed by its private key are trusted.
///
/// Written as `ed25519:` followed by the base64 of the 32-byte key, as `launchgate keys show`
/// prints it. Pin two keys while rotating.
///
/// ```swift
/// let key = try PolicyPublicKey("ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=")
/// ```
public struct PolicyPublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The text prefix that names the algorithm.
    public static let prefix = "ed25519:"
    let key: Curve25519.Signing.PublicKey
    /// The raw 32 bytes.
    public let rawRepresentation: Data

    /// Reads a key from its text form; the `ed25519:` prefix is optional.
    /// - Parameter text: The key as printed by `launchgate keys show`.
    /// - Throws: ``LaunchGateError`` with code `invalid-key` when it is not a 32-byte Ed25519 key.
    public init(_ text: String) throws {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.lowercased().hasPrefix(Self.prefix) { body = String(body.dropFirst(Self.prefix.count)) }
        guard let raw = Data(base64Encoded: body) else { throw LaunchGateError.invalidKey("it is not base64") }
        try self.init(rawRepresentation: raw)
    }

    /// Creates a key from its 32 raw bytes.
    /// - Parameter rawRepresentation: The key bytes.
    /// - Throws: ``LaunchGateError`` with code `invalid-key` when the length is wrong.
    public init(rawRepresentation: Data) throws {
        guard rawRepresentation.count == 32, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else {
            throw LaunchGateError.invalidKey("an Ed25519 public key is 32 bytes, this is \(rawRepresentation.count)")
        }
        self.key = key
        self.rawRepresentation = rawRepresentation
    }

    /// Whether a signature over these exact bytes was made by this key's private key.
    /// - Parameters:
    ///   - signature: The 64-byte signature.
    ///   - data: The signed bytes.
    /// - Returns: `true` when it verifies.
    public func isValidSignature(_ signature: Data, for data: Data) -> Bool {
        key.isValidSignature(signature, for: data)
    }

    /// `ed25519:` and the base64 key.
    public var description: String { Self.prefix + rawRepresentation.base64EncodedString() }

    /// Equal when the raw bytes are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawRepresentation == rhs.rawRepresentation }
    /// Hashes the raw bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawRepresentation) }
}
