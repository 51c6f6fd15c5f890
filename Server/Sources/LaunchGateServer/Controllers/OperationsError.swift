import LaunchGateStorage

/// Why an operations endpoint can't answer.
struct OperationsError: LaunchGateFailure {
    private enum Reason { case databaseNotAnswering, apiDescriptionMissing }
    private let reason: Reason

    /// `/readyz` could not reach the database.
    static let databaseNotAnswering = OperationsError(reason: .databaseNotAnswering)
    /// The build carries no `openapi.yaml` resource (a packaging mistake, not a client's).
    static let apiDescriptionMissing = OperationsError(reason: .apiDescriptionMissing)

    var code: String {
        switch reason {
        case .databaseNotAnswering: "unavailable"
        case .apiDescriptionMissing: "api-description-missing"
        }
    }

    var message: String {
        switch reason {
        case .databaseNotAnswering: "the database is not answering; the server keeps serving cached policies until it is back"
        case .apiDescriptionMissing: "the API description is missing from this build; it ships in LaunchGateServer_LaunchGateServer.resources, beside the launchgate binary (Server/openapi.yaml)"
        }
    }

    var kind: FailureKind {
        switch reason {
        case .databaseNotAnswering: .unavailable
        case .apiDescriptionMissing: .notFound
        }
    }
}
