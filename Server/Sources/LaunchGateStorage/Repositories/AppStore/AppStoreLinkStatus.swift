import Foundation
import LaunchGate

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
    /// The answers the last poll that reached a storefront didn't believe: stale CDN answers,
    /// implausible versions and held jumps. Shown so an operator sees a lie or a real big jump
    /// (accepted with `sync --accept VERSION`) rather than silence. One that no storefront has answered
    /// for ``IgnoredAnswer/heldFor`` expires.
    public var ignoredAnswers: [IgnoredAnswer]
    /// The version a jump is measured from: one that has stood for a day (the newest served for
    /// 24 hours) or that an operator accepted (`sync --accept` or `--reset`, or the `latest` they published before
    /// the link's first poll). Unlike the newest served, an answer can't move it by itself, so a
    /// chain of jumps can't climb in a few polls (attack s14, 1). `nil` before the first poll.
    public var trustedVersion: AppVersion?
    /// The newest version the link's storefronts serve, and since when it has been the newest:
    /// ``trustedVersion`` follows it once it has stood for a day.
    public var newestVersion: AppVersion?
    /// When ``newestVersion`` became the newest served.
    public var newestSince: Date?
    /// Since when ``newestVersion``'s major.minor has been the newest, answered at every poll: the day
    /// ``trustedVersion`` waits for. A patch doesn't restart it, so a team that ships a build a day
    /// still gets a trusted version (attack s15, 9); a new minor does (review s15b, N5). ``newestSince``
    /// stays the version's own, which a young version's notes are measured by.
    public var newestMinorSince: Date?
    /// The storefront, notes and minimum OS the last poll's answer gave for ``newestVersion``: while
    /// the version is young, the next answer of the same storefront that agrees with it is taken
    /// (attack s14, 13; review s15, M6).
    public var newestRelease: AppStoreNewestRelease?
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
    ///   - trustedVersion: The version jumps are measured from.
    ///   - newestVersion: The newest version served.
    ///   - newestSince: Since when it has been the newest.
    ///   - newestMinorSince: Since when the newest's major.minor has been the newest.
    ///   - newestRelease: The last answer's storefront, notes and minimum OS for it.
    ///   - storefronts: Each storefront's status.
    public init(lastPollAt: Date? = nil, lastSuccessAt: Date? = nil, lastError: String? = nil, failures: Int = 0, nextPollAt: Date,
                phasedRelease: String? = nil, ignoredAnswers: [IgnoredAnswer] = [], trustedVersion: AppVersion? = nil,
                newestVersion: AppVersion? = nil, newestSince: Date? = nil, newestMinorSince: Date? = nil, newestRelease: AppStoreNewestRelease? = nil,
                storefronts: [String: AppStoreStorefrontStatus] = [:]) {
        self.lastPollAt = lastPollAt
        self.lastSuccessAt = lastSuccessAt
        self.lastError = lastError
        self.failures = failures
        self.nextPollAt = nextPollAt
        self.phasedRelease = phasedRelease
        self.ignoredAnswers = ignoredAnswers
        self.trustedVersion = trustedVersion
        self.newestVersion = newestVersion
        self.newestSince = newestSince
        self.newestMinorSince = newestMinorSince
        self.newestRelease = newestRelease
        self.storefronts = storefronts
    }

    /// Takes `old`'s trusted and newest versions, for a relink to the same App Store app: like the
    /// floor, they outlive a change of pins or storefronts, or the next poll would trust the floor's
    /// newest, a version a day young included (review s15, M5).
    package mutating func keepTrust(of old: AppStoreLinkStatus) {
        (trustedVersion, newestVersion, newestSince, newestRelease) = (old.trustedVersion, old.newestVersion, old.newestSince, old.newestRelease)
        newestMinorSince = old.newestMinorSince
    }

    /// Takes `old`'s answers that wait for an operator, of the `storefronts` still linked, for a relink
    /// to the same App Store app: like the trust they are measured from, they outlive a routine edit
    /// (adding a storefront), or a real release held on every storefront would vanish from status
    /// and the gauge until it is answered again (attack s15b, 3).
    package mutating func keepHeld(of old: AppStoreLinkStatus, storefronts: [String]) {
        ignoredAnswers = old.ignoredAnswers.filter { $0.waitsForOperator && storefronts.contains($0.storefront) }
    }
}
