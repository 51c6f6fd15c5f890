/// Which sessions of an app an operator revokes.
public enum SessionSelector: Sendable, Hashable {
    /// One session, by its `ses_` ID.
    case session(String)
    /// Every session of one user, by the `usr_` ID.
    case user(String)
    /// Every session issued to one device ID, whoever signed in on it.
    case device(String)
}
