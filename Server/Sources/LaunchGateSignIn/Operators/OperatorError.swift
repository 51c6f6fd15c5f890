import LaunchGateStorage

/// What managing console operators refuses, without HTTP vocabulary.
public struct OperatorError: LaunchGateFailure, Equatable {
    /// See ``LaunchGateFailure/code``.
    public let code: String
    /// See ``LaunchGateFailure/message``.
    public let message: String
    /// See ``LaunchGateFailure/kind``.
    public let kind: FailureKind

    private init(code: String, message: String, kind: FailureKind) {
        self.code = code
        self.message = message
        self.kind = kind
    }

    /// The address is already an active operator.
    public static func exists(_ email: String) -> OperatorError {
        OperatorError(code: "operator-exists", message: "\(email.prefix(254)) is already an operator; remove it first to change its scope",
                      kind: .conflict)
    }

    /// No active operator has the address.
    public static func notFound(_ email: String) -> OperatorError {
        OperatorError(code: "operator-not-found", message: "no operator \(email.prefix(254)); see 'launchgate operators list'", kind: .notFound)
    }

    /// A scope that is not read, publish or admin.
    public static func invalidScope(_ scope: String) -> OperatorError {
        OperatorError(code: "invalid-scope", message: "scope \"\(scope.prefix(40))\" must be read, publish or admin", kind: .invalidInput)
    }

    /// An address sign-in would refuse.
    public static func invalidEmail(_ why: String) -> OperatorError {
        OperatorError(code: "invalid-email", message: why, kind: .invalidInput)
    }
}
