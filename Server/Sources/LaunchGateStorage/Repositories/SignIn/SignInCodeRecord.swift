import Foundation

/// A sign-in code as stored: never the digits, only their HMAC.
///
/// An address has one code per network that asked (``network``): a new send from a network
/// replaces that network's code (and its attempt count) and no other, so a send from elsewhere
/// can't take the code someone is waiting for (issue 27, item 3). A send from a network that has
/// none adds one, up to a bound per address (``CodeRequest/liveCodesPerAddress``).
public struct SignInCodeRecord: Sendable, Hashable {
    /// Random, new with every send; a verify consumes the code it claimed an attempt on, and no other.
    public var id: String
    /// The app.
    public var appID: String
    /// The normalised address the code was sent to.
    public var email: String
    /// The network that asked for it (an IPv4 /24 or IPv6 /48, as sign-in names it); its own
    /// wrong guesses spend this code's tries, and only a send from it replaces the code.
    public var network: String
    /// HMAC-SHA256 of the digits under the server's sign-in secret, lowercase hex.
    public var codeHash: String
    /// Verifies that claimed an attempt on this code, right or wrong.
    public var attempts: Int
    /// When it was issued.
    public var createdAt: Date
    /// After this instant no verify can claim or consume it; brought forward to the moment another
    /// network's send took its place (``CodeRoom/replacing(network:)``).
    public var expiresAt: Date
    /// When a correct verify used it; `nil` while unused.
    public var consumedAt: Date?
    /// Whether it is a long code (the app's length + 3 digits, at most 10), issued to a network the
    /// address doesn't know once its hour's room for short codes was spent (``ShortCodeRoom``):
    /// guesses at it are not charged to the room, and only guesses of its length are compared with it.
    public var isLong: Bool

    /// Creates a record.
    public init(id: String, appID: String, email: String, network: String, codeHash: String, attempts: Int = 0, createdAt: Date, expiresAt: Date,
                consumedAt: Date? = nil, isLong: Bool = false) {
        self.id = id
        self.appID = appID
        self.email = email
        self.network = network
        self.codeHash = codeHash
        self.attempts = attempts
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.consumedAt = consumedAt
        self.isLong = isLong
    }
}
