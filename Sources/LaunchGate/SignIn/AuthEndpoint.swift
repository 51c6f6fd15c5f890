/// One sign-in endpoint: its last path segment, its method, and whether it needs a session token.
/// The server routes with the same values (``AuthPaths/path(for:)``), so the two ends can't drift.
@_spi(LaunchGateServer) public enum AuthEndpoint: String, Sendable, CaseIterable {
    /// `POST …/send-code`.
    case sendCode = "send-code"
    /// `POST …/verify-code`.
    case verifyCode = "verify-code"
    /// `GET …/session`.
    case session
    /// `POST …/sign-out`.
    case signOut = "sign-out"
    /// `DELETE …/account`: erases the account the session signs in to.
    case deleteAccount = "account"

    /// `GET` for the session check, `DELETE` for the account, `POST` for the rest.
    public var method: String {
        switch self {
        case .session: "GET"
        case .deleteAccount: "DELETE"
        case .sendCode, .verifyCode, .signOut: "POST"
        }
    }

    /// Whether the request carries a session token: the session check, sign-out and account deletion.
    public var needsSession: Bool { self == .session || self == .signOut || self == .deleteAccount }
}
