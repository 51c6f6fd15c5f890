extension MasterKeyError: LaunchGateFailure {
    /// See ``LaunchGateFailure/code``: the reason's stable name, such as `wrong-key`.
    public var code: String { "master-key-" + reason.description }

    /// See ``LaunchGateFailure/kind``. A key that is not base64 of 32 bytes is bad input; a file
    /// that is missing, unreadable, can't be made, or a key that doesn't open the signing key makes
    /// signing unavailable until the operator fixes it. Sealing failing is an internal fault.
    public var kind: FailureKind {
        switch reason {
        case .malformed: .invalidInput
        case .sealingFailed: .internal
        default: .unavailable
        }
    }

    /// See ``LaunchGateFailure/isForOperatorsOnly``: messages name the key file's path.
    public var isForOperatorsOnly: Bool { true }
}
