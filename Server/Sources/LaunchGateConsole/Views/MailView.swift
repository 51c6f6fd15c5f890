import Foundation

/// The sign-in mail outbox: messages per state, the oldest waiting one, and the newest
/// permanent failures by address.
struct MailView: ConsoleView {
    struct Count: ConsoleView {
        let state: String
        let count: Int
    }

    /// The oldest waiting message: when it was queued, and how long ago.
    struct Oldest: ConsoleView {
        let date: String
        let minutes: Int
    }

    struct Failure: ConsoleView {
        let email: String
        /// The app, or "console sign-in" for operators' codes.
        let app: String
        let attempts: Int
        let error: String
        let date: String

        init(_ message: OutboxMessage) {
            (email, attempts) = (message.email, message.attempts)
            app = message.appID == OperatorSignIn.appID ? "console sign-in" : message.appID
            (error, date) = (message.lastError ?? OutboxMessage.unknownFailure, ConsoleFigures.date(message.finishedAt ?? message.createdAt))
        }
    }

    let counts: [Count]
    let oldest: Oldest?
    let failures: [Failure]

    init(_ status: OutboxStatus, now: Date) {
        counts = OutboxMessage.State.allCases.map { Count(state: $0.rawValue, count: status.counts[$0.rawValue] ?? 0) }
        oldest = status.oldestPendingAt.map { Oldest(date: ConsoleFigures.date($0), minutes: max(0, Int(now.timeIntervalSince($0) / 60))) }
        failures = status.failures.map(Failure.init)
    }
}
