import Foundation
import LaunchGateStorage

/// Each app's App Store Connect key: checked before it is stored, sealed under the master key,
/// and opened only to sign tokens. What leaves here about a stored key is its ID, never the key.
public struct AppStoreConnectKeys: Sendable {
    /// What may be said of a stored key.
    public struct Summary: Sendable, Hashable {
        /// The issuer ID.
        public let issuerID: String
        /// The key ID.
        public let keyID: String
        /// When it was stored.
        public let updatedAt: Date
    }

    private let apps: any LaunchGateRepository
    private let repository: any AppStoreConnectKeyRepository
    private let masterKey: @Sendable () throws -> MasterKey
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - apps: Where apps are, so a key is stored only for one that exists.
    ///   - repository: Where keys are.
    ///   - masterKey: Loads the master key that seals them.
    ///   - now: Stamps a stored key.
    public init(apps: any LaunchGateRepository, repository: any AppStoreConnectKeyRepository,
                masterKey: @escaping @Sendable () throws -> MasterKey, now: @escaping @Sendable () -> Date = Date.init) {
        self.apps = apps
        self.repository = repository
        self.masterKey = masterKey
        self.now = now
    }

    /// Checks and stores an app's key, replacing the one it had.
    /// - Throws: ``ServiceError`` `appNotFound`; ``AppStoreConnectError`` `invalidCredentials` for a
    ///   key that is not P-256 PEM or malformed IDs; ``MasterKeyError`` when the master key can't be loaded.
    @discardableResult
    public func set(app: String, issuerID: String, keyID: String, privateKeyPEM: String) async throws -> Summary {
        guard try await apps.app(id: app) != nil else { throw ServiceError.appNotFound(app) }
        let credentials = try AppStoreConnectCredentials(issuerID: issuerID, keyID: keyID, pem: privateKeyPEM)
        let sealed = try masterKey().seal(Data(credentials.pemRepresentation.utf8))
        let record = AppStoreConnectKeyRecord(appID: app, issuerID: credentials.issuerID, keyID: credentials.keyID,
                                              sealedPrivateKey: sealed, updatedAt: now())
        try await repository.set(record)
        return Summary(issuerID: record.issuerID, keyID: record.keyID, updatedAt: record.updatedAt)
    }

    /// Forgets an app's key.
    /// - Throws: ``AppStoreConnectError`` `credentialsNotSet` when it had none.
    public func remove(app: String) async throws {
        guard try await repository.remove(appID: app) else { throw AppStoreConnectError.credentialsNotSet(app: app) }
    }

    /// The stored key's IDs, without the key. - Returns: `nil` when none is set.
    public func summary(app: String) async throws -> Summary? {
        try await repository.find(appID: app).map { Summary(issuerID: $0.issuerID, keyID: $0.keyID, updatedAt: $0.updatedAt) }
    }

    /// The app's key, opened to sign tokens.
    /// - Returns: `nil` when none is set.
    /// - Throws: ``MasterKeyError`` when the master key can't be loaded; ``AppStoreConnectError``
    ///   `invalidCredentials` when it did not seal the key, or what was stored no longer parses.
    public func credentials(app: String) async throws -> AppStoreConnectCredentials? {
        guard let record = try await repository.find(appID: app) else { return nil }
        let master = try masterKey()
        let opened: Data
        do { opened = try master.open(record.sealedPrivateKey) } catch {
            // MasterKeyError's own message speaks of the signing key; this is another secret.
            throw AppStoreConnectError.invalidCredentials(
                "the master key (\(master.source)) does not open the stored App Store Connect key; set the key again with 'launchgate appstore credentials set'")
        }
        let pem = String(decoding: opened, as: UTF8.self)
        return try AppStoreConnectCredentials(issuerID: record.issuerID, keyID: record.keyID, pem: pem)
    }
}
