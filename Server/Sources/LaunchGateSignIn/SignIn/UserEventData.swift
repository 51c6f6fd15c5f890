/// The `data` of the `user.created` and `user.deleted` webhook events.
public struct UserEventData: Encodable, Sendable, Equatable {
    /// The app.
    public let app: String
    /// The user's ID.
    public let user: String
    /// The user's address, which the operator's systems key accounts by.
    public let email: String
    /// For a deletion: `user` (from the app) or `operator`.
    public let by: String?
}
