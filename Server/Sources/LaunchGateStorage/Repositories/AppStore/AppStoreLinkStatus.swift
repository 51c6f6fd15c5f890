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
    /// Apple's phased release as the last successful poll found it ("ACTIVE day 3: 5 %"), or why the
    /// policy's own rollout applies; kept here rather than in memory because `launchgate appstore status`
    /// runs in another process than `serve`. `nil` before the first check.
    public var phasedRelease: String?
    /// The answers the last poll that reached a storefront didn't believe, one line each
    /// (`us: 2.4.1 is below 2.5.0, …`): stale CDN answers and implausible versions. Shown so an
    /// operator sees a lie or a real big jump (accepted with `sync --reset`) rather than silence.
    public var ignoredAnswers: [String]
    /// Each storefront's own status, by code: only the link's storefronts, and only those a poll has asked.
    public var storefronts: [String: AppStoreStorefrontStatus]

    /// Creates a status.
    /// - Parameters:
    ///   - lastPollAt: When the last poll finished.
    ///   - lastSuccessAt: When a poll last succeeded.
    ///   - lastError: Why the last poll failed.
    ///   - failures: Consecutive failures.
    ///   - nextPollAt: When the next poll is due.
    ///   - phasedRelease: Apple's phased release as last found, or why it isn't followed.
    ///   - ignoredAnswers: The answers the last poll ignored.
    ///   - storefronts: Each storefront's status.
    public init(lastPollAt: Date? = nil, lastSuccessAt: Date? = nil, lastError: String? = nil, failures: Int = 0, nextPollAt: Date,
                phasedRelease: String? = nil, ignoredAnswers: [String] = [], storefronts: [String: AppStoreStorefrontStatus] = [:]) {
        self.lastPollAt = lastPollAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.failures = failures
        self.nextPollAt = nextPollAt
        self.phasedRelease = phasedRelease
        self.ignoredAnswers = ignoredAnswers
        self.storefronts = storefronts
    }
}
