import Foundation
import LaunchGateStorage

/// Each storefront's own status across polls, kept in the link's status (and so in the database):
/// the order the next poll asks them in, what each last answered, and when one that says "no
/// such app" is withdrawn from the policy's `storefronts`.
extension AppStorePoller {
    /// "No such app" answers in a row before a storefront is withdrawn: one is a CDN blip.
    public static let withdrawAfterMissingPolls = 3
    /// And for at least this long since the first of them, so a burst of syncs can't withdraw it (6 hours).
    public static let withdrawAfterMissingFor: TimeInterval = 6 * 3600

    /// The order to ask a link's storefronts in: those never asked first, then those asked longest
    /// ago, ties in the link's order. Read from the stored status, so a sync in its own process and
    /// another instance start where the last poll stopped (attack s14, 5).
    static func order(_ link: AppStoreLink) -> [String] {
        link.storefronts.enumerated().sorted { first, second in
            let (one, other) = (link.status.storefronts[first.element]?.lastPollAt, link.status.storefronts[second.element]?.lastPollAt)
            return switch (one, other) {
            case (nil, nil): first.offset < second.offset
            case (nil, _): true
            case (_, nil): false
            case let (one?, other?): one == other ? first.offset < second.offset : one < other
            }
        }.map(\.element)
    }

    /// The link's storefront statuses after `round`, at `time`: an answer clears the error and the
    /// "no such app" run (a withdrawn storefront comes back as a fresh one); "no such app" extends
    /// the run and withdraws a published storefront once the run is long enough; a storefront not
    /// reached keeps its status, so it is asked first next time.
    static func storefronts(after round: AppStoreLookupRound.Result, link: AppStoreLink, at time: Date) -> [String: AppStoreStorefrontStatus] {
        var statuses = link.status.storefronts.filter { link.storefronts.contains($0.key) }
        for (storefront, release) in round.answers where link.storefronts.contains(storefront) {
            var status = statuses[storefront] ?? AppStoreStorefrontStatus()
            (status.lastPollAt, status.lastAnswerAt, status.lastAnswer, status.lastError) = (time, time, release.version.description, nil)
            (status.missingSince, status.missingPolls, status.withdrawnAt) = (nil, 0, nil)
            statuses[storefront] = status
        }
        for message in round.errors {
            let storefront = String(message.prefix { $0 != ":" })
            guard link.storefronts.contains(storefront) else { continue }
            var status = statuses[storefront] ?? AppStoreStorefrontStatus()
            (status.lastPollAt, status.lastError) = (time, message)
            if round.missing.contains(storefront) {
                let since = status.missingSince ?? time
                (status.lastAnswer, status.missingSince, status.missingPolls) = (AppStoreStorefrontStatus.noSuchApp, since, status.missingPolls + 1)
                if status.withdrawnAt == nil, link.served[storefront] != nil, status.missingPolls >= withdrawAfterMissingPolls,
                   time.timeIntervalSince(since) >= withdrawAfterMissingFor {
                    status.withdrawnAt = time
                }
            }
            statuses[storefront] = status
        }
        return statuses
    }
}
