/// A `--trusted-proxy` value that is not a network.
public struct IPNetworkError: LaunchGateFailure {
    /// What was given.
    public let text: String
    /// What is wrong with it.
    public let reason: String

    /// See ``LaunchGateFailure/code``.
    public var code: String { "invalid-network" }
    /// See ``LaunchGateFailure/message``.
    public var message: String { "\"\(text.prefix(80))\" \(reason), as in 10.0.0.0/8 or fd00::/8" }
    /// See ``LaunchGateFailure/kind``.
    public var kind: FailureKind { .invalidInput }
}
