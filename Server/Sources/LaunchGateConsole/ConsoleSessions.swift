import Crypto
import Foundation
import LaunchGateSignIn
import LaunchGateStorage

/// Console sign-in sessions: a random secret in the browser's cookie, only its SHA-256 stored,
/// with an expiry; each request reads the admin token or operator the session stands for again
/// (through ``AdminTokens`` and ``OperatorService``), so revoking the token or removing the
/// operator ends its sessions at once. The service over ``ConsoleSessionRepository``: the
/// console's controller reaches its sessions only through here.
///
/// Not hummingbird-auth's `SessionStorage`: that one stores a session under the cookie's own value
/// (so the store holds every live session in the clear), in a `PersistDriver` that can't list its
/// keys, so sessions can't be capped or deleted by holder; `docs/console.md` says more.
package struct ConsoleSessions: Sendable {
    /// Who a valid session acts as.
    package struct Signed: Sendable {
        /// The cookie's secret, from which the CSRF token is derived.
        package let secret: String
        /// The admin token it signed in with.
        package let token: TokenRecord
        /// The CSRF token every form of this session carries.
        var csrf: String { ConsoleSessions.csrfToken(for: secret) }
    }

    package let repository: any ConsoleSessionRepository
    package let tokens: AdminTokens
    package let lifetime: TimeInterval
    package let maximumSessions: Int
    /// Sessions one token keeps at the most; its oldest go first, so signing in again and again
    /// churns only the holder's own sessions, never other people's.
    package let maximumPerToken: Int
    package let now: @Sendable () -> Date
    /// The operators a session may stand for instead of a token (``OperatorRecord/principal``).
    package var operators: OperatorService? = nil

    /// Creates the value from its properties.
    package init(repository: any ConsoleSessionRepository, tokens: AdminTokens, lifetime: TimeInterval, maximumSessions: Int, maximumPerToken: Int, now: @escaping @Sendable () -> Date, operators: OperatorService? = nil) {
        self.repository = repository
        self.tokens = tokens
        self.lifetime = lifetime
        self.maximumSessions = maximumSessions
        self.maximumPerToken = maximumPerToken
        self.now = now
        self.operators = operators
    }

    /// Starts a session for a verified token.
    /// - Returns: The secret for the cookie.
    package func start(for token: TokenRecord) async throws -> String {
        let secret = Self.randomSecret()
        let time = now()
        try await repository.insert(ConsoleSessionRecord(hash: Self.hash(secret), tokenID: token.id, createdAt: time,
                                                         expiresAt: time.addingTimeInterval(lifetime)),
                                    keepingAtMost: maximumSessions, perToken: maximumPerToken, now: time)
        return secret
    }

    /// The session a cookie's secret opens: unexpired, and its token still active.
    func resolve(_ secret: String?) async throws -> Signed? {
        guard let secret, secret.utf8.count == 64 else { return nil }
        guard let record = try await repository.session(hash: Self.hash(secret)), record.expiresAt > now() else { return nil }
        guard let token = try await principal(record.tokenID), token.revokedAt == nil else { return nil }
        return Signed(secret: secret, token: token)
    }

    /// Who a session's `tokenID` names: an admin token, or an operator by its `op_` ID (token
    /// IDs are 12 hex digits, so the two never clash), read again on every request.
    package func principal(_ id: String) async throws -> TokenRecord? {
        if id.hasPrefix("op_") { return try await operators?.find(id: id)?.principal }
        return try await tokens.token(id: id)
    }

    /// Ends a session.
    package func end(_ secret: String) async throws {
        try await repository.delete(hash: Self.hash(secret))
    }

    /// The CSRF token for a session's secret: derived from it, so nothing more is stored,
    /// and useless without the HttpOnly cookie it came from.
    static func csrfToken(for secret: String) -> String {
        SHA256.hash(data: Data(("launchgate-console-csrf:" + secret).utf8)).lowercaseHex
    }

    /// Whether a form's CSRF token is the one for this secret, compared in constant time.
    package static func checks(csrf: String?, secret: String) -> Bool {
        AdminTokens.constantTimeEquals(csrf ?? "", csrfToken(for: secret))
    }

    package static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).lowercaseHex
    }

    /// 32 random bytes, hex-encoded.
    static func randomSecret() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { $0.lowercaseHex }
    }
}
