import Crypto
import Foundation
import LaunchGateStorage

/// Creates and checks admin tokens: `lgt_<id>_<secret>`, with only SHA-256 of the secret stored.
///
/// The secret is 32 random bytes, so a plain SHA-256 is enough (no password stretching is
/// needed), and the stored hash is compared in constant time.
public struct AdminTokens: Sendable {
    private let repository: any LaunchGateRepository
    private let now: @Sendable () -> Date
    /// When a use is written; shared by the copies of this value.
    private let uses: TokenUseThrottle

    /// Creates the token manager.
    public init(repository: any LaunchGateRepository, now: @escaping @Sendable () -> Date = Date.init) {
        self.init(repository: repository, now: now, uses: TokenUseThrottle())
    }

    package init(repository: any LaunchGateRepository, now: @escaping @Sendable () -> Date, uses: TokenUseThrottle) {
        self.repository = repository
        self.now = now
        self.uses = uses
    }

    /// Makes a token; the plaintext is returned once and never stored.
    /// - Returns: The record and the token to hand out.
    /// - Throws: ``ServiceError/invalidTokenName`` for a name that ``isValidName(_:)`` refuses.
    public func create(name: String, scope: TokenScope) async throws -> (TokenRecord, String) {
        guard Self.isValidName(name) else { throw ServiceError.invalidTokenName }
        let id = Self.randomHex(6)
        let secret = Self.randomHex(32)
        let record = TokenRecord(id: id, name: name, scope: scope, secretHash: Self.hash(secret), createdAt: now())
        try await repository.saveToken(record)
        return (record, "lgt_\(id)_\(secret)")
    }

    /// The active token a bearer value names, its use recorded (at most once a minute per token).
    /// - Returns: `nil` for malformed, unknown, wrong or revoked tokens alike, so callers can't tell them apart.
    public func verify(_ bearer: String) async throws -> TokenRecord? {
        let parts = bearer.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "lgt", parts[1].count == 12, parts[2].count == 64 else { return nil }
        guard var record = try await repository.token(id: String(parts[1])), record.revokedAt == nil,
              Self.constantTimeEquals(Self.hash(String(parts[2])), record.secretHash) else { return nil }
        let time = now()
        if uses.shouldWrite(record.id, at: time) {
            // A failed write costs the page a stale time, never the request its answer.
            if (try? await repository.recordTokenUse(id: record.id, at: time)) != nil { record.lastUsedAt = time }
        }
        return record
    }

    /// Every token, revoked ones included (never a secret: only its hash is stored), newest first.
    public func list() async throws -> [TokenRecord] {
        try await repository.tokens()
    }

    /// The token with an ID, active or revoked, or `nil`.
    public func token(id: String) async throws -> TokenRecord? {
        try await repository.token(id: id)
    }

    /// Revokes a token: it stops working at once, and the console sessions it opened with it.
    /// - Throws: ``ServiceError`` `token-not-found` when no active token has the ID.
    public func revoke(id: String) async throws {
        guard try await repository.revokeToken(id: id, at: now()) else { throw ServiceError.tokenNotFound(id) }
    }

    /// Whether a token name can be shown as it is: 1 to 100 bytes that ``DisplayText`` accepts as a
    /// name (one line, no control, format or invisible characters, something visible). Names appear
    /// in console lists, history ("who published it") and the CLI's tab-separated output.
    /// - Parameter name: The name as given.
    public static func isValidName(_ name: String) -> Bool {
        DisplayText.isValidName(name, maximumBytes: 100)
    }

    package static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).lowercaseHex
    }

    package static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let (left, right) = (Array(a.utf8), Array(b.utf8))
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func randomHex(_ bytes: Int) -> String {
        SymmetricKey(size: SymmetricKeySize(bitCount: bytes * 8)).withUnsafeBytes { $0.lowercaseHex }
    }
}
