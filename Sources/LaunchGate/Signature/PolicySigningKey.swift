import Crypto
import Foundation

/// An Ed25519 private key that signs policies; the server and `launchgate export` hold it,
/// never the app.
public struct PolicySigningKey: Sendable {
    private let key: Curve25519.Signing.PrivateKey

    /// Generates a new random key.
    public init() { key = Curve25519.Signing.PrivateKey() }

    /// Restores a key from its 32 raw bytes.
    /// - Parameter rawRepresentation: The private key bytes.
    /// - Throws: ``LaunchGateError`` with code `invalid-key` when they are not a key.
    public init(rawRepresentation: Data) throws {
        do { key = try Curve25519.Signing.PrivateKey(rawRepresentation: rawRepresentation) } catch {
            throw LaunchGateError.invalidKey("an Ed25519 private key is 32 bytes, this is \(rawRepresentation.count)")
        }
    }

    /// The private key's raw bytes, for storing (encrypted) at rest.
    public var rawRepresentation: Data { key.rawRepresentation }

    /// The public key apps pin.
    public var publicKey: PolicyPublicKey {
        // A freshly derived public key is always 32 bytes, so this can't fail.
        try! PolicyPublicKey(rawRepresentation: key.publicKey.rawRepresentation)
    }

    /// Signs the exact bytes that will be served.
    /// - Parameter data: The document's bytes.
    /// - Returns: The signature in its wire form, for the header or the `.sig` file.
    /// - Throws: When the crypto library fails.
    public func signature(for data: Data) throws -> PolicySignature {
        PolicySignature(bytes: try key.signature(for: data))
    }
}
