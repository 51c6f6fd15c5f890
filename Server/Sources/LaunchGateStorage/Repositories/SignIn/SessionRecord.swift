import Foundation

/// A signed-in session as stored: the SHA-256 of its bearer token, never the token.
public struct SessionRecord: Sendable, Hashable, Codable {
    /// `ses_` and 16 hex digits: how operators name the session when revoking it.
    public var id: String
    /// The app.
    public var appID: String
    /// The user it signs in.
    public var userID: String
    /// The device it was issued to; the token is refused with any other.
    public var deviceID: String
    /// SHA-256 of the token, lowercase hex.
    public var tokenHash: String
    /// When it was issued.
    public var createdAt: Date
    /// When it stops working.
    public var expiresAt: Date
    /// When it was revoked (sign-out, an operator, the user's deletion); `nil` while active.
    public var revokedAt: Date?

    /// Creates a record.
    public init(id: String, appID: String, userID: String, deviceID: String, tokenHash: String, createdAt: Date, expiresAt: Date,
                revokedAt: Date? = nil) {
        self.id = id
        self.appID = appID
        self.userID = userID
        self.deviceID = deviceID
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    /// Whether the session signs its user in at `now`.
    public func isActive(at now: Date) -> Bool { revokedAt == nil && now < expiresAt }
}
