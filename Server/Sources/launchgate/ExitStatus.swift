import LaunchGateServer

/// The one place domain errors become exit codes, so scripts can tell bad input from an outage
/// without reading messages: 64 for bad usage or input (EX_USAGE), 69 when a dependency such as
/// the database is unavailable (EX_UNAVAILABLE), 1 for everything else.
enum ExitStatus {
    /// The exit code for a kind of failure.
    static func code(for kind: FailureKind) -> Int32 {
        switch kind {
        case .invalidInput, .tooLarge: 64
        case .unavailable: 69
        case .unauthenticated, .forbidden, .notFound, .conflict, .rateLimited, .internal: 1
        }
    }
}
