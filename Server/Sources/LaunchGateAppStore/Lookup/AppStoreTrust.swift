import Foundation
import LaunchGate
import LaunchGateStorage

/// How a link's trusted version (``AppStoreLinkStatus/trustedVersion``) moves after a poll. It is
/// the baseline ``AnswerPlausibility`` measures jumps from, so only time or an operator moves it,
/// never one answer (attack s14, 1).
enum AppStoreTrust {
    /// How long the newest served version must stand before it is trusted.
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
    static func advance(_ status: inout AppStoreLinkStatus, served: [String: AppVersion], baseline: AppVersion?, answered: Bool, reset: Bool,
                        at time: Date) {
        let newest = served.values.max()
        if reset, let newest {
            (status.trustedVersion, status.newestVersion, status.newestSince) = (newest, newest, time)
            return
        }
        if status.trustedVersion == nil { status.trustedVersion = baseline ?? newest }
        if status.newestVersion != newest {
            (status.newestVersion, status.newestSince) = (newest, newest.map { _ in time })
        } else if !answered {
            status.newestSince = newest.map { _ in time }
        } else if let newest, let since = status.newestSince, time.timeIntervalSince(since) >= day,
                  status.trustedVersion.map({ newest > $0 }) ?? true {
            status.trustedVersion = newest
        }
    }
}
