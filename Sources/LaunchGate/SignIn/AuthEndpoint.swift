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

    /// `GET` for the session check, `POST` for the rest.
    public var method: String { self == .session ? "GET" : "POST" }

    /// Whether the request carries a session token: the session check and sign-out.
    public var needsSession: Bool { self == .session || self == .signOut }
}
