import Foundation

/// The session a correct code is to produce, drawn before the repository knows the user.
public struct SessionGrant: Sendable, Hashable {
    /// The new session's `ses_` ID.
    public var id: String
    /// The device the session is bound to.
    public var deviceID: String
    /// SHA-256 of the bearer token, lowercase hex.
    public var tokenHash: String
    /// When the session stops working.
    public var expiresAt: Date

    /// Creates a grant.
    public init(id: String, deviceID: String, tokenHash: String, expiresAt: Date) {
        self.id = id
        self.deviceID = deviceID
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}
