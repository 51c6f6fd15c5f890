/// Why an operations endpoint can't say the server is ready.
struct OperationsError: LaunchGateFailure {
    private enum Reason { case databaseNotAnswering }
    private let reason: Reason

    /// `/readyz` could not reach the database.
    static let databaseNotAnswering = OperationsError(reason: .databaseNotAnswering)

    var code: String { "unavailable" }
    var message: String { "the database is not answering; the server keeps serving cached policies until it is back" }
    var kind: FailureKind { .unavailable }
}
