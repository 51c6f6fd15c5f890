import Foundation
import LaunchGateSignIn
import LaunchGateStorage

/// The sign-in mail outbox: messages per state, the oldest waiting one, and the newest
/// permanent failures by address.
struct MailView: ConsoleView {
    package struct Count: ConsoleView {
        package let state: String
        package let count: Int
    }

    /// The oldest waiting message: when it was queued, and how long ago.
    package struct Oldest: ConsoleView {
        package let date: String
        package let minutes: Int
    }

    package struct Failure: ConsoleView {
        package let email: String
        /// The app, or "console sign-in" for operators' codes.
        package let app: String
        package let attempts: Int
        package let error: String
        package let date: String

        package init(_ message: OutboxMessage) {
            (email, attempts) = (message.email, message.attempts)
            app = message.appID == OperatorSignIn.appID ? "console sign-in" : message.appID
            (error, date) = (message.lastError ?? OutboxMessage.unknownFailure, ConsoleFigures.date(message.finishedAt ?? message.createdAt))
        }
    }

    package let counts: [Count]
    package let oldest: Oldest?
    package let failures: [Failure]

    package init(_ status: OutboxStatus, now: Date) {
        counts = OutboxMessage.State.allCases.map { Count(state: $0.rawValue, count: status.counts[$0.rawValue] ?? 0) }
        oldest = status.oldestPendingAt.map { Oldest(date: ConsoleFigures.date($0), minutes: max(0, Int(now.timeIntervalSince($0) / 60))) }
        failures = status.failures.map(Failure.init)
    }
}
