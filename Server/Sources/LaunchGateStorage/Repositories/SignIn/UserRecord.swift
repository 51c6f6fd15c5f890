import Foundation

/// Someone who signed in to an app with an emailed code. Users are per app: the same address in
/// two apps is two users.
public struct UserRecord: Sendable, Hashable, Codable {
    /// `usr_` and 24 hex digits, random, stable for the user's life.
    public var id: String
    /// The app the user belongs to.
    public var appID: String
    /// The normalised address (trimmed, lowercased); unique per app.
    public var email: String
    /// When the first correct code made the account.
    public var createdAt: Date
    /// When a correct code last signed the user in.
    public var lastSignInAt: Date

    /// Creates a record.
    public init(id: String, appID: String, email: String, createdAt: Date, lastSignInAt: Date) {
        self.id = id
        self.appID = appID
        self.email = email
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
    }
}
