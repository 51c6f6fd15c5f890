import Crypto
import Foundation

/// Creates and checks admin tokens: `lgt_<id>_<secret>`, with only SHA-256 of the secret stored.
///
/// The secret is 32 random bytes, so a plain SHA-256 is enough (no password stretching is
/// needed), and the stored hash is compared in constant time.
public struct AdminTokens: Sendable {
    private let repository: any LaunchGateRepository
    private let now: @Sendable () -> Date

    /// Creates the token manager.
    public init(repository: any LaunchGateRepository, now: @escaping @Sendable () -> Date = Date.init) {
        self.repository = repository
        self.now = now
    }

    /// Makes a token; the plaintext is returned once and never stored.
    /// - Returns: The record and the token to hand out.
    public func create(name: String, scope: TokenScope) async throws -> (TokenRecord, String) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.utf8.count <= 100 else {
            throw ServiceError.invalidTokenName
        }
        let id = Self.randomHex(6)
        let secret = Self.randomHex(32)
        let record = TokenRecord(id: id, name: name, scope: scope, secretHash: Self.hash(secret), createdAt: now())
        try await repository.saveToken(record)
        return (record, "lgt_\(id)_\(secret)")
    }

    /// The active token a bearer value names.
    /// - Returns: `nil` for malformed, unknown, wrong or revoked tokens alike, so callers can't tell them apart.
    public func verify(_ bearer: String) async throws -> TokenRecord? {
        let parts = bearer.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "lgt", parts[1].count == 12, parts[2].count == 64 else { return nil }
        guard let record = try await repository.token(id: String(parts[1])), record.revokedAt == nil else { return nil }
        return Self.constantTimeEquals(Self.hash(String(parts[2])), record.secretHash) ? record : nil
    }

    static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).lowercaseHex
    }

    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let (left, right) = (Array(a.utf8), Array(b.utf8))
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func randomHex(_ bytes: Int) -> String {
        SymmetricKey(size: SymmetricKeySize(bitCount: bytes * 8)).withUnsafeBytes { $0.lowercaseHex }
    }
}
