import Foundation

/// A sign-in mail waiting in the outbox, or what became of it.
///
/// The code travels sealed under the master key (as signing keys are) and is erased once the
/// message is sent, has failed for good, or its code has expired: the database never holds a
/// usable code in the clear.
public struct OutboxMessage: Sendable, Hashable, Codable {
    /// Where the message is in its life.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Waiting for its first or next attempt.
        case pending
        /// Accepted by the mail server.
        case sent
        /// Refused for good (an SMTP 5xx, or an address no mail server can take).
        case failed
        /// Its code expired before a delivery succeeded; sending it would only confuse.
        case expired
    }

    /// `msg_` and 24 hex digits.
    public var id: String
    /// The app whose name and templates the mail uses.
    public var appID: String
    /// The recipient, normalised.
    public var email: String
    /// The network whose code it carries: a new code from that network ends this message while
    /// it waits, and a code from another network doesn't.
    public var network: String
    /// The code, sealed with the master key; `nil` once the message left the pending state.
    public var sealedCode: String?
    /// When the code in it stops working; past this the message is dropped as ``State/expired``.
    public var codeExpiresAt: Date
    /// Where the message is in its life.
    public var state: State
    /// Delivery attempts made so far.
    public var attempts: Int
    /// When the next attempt is due (or, while an instance is sending it, when that instance's claim lapses).
    public var nextAttemptAt: Date
    /// The last delivery error, for operators.
    public var lastError: String?
    /// When it was queued.
    public var createdAt: Date
    /// When it was sent, failed for good or expired.
    public var finishedAt: Date?
    /// Whether a send-code already answered `delivery_failed` for this failure.
    public var failureReported: Bool

    /// What a failure without a recorded error reports.
    public static let unknownFailure = "the mail server refused the message"

    /// Creates a message.
    public init(id: String, appID: String, email: String, network: String, sealedCode: String?, codeExpiresAt: Date, state: State = .pending,
                attempts: Int = 0, nextAttemptAt: Date, lastError: String? = nil, createdAt: Date, finishedAt: Date? = nil,
                failureReported: Bool = false) {
        self.id = id
        self.appID = appID
        self.email = email
        self.network = network
        self.sealedCode = sealedCode
        self.codeExpiresAt = codeExpiresAt
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.createdAt = createdAt
        self.finishedAt = finishedAt
        self.failureReported = failureReported
    }
}
