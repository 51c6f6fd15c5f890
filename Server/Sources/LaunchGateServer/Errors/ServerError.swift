import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate

/// Every error the server, its repositories and the CLI report.
///
/// Over HTTP it renders one JSON shape: `{"error": {"code": "…", "message": "…", "issues": [{"field", "reason"}]}}`,
/// with a stable `code` that scripts can match and a message a person can act on.
// TEMPORARY: storage and key code still throw this until their own errors land; removed after that merge.
public struct ServerError: LaunchGateFailure {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A stable identifier, such as `app-not-found`.
    public let code: String
    /// What happened and what to do.
    public let message: String
    /// Field-level problems, for validation errors.
    public let issues: [PolicyIssue]
    /// Extra response headers (e.g. `WWW-Authenticate`).
    public let headers: HTTPFields

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, code: String, message: String, issues: [PolicyIssue] = [], headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.issues = issues
        self.headers = headers
    }

    /// The kind, from the status.
    public var kind: FailureKind {
        switch status {
        case .badRequest: .invalidInput
        case .notFound: .notFound
        case .conflict: .conflict
        case .serviceUnavailable: .unavailable
        default: .internal
        }
    }
}

extension ServerError {
    /// 400: the request is malformed.
    public static func badRequest(_ message: String, code: String = "bad-request") -> ServerError {
        ServerError(.badRequest, code: code, message: message)
    }
    /// 400: the policy breaks validation rules, with every issue.
    public static func invalidPolicy(_ issues: [PolicyIssue]) -> ServerError {
        ServerError(.badRequest, code: "invalid-policy", message: "the policy is invalid; fix the fields listed in issues", issues: issues)
    }
    /// 401: no or unknown token.
    public static let unauthorized = ServerError(
        .unauthorized, code: "unauthorized",
        message: "send an admin token as 'Authorization: Bearer <token>'; create one with 'launchgate tokens create'",
        headers: [.wwwAuthenticate: "Bearer"])
    /// 403: the token lacks the scope.
    public static func forbidden(needs scope: TokenScope) -> ServerError {
        ServerError(.forbidden, code: "insufficient-scope", message: "this needs a token with the \(scope.rawValue) scope")
    }
    /// 404: no such app.
    public static func appNotFound(_ id: String) -> ServerError {
        ServerError(.notFound, code: "app-not-found", message: "no app \"\(id.prefix(64))\"; create it with 'launchgate apps create'")
    }
    /// 404: the app has no policy for that channel or platform yet.
    public static func noPolicy(_ app: String, channel: ReleaseChannel) -> ServerError {
        ServerError(.notFound, code: "no-policy",
                    message: "app \"\(app.prefix(64))\" has no \(channel.rawValue) policy yet; publish one with 'launchgate policy publish'")
    }
    /// 404: anything else that doesn't exist.
    public static func notFound(_ message: String, code: String = "not-found") -> ServerError {
        ServerError(.notFound, code: code, message: message)
    }
    /// 409: a conflicting write.
    public static func conflict(_ message: String, code: String = "conflict") -> ServerError {
        ServerError(.conflict, code: code, message: message)
    }
    /// 503: a dependency is down.
    public static func unavailable(_ message: String) -> ServerError {
        ServerError(.serviceUnavailable, code: "unavailable", message: message)
    }
}
