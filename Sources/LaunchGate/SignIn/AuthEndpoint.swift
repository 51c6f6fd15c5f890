/// One sign-in endpoint: its last path segment, its method, and whether it needs a session token.
enum AuthEndpoint: String, Sendable {
    case sendCode = "send-code"
    case verifyCode = "verify-code"
    case session
    case signOut = "sign-out"

    var method: String { self == .session ? "GET" : "POST" }

    var needsSession: Bool { self == .session || self == .signOut }
}
