import LaunchGate

/// A domain error: a stable code that scripts can match, a message a person can act on, and its
/// kind. Every layer's errors conform, so one place maps them to HTTP and one to exit codes.
public protocol LaunchGateFailure: Error, Sendable, CustomStringConvertible {
    /// A stable identifier, such as `app-not-found`.
    var code: String { get }
    /// What happened and what to do about it.
    var message: String { get }
    /// What kind of failure it is.
    var kind: FailureKind { get }
    /// Field-level problems, for validation errors.
    var issues: [PolicyIssue] { get }
    /// For ``FailureKind/rateLimited``: whole seconds until a retry may succeed.
    var retryAfter: Int? { get }
    /// Whether ``message`` may be shown to any HTTP client. Storage and key messages name hosts,
    /// users, paths and driver text for the operator (the CLI prints them); over HTTP they are
    /// logged and the client gets a generic message with the request ID.
    var isForOperatorsOnly: Bool { get }
}

extension LaunchGateFailure {
    /// None by default.
    public var issues: [PolicyIssue] { [] }
    /// None by default.
    public var retryAfter: Int? { nil }
    /// Clients may read most messages.
    public var isForOperatorsOnly: Bool { false }
    /// The message, with issues on their own lines.
    public var description: String {
        issues.isEmpty ? message : message + "\n" + issues.map { "  - \($0.field): \($0.reason)" }.joined(separator: "\n")
    }
}
