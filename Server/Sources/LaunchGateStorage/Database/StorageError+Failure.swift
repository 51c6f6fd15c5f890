extension StorageError: LaunchGateFailure {
    /// See ``LaunchGateFailure/code``: the reason's stable name, such as `unavailable`.
    public var code: String { reason.description }

    /// See ``LaunchGateFailure/kind``. A database that can't be reached now is worth retrying; a
    /// location that can't be used, TLS that can't be had, a schema from a newer version, or a
    /// value that can't be stored is the caller's input to fix; a file that can't be made or a row
    /// this version can't read is the server's own fault.
    public var kind: FailureKind {
        switch reason {
        case .unavailable, .busy: .unavailable
        case .invalidLocation, .insecureConnection, .newerSchema, .unstorable: .invalidInput
        default: .internal
        }
    }

    /// See ``LaunchGateFailure/isForOperatorsOnly``: messages name the database's location, but
    /// for a value that can't be stored, whose message only says what to change in it.
    public var isForOperatorsOnly: Bool { reason != .unstorable }
}
