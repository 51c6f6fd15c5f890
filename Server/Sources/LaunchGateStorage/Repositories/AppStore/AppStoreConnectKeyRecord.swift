import Foundation

/// One app's App Store Connect API key: who issued it, its ID, and the `.p8` private key sealed
/// under the master key, so a database copied without the master key can't call Apple as the team.
public struct AppStoreConnectKeyRecord: Sendable, Hashable {
    /// The LaunchGate app.
    public let appID: String
    /// App Store Connect's issuer ID (a UUID, from Users and Access → Integrations).
    public let issuerID: String
    /// The key's ID, which the token's `kid` names.
    public let keyID: String
    /// The PEM private key, sealed with ``MasterKey/seal(_:)``.
    public let sealedPrivateKey: String
    /// When these credentials were stored.
    public let updatedAt: Date

    /// Creates a record.
    public init(appID: String, issuerID: String, keyID: String, sealedPrivateKey: String, updatedAt: Date) {
        self.appID = appID
        self.issuerID = issuerID
        self.keyID = keyID
        self.sealedPrivateKey = sealedPrivateKey
        self.updatedAt = updatedAt
    }
}
