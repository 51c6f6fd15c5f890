import Foundation

/// The outbox as operators see it (`launchgate mail status`, `GET /v1/admin/mail`).
public struct OutboxStatus: Sendable, Hashable, Codable {
    /// Messages per state; every state is present, zeros included.
    public var counts: [String: Int]
    /// The oldest pending message's queue time, `nil` when none waits: a growing age means mail is stuck.
    public var oldestPendingAt: Date?
    /// The newest permanent failures (at most 50), newest first, without their codes.
    public var failures: [OutboxMessage]

    /// Creates a value.
    public init(counts: [String: Int], oldestPendingAt: Date?, failures: [OutboxMessage]) {
        self.counts = counts
        self.oldestPendingAt = oldestPendingAt
        self.failures = failures
    }
}
