import LaunchGateStorage

extension AppStoreConnectError: LaunchGateFailure {
    /// See ``LaunchGateFailure/code``: `appstore-connect-` and the reason, such as `appstore-connect-invalid-credentials`.
    public var code: String { "appstore-connect-" + reason.rawValue }

    /// See ``LaunchGateFailure/kind``. Bad credentials or a bad URL are bad input; anything Apple
    /// answered or failed to answer makes the phased release unavailable for now.
    public var kind: FailureKind {
        switch reason {
        case .invalidCredentials, .insecureURL: .invalidInput
        case .appNotFound, .credentialsNotSet: .notFound
        default: .unavailable
        }
    }
}
