import Foundation

/// A signed-in console browser: the SHA-256 of its cookie's secret (never the secret itself), the
/// admin token it signed in with, and when it stops working.
public struct ConsoleSessionRecord: Sendable, Hashable {
    /// SHA-256 of the cookie's secret, hex-encoded.
    public var hash: String
    /// The admin token it signed in with, or the `op_` ID of the operator who signed in by emailed
    /// code; its scope and revocation (or removal) are read on every request.
    public var tokenID: String
    /// When it was made; the oldest go first when the table is full.
    public var createdAt: Date
    /// When it stops working.
    public var expiresAt: Date

    /// Creates a record.
    public init(hash: String, tokenID: String, createdAt: Date, expiresAt: Date) {
        self.hash = hash
        self.tokenID = tokenID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
