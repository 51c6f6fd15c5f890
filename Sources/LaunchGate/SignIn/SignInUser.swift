import Foundation

/// The account a session belongs to, as the server describes it.
public struct SignInUser: Sendable, Hashable, Codable {
    /// The server's stable ID for the account (`usr_…`); the key for per-user state such as the welcome flag.
    public var id: String
    /// The account's address.
    public var email: EmailAddress
    /// When the account was made: the first correct code for this address.
    public var createdAt: Date
    /// When this account last entered a correct code, this sign-in included.
    public var lastSignInAt: Date

    /// Creates a user.
    /// - Parameters:
    ///   - id: The server's ID.
    ///   - email: The address.
    ///   - createdAt: When the account was made.
    ///   - lastSignInAt: When it last signed in.
    public init(id: String, email: EmailAddress, createdAt: Date, lastSignInAt: Date) {
        self.id = id
        self.email = email
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
    }
}
