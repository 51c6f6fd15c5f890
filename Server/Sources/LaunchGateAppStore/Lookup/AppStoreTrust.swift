import Foundation
import LaunchGate
import LaunchGateStorage

/// How a link's trusted version (``AppStoreLinkStatus/trustedVersion``) moves after a poll. It is
/// the baseline ``AnswerPlausibility`` measures jumps from, so only time or an operator moves it,
/// never one answer (attack s14, 1).
enum AppStoreTrust {
    /// How long the newest served version's major.minor must stand (answered by every poll) before the newest is trusted.
    static let day: TimeInterval = 86_400

    /// Moves the trust in `status` after a poll that kept `served`.
    /// - Parameters:
    ///   - baseline: The version the poll measured from (``StorefrontUpdate/baseline``): trusted from
    ///     the first poll, which has nothing better (the operator's published `latest`, else the first answers).
    ///   - answered: Whether a storefront answered the newest version in this poll
    ///     (``StorefrontUpdate/answeredNewest``). The newest served comes from the floor, which never
    ///     goes down: without this, one lie a day, then stale answers, would be trusted a day later
    ///     (review s15, M1). A poll that doesn't answer it again restarts its day.
    ///   - reset: An operator's `sync --reset`: what it took is accepted at once.
    ///   - accepted: The version an operator's `sync --accept` took: trusted at once, exactly that
    ///     version, even when another storefront's floor is higher. It lowers the trust only when it is
    ///     the newest served (a relink from a wrong bundle): an older version one storefront still
    ///     serves would otherwise become the base that jumps are measured from (review s16, P5).
    static func advance(_ status: inout AppStoreLinkStatus, served: [String: AppVersion], baseline: AppVersion?, answered: Bool, reset: Bool,
                        accepted: AppVersion? = nil, at time: Date) {
        let newest = served.values.max()
        if reset, let newest {
            (status.trustedVersion, status.newestVersion, status.newestSince, status.newestMinorSince) = (newest, newest, time, time)
            return
        }
        if let accepted {
            if status.trustedVersion.map({ accepted >= $0 }) ?? true || newest == accepted { status.trustedVersion = accepted }
            if newest == accepted {
                (status.newestVersion, status.newestSince, status.newestMinorSince) = (accepted, time, time)
                return
            }
        }
        // A fresh link trusts the published latest, unless its answers are below it: then it is
        // another app's (a relink to another bundle), or a stale answer (attack s15, 2).
        if status.trustedVersion == nil { status.trustedVersion = [baseline, newest].compactMap { $0 }.min() }
        if status.newestVersion != newest {
            // The day counts how long the newest's major.minor has been the newest: a patch doesn't
            // restart it, so a team shipping a build a day still gets a trusted version (attack s15, 9);
            // a new minor or major does, or a minor a day (7.99, then 7.9999) would be trusted at its
            // second poll once the major had stood a day (review s15b, N5).
            // The version's own clock (``AppStoreLinkStatus/newestSince``) restarts, which a young
            // version's notes are measured by.
            let sameMinor = status.newestVersion != nil && status.newestMinorSince != nil
                && status.newestVersion?.major == newest?.major && status.newestVersion?.minor == newest?.minor
            status.newestVersion = newest
            status.newestSince = newest.map { _ in time }
            if !sameMinor { status.newestMinorSince = newest.map { _ in time } }
        } else if !answered {
            status.newestMinorSince = newest.map { _ in time }
        } else if let newest, let since = status.newestMinorSince, time.timeIntervalSince(since) >= day,
                  status.trustedVersion.map({ newest > $0 }) ?? true {
            status.trustedVersion = newest
        }
    }
}
