extension StorageError: LaunchGateFailure {
    /// See ``LaunchGateFailure/code``: the reason's stable name, such as `unavailable`.
    public var code: String { reason.description }

    /// See ``LaunchGateFailure/kind``. A database that can't be reached now is worth retrying; a
    /// location that can't be used, TLS that can't be had, or a schema from a newer version is the operator's input to fix; a file
    /// that can't be made or a row this version can't read is the server's own fault.
    public var kind: FailureKind {
        switch reason {
        case .unavailable, .busy: .unavailable
        case .invalidLocation, .insecureConnection, .newerSchema: .invalidInput
        default: .internal
        }
    }

    /// See ``LaunchGateFailure/isForOperatorsOnly``: messages name the database's location.
    public var isForOperatorsOnly: Bool { true }
}
