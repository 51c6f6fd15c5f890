/// What a correct code produced: the user (made now or found), and the new session.
public struct SignInCompletion: Sendable, Hashable {
    /// The user, with `lastSignInAt` set to the sign-in's time.
    public var user: UserRecord
    /// Whether this sign-in created the user.
    public var isNewUser: Bool
    /// The session issued for the device.
    public var session: SessionRecord

    /// Creates a value.
    public init(user: UserRecord, isNewUser: Bool, session: SessionRecord) {
        self.user = user
        self.isNewUser = isNewUser
        self.session = session
    }
}
