import Foundation

/// A signed-in session: what a correct code returns and what the ``SessionStore`` keeps between launches.
public struct SignInSession: Sendable, Hashable, Codable {
    /// The bearer token for the session's own requests.
    public var token: SessionToken
    /// When the server stops accepting the token.
    public var expiresAt: Date
    /// The account.
    public var user: SignInUser
    /// Whether the correct code made the account, so the app can welcome a new user.
    /// Kept as it was at sign-in: the session check doesn't repeat it.
    public var isNewUser: Bool
    /// The device the token is bound to: the one that entered the code.
    public var deviceID: DeviceID

    /// Creates a session.
    /// - Parameters:
    ///   - token: The bearer token.
    ///   - expiresAt: When it expires.
    ///   - user: The account.
    ///   - isNewUser: Whether the sign-in made the account.
    ///   - deviceID: The device it is bound to.
    public init(token: SessionToken, expiresAt: Date, user: SignInUser, isNewUser: Bool, deviceID: DeviceID) {
        self.token = token
        self.expiresAt = expiresAt
        self.user = user
        self.isNewUser = isNewUser
        self.deviceID = deviceID
    }

    /// Whether the token has expired.
    /// - Parameter date: The time to judge by; pass the injected clock's.
    /// - Returns: `true` from ``expiresAt`` on.
    public func isExpired(at date: Date) -> Bool { date >= expiresAt }
}
