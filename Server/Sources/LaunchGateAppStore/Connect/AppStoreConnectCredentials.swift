import Crypto
import Foundation

/// An App Store Connect API key, opened: the issuer, the key ID and the P-256 private key that
/// signs the tokens. Never printed: ``description`` names the key ID only.
public struct AppStoreConnectCredentials: Sendable, CustomStringConvertible {
    /// The issuer ID, the token's `iss`.
    public let issuerID: String
    /// The key ID, the token's `kid`.
    public let keyID: String
    /// The key that signs tokens.
    let privateKey: P256.Signing.PrivateKey

    /// Reads a key as App Store Connect hands it out (a `.p8` file: PKCS#8 PEM).
    /// - Parameters:
    ///   - issuerID: The issuer ID.
    ///   - keyID: The key ID.
    ///   - pem: The `.p8` file's text.
    /// - Throws: ``AppStoreConnectError`` `invalidCredentials` for an empty or odd ID, or a key that is not P-256.
    public init(issuerID: String, keyID: String, pem: String) throws {
        let issuerID = issuerID.trimmingCharacters(in: .whitespacesAndNewlines)
        let keyID = keyID.trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.check(issuerID, name: "the issuer ID")
        try Self.check(keyID, name: "the key ID")
        do {
            privateKey = try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw AppStoreConnectError.invalidCredentials(
                "the private key is not a P-256 key in PEM (an App Store Connect .p8 file starts with -----BEGIN PRIVATE KEY-----)")
        }
        self.issuerID = issuerID
        self.keyID = keyID
    }

    /// IDs go into a JSON header and a message: printable ASCII, no quotes, of a sane length.
    private static func check(_ value: String, name: String) throws {
        let allowed = value.unicodeScalars.allSatisfy { ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-" }
        guard !value.isEmpty, value.count <= 100, allowed else {
            throw AppStoreConnectError.invalidCredentials("\(name) must be 1 to 100 letters, digits or hyphens")
        }
    }

    /// The PEM to seal: the key as parsed, so what is stored is what was checked.
    public var pemRepresentation: String { privateKey.pemRepresentation }

    /// The public half, for a check against what Apple shows.
    public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }

    public var description: String { "App Store Connect key \(keyID)" }
}
