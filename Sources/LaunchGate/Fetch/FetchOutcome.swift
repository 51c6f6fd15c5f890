/// What one policy check produced.
public enum FetchOutcome: Sendable, Hashable {
    /// A new policy arrived, passed every check and was cached.
    case updated(UpdatePolicy)
    /// The server answered 304: the cached policy still holds.
    case notModified(UpdatePolicy)
    /// The check failed; the cached policy, if any, is untouched.
    case failed(LaunchGateError)

    /// The policy to use after this check, if it produced or confirmed one.
    public var policy: UpdatePolicy? {
        switch self {
        case .updated(let policy), .notModified(let policy): policy
        case .failed: nil
        }
    }
}
