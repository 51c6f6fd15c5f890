import Foundation

/// The one live sign-in code of an address, as stored: never the digits, only their HMAC.
///
/// A new send replaces the address's previous code (and its attempt count), so at most one code
/// per address can be guessed at any time.
public struct SignInCodeRecord: Sendable, Hashable {
    /// Random, new with every send; a verify consumes the code it claimed an attempt on, and no other.
    public var id: String
    /// The app.
    public var appID: String
    /// The normalised address the code was sent to.
    public var email: String
    /// HMAC-SHA256 of the digits under the server's sign-in secret, lowercase hex.
    public var codeHash: String
    /// Verifies that claimed an attempt on this code, right or wrong.
    public var attempts: Int
    /// When it was issued.
    public var createdAt: Date
    /// After this instant no verify can claim or consume it.
    public var expiresAt: Date
    /// When a correct verify used it; `nil` while unused.
    public var consumedAt: Date?

    /// Creates a record.
    public init(id: String, appID: String, email: String, codeHash: String, attempts: Int = 0, createdAt: Date, expiresAt: Date,
                consumedAt: Date? = nil) {
        self.id = id
        self.appID = appID
        self.email = email
        self.codeHash = codeHash
        self.attempts = attempts
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.consumedAt = consumedAt
    }
}
