import Foundation

/// How a link's polls went: what `launchgate appstore status`, the console and the admin API show.
public struct AppStoreLinkStatus: Sendable, Hashable {
    /// When the last poll finished; `nil` before the first.
    public var lastPollAt: Date?
    /// When a poll last got a valid answer for every storefront.
    public var lastSuccessAt: Date?
    /// Why the last poll failed or published nothing (an error, a refused answer, a guard refusal); `nil` after a success.
    public var lastError: String?
    /// Polls in a row that failed; the backoff grows with it.
    public var failures: Int
    /// When the poller polls this link next.
    public var nextPollAt: Date

    /// Creates a status.
    /// - Parameters:
    ///   - lastPollAt: When the last poll finished.
    ///   - lastSuccessAt: When a poll last succeeded.
    ///   - lastError: Why the last poll failed.
    ///   - failures: Consecutive failures.
    ///   - nextPollAt: When the next poll is due.
    public init(lastPollAt: Date? = nil, lastSuccessAt: Date? = nil, lastError: String? = nil, failures: Int = 0, nextPollAt: Date) {
        self.lastPollAt = lastPollAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.failures = failures
        self.nextPollAt = nextPollAt
    }
}
