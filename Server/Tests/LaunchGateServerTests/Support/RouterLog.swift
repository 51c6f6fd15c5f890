import InMemoryLogging
import Logging

/// A logger that keeps the router's request log lines, so a test can tell whether a request went
/// through Hummingbird's router (one line each) or was answered by the hot path (none).
struct RouterLog {
    let handler = InMemoryLogHandler()

    /// The logger to build the application with.
    var logger: Logger {
        var logger = Logger(label: "router-log") { [handler] _ in handler }
        logger.logLevel = .info
        return logger
    }

    /// Requests the router has answered so far.
    var requests: Int { handler.entries.filter { $0.message.description == "request" }.count }
}
