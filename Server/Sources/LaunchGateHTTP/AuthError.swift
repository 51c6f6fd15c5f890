import Foundation
import LaunchGateStorage

/// Why the admin API refused a caller.
public struct AuthError: LaunchGateFailure, Equatable {
    private enum Reason: Equatable {
        case unauthenticated
        case forbidden(TokenScope)
        case tooManyFailures(retryAfter: Int)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// No token, or one that is malformed, unknown, wrong or revoked: the caller can't tell which.
    public static let unauthenticated = AuthError(.unauthenticated)
    /// A valid token without the scope.
    public static func forbidden(needs scope: TokenScope) -> AuthError { .init(.forbidden(scope)) }
    /// Too many failed authentications from this client.
    public static func tooManyFailures(retryAfter: Int) -> AuthError { .init(.tooManyFailures(retryAfter: retryAfter)) }

    /// See ``LaunchGateFailure/code``.
    public var code: String {
        switch reason {
        case .unauthenticated: "unauthorized"
        case .forbidden: "insufficient-scope"
        case .tooManyFailures: "rate-limited"
        }
    }

    /// See ``LaunchGateFailure/message``.
    public var message: String {
        switch reason {
        case .unauthenticated: "send an admin token as 'Authorization: Bearer <token>'; create one with 'launchgate tokens create'"
        case .forbidden(let scope): "this needs a token with the \(scope.rawValue) scope"
        case .tooManyFailures(let seconds): "too many failed authentications from this address; retry in \(seconds) s"
        }
    }

    /// See ``LaunchGateFailure/kind``.
    public var kind: FailureKind {
        switch reason {
        case .unauthenticated: .unauthenticated
        case .forbidden: .forbidden
        case .tooManyFailures: .rateLimited
        }
    }

    /// See ``LaunchGateFailure/retryAfter``.
    public var retryAfter: Int? {
        if case .tooManyFailures(let seconds) = reason { return seconds }
        return nil
    }
}
