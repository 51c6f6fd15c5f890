/// What kind of failure a domain error is, in the domain's own words.
///
/// Transports translate it: ``ErrorResponse`` to an HTTP status, the CLI to an exit code. Nothing
/// below the controllers knows about either.
public enum FailureKind: Sendable, Hashable {
    /// The caller's input is wrong; sending the same again fails again.
    case invalidInput
    /// No credentials, or credentials that prove nothing.
    case unauthenticated
    /// Valid credentials without the right to do this.
    case forbidden
    /// The thing named does not exist.
    case notFound
    /// The write clashes with the current state (a duplicate, a lost race).
    case conflict
    /// The input is larger than allowed.
    case tooLarge
    /// The caller must wait before trying again.
    case rateLimited
    /// A dependency (the database, a key) is not available now; trying later may work.
    case unavailable
    /// A defect or a state that should not exist, such as a row edited by hand.
    case `internal`
}
