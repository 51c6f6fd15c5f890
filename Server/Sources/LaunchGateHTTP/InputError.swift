import LaunchGateStorage

/// A request the HTTP layer can't read: a bad query parameter, body or header.
public struct InputError: LaunchGateFailure, Equatable {
    /// See ``LaunchGateFailure/code``.
    public let code: String
    /// See ``LaunchGateFailure/message``.
    public let message: String
    /// See ``LaunchGateFailure/kind``.
    public let kind: FailureKind

    private init(_ code: String, _ message: String, kind: FailureKind = .invalidInput) {
        self.code = code
        self.message = message
        self.kind = kind
    }

    /// `platform` names no platform.
    public static func unknownPlatform(_ reason: String) -> InputError { .init("unknown-platform", reason) }
    /// `channel` names no channel.
    public static func unknownChannel(_ name: String) -> InputError {
        .init("unknown-channel", "unknown channel \"\(name.prefix(40))\"; use production or beta")
    }
    /// A version or build parameter that doesn't parse.
    public static func invalidVersion(_ parameter: String, _ reason: String) -> InputError {
        .init("invalid-version", "\(parameter): \(reason)")
    }
    /// `/check` without `version`.
    public static let missingVersion = InputError("missing-version", "give the installed version, as in ?version=2.3.0")
    /// A body that is not the JSON the endpoint expects.
    public static func invalidBody(_ reason: String) -> InputError {
        .init("invalid-body", "the request body is not the JSON this endpoint expects: \(reason)")
    }
    /// A body over the endpoint's limit.
    public static func bodyTooLarge(limit: Int) -> InputError {
        .init("body-too-large", "the request body is larger than this endpoint accepts (\(limit) bytes)", kind: .tooLarge)
    }
    /// A query parameter out of its range or form.
    public static func invalidParameter(_ name: String, _ reason: String) -> InputError {
        .init("invalid-parameter", "\(name): \(reason)")
    }
    /// A `LaunchGate-Client` header an endpoint needs is missing or unreadable.
    public static func invalidClientHeader(_ reason: String) -> InputError {
        .init("invalid-client-header", "the LaunchGate-Client header is needed, as the SDK sends it "
            + "(version=\"2.4.1\", platform=\"ios\", install=\"…\"), but \(reason)")
    }
    /// A path parameter that isn't valid percent-encoded UTF-8.
    public static func invalidPathParameter(_ name: String) -> InputError {
        .init("invalid-path", "the \(name) in the path is not valid percent-encoded UTF-8")
    }
}
