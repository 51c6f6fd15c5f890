import Foundation
import LaunchGate
import LaunchGateStorage

/// Generates and opens the policy signing keys kept in the repository.
public struct SigningKeys: Sendable {
    private let repository: any LaunchGateRepository
    private let masterKey: @Sendable () throws -> MasterKey

    /// Creates the key manager.
    /// - Parameters:
    ///   - repository: Where sealed keys are kept.
    ///   - masterKey: Loads the master key; called only when a key is made or opened, so commands
    ///     that never sign (apps, policy) work without one.
    public init(repository: any LaunchGateRepository, masterKey: @escaping @Sendable () throws -> MasterKey) {
        self.repository = repository
        self.masterKey = masterKey
    }

    /// Makes a new key.
    /// - Parameters:
    ///   - now: The creation time.
    ///   - staged: Keep it from signing until ``activate(_:now:)``, so a release can pin it
    ///     beside the current key before any document is signed with it.
    /// - Returns: The stored key, whose public half is pinned in the app.
    @discardableResult
    public func generate(now: Date, staged: Bool = false) async throws -> SigningKeyRecord {
        let key = PolicySigningKey()
        let record = SigningKeyRecord(
            id: UUID().uuidString.lowercased(), publicKey: key.publicKey.description,
            sealedPrivateKey: try masterKey().seal(key.rawRepresentation), createdAt: now)
        try await repository.saveSigningKey(record, activate: !staged)
        return try await repository.signingKeys().first { $0.id == record.id } ?? record
    }

    /// Every stored key, oldest first, and which one signs: one read, so the two always agree.
    public func list() async throws -> (keys: [SigningKeyRecord], activeID: String?) {
        let keys = try await repository.signingKeys()
        return (keys, Self.active(among: keys)?.id)
    }

    /// The key that signs among `keys`, chosen as the repository's `activeSigningKey()` chooses:
    /// the highest ``SigningKeyRecord/sequence`` among activated keys, then the later activation,
    /// then the higher ID.
    package static func active(among keys: [SigningKeyRecord]) -> SigningKeyRecord? {
        keys.filter { $0.activatedAt != nil }.max { first, second in
            (first.sequence, first.activatedAt ?? .distantPast, first.id) < (second.sequence, second.activatedAt ?? .distantPast, second.id)
        }
    }

    /// Makes a stored key the one that signs: a staged key, or an earlier key again.
    ///
    /// The key is opened with the master key first, so a key that could not sign is never
    /// activated. Running servers sign with it from their next change poll.
    /// - Parameters:
    ///   - reference: The key's ID, or its public key as `keys list` prints it.
    ///   - now: The activation time.
    /// - Throws: ``ServiceError`` `signingKeyNotFound` when no stored key matches.
    @discardableResult
    public func activate(_ reference: String, now: Date) async throws -> SigningKeyRecord {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        guard let record = try await repository.signingKeys().first(where: { $0.id == wanted.lowercased() || $0.publicKey == wanted }) else {
            throw ServiceError.signingKeyNotFound(String(wanted.prefix(80)))
        }
        _ = try masterKey().openSigningKey(record.sealedPrivateKey)
        guard let activated = try await repository.activateSigningKey(id: record.id, at: now) else {
            throw ServiceError.signingKeyNotFound(record.id)
        }
        return activated
    }

    /// The active key, opened.
    /// - Returns: `nil` before any key was generated.
    public func active() async throws -> PolicySigningKey? {
        guard let record = try await repository.activeSigningKey() else { return nil }
        return try masterKey().openSigningKey(record.sealedPrivateKey)
    }

    /// Makes a key when there is none yet. - Returns: The active public key.
    public func ensure(now: Date) async throws -> PolicyPublicKey {
        if let key = try await activePublicKey() { return key }
        return try PolicyPublicKey(await generate(now: now).publicKey)
    }

    /// Checks, before serving, that the master key opens the active signing key.
    ///
    /// Run at start-up by `serve` and by commands that sign, so a wrong or replaced master key
    /// stops them with a clear message instead of failing every request. Loads the master key
    /// (creating it only where the loader allows) even when there is no signing key yet.
    /// - Throws: ``MasterKeyError``: `wrongKey` when the key does not open the stored signing
    ///   key, or whatever loading the master key throws.
    public func checkMasterKey() async throws {
        let key = try masterKey()
        guard let record = try await repository.activeSigningKey() else { return }
        _ = try key.openSigningKey(record.sealedPrivateKey)
    }

    /// The active public key, without opening the private key.
    public func activePublicKey() async throws -> PolicyPublicKey? {
        try await repository.activeSigningKey().map { try PolicyPublicKey($0.publicKey) }
    }
}
