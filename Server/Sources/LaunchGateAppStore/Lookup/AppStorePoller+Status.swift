import Foundation
import LaunchGate
import LaunchGateStorage
import Logging
import Metrics

// What a poll leaves for people to see: the ignored answers kept in status, the status's one-line
// error, the warnings and gauges of held answers and failures.
extension AppStorePoller {
    /// `launchgate_appstore_failures` of one link; an unlink sets it to 0.
    static func failuresGauge(app: String, platform: Platform) -> Gauge {
        Gauge(label: "launchgate_appstore_failures", dimensions: [("app", app), ("platform", platform.rawValue)])
    }

    /// `launchgate_appstore_held_answers` of one link: the storefronts with an answer waiting for an
    /// operator (a storefront holding two versions counts once, as the docs say, attack s15b, 5); an unlink sets it to 0.
    static func heldGauge(app: String, platform: Platform) -> Gauge {
        Gauge(label: "launchgate_appstore_held_answers", dimensions: [("app", app), ("platform", platform.rawValue)])
    }

    /// The ignored answers after a poll: this poll's, and the earlier ones of the storefronts that
    /// didn't answer this time, so a stale storefront the poll didn't reach stays listed until it
    /// answers (attack s14, 7). A held answer stays until its storefront's answer at or above it is
    /// `taken`: a CDN flapping between the old version and a held new one then logs one warning per
    /// held version, and the held gauge doesn't drop to 0 between flaps (review s15b, N4).
    /// A held answer of the version an operator `accepted` goes: the storefronts that didn't answer it
    /// this time are measured from it when they do. Answering a held version again, on any storefront,
    /// restarts the clock of its listing (``expire(_:link:at:)``).
    static func ignored(_ new: [IgnoredAnswer], before: [IgnoredAnswer], answered: Set<String>, taken: [String: AppVersion],
                        storefronts: [String], accepted: AppVersion? = nil) -> [IgnoredAnswer] {
        var kept = before.filter { answer in
            guard storefronts.contains(answer.storefront), !(answer.waitsForOperator && answer.version == accepted) else { return false }
            guard answered.contains(answer.storefront) else { return true }
            guard case .held = answer.reason, !new.contains(where: { $0.storefront == answer.storefront && $0.version == answer.version }) else { return false }
            return taken[answer.storefront].map { $0 < answer.version } ?? true
        }
        for index in kept.indices where kept[index].waitsForOperator {
            kept[index].answeredAt = new.filter { $0.version == kept[index].version }.compactMap(\.answeredAt).max() ?? kept[index].answeredAt
        }
        return (new + kept).sorted { $0.storefront < $1.storefront }
    }

    /// `ignored` without the answers waiting for an operator that no storefront has answered for
    /// ``IgnoredAnswer/heldFor`` (a one-off bogus answer, attack s15b, 7), each logged once as it goes.
    /// One stored before the time was kept starts its clock now.
    func expire(_ ignored: [IgnoredAnswer], link: AppStoreLink, at time: Date) -> [IgnoredAnswer] {
        return ignored.compactMap { answer in
            guard answer.waitsForOperator else { return answer }
            guard let since = answer.answeredAt else {
                var answer = answer
                answer.answeredAt = time
                return answer
            }
            guard time.timeIntervalSince(since) >= IgnoredAnswer.heldFor else { return answer }
            logger.notice("appstore: a held answer expired: no storefront has answered it for 24 hours",
                          metadata: ["app": "\(link.app)", "platform": "\(link.platform)", "storefront": "\(answer.storefront)",
                                     "version": "\(answer.version)", "answered_at": "\(since.formatted(.iso8601))"])
            return nil
        }
    }

    /// The status's error on one line of at most 1000 characters: a guard's reason or an answer may
    /// hold line breaks, which a status table would show as garbage (attack s13, 8).
    static func oneLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").prefix(1000))
    }

    /// Makes held answers heard, not only listed (attack s15, 3): a warning for each answer held
    /// that wasn't held at the last poll (so once per held version and storefront, not every poll),
    /// and the gauge `launchgate_appstore_held_answers{app,platform}`, set by every poll and sync
    /// that recorded its status (0 when none), which an alert can watch: a real major release waits for `sync --reset`.
    /// The warning's `measured_from` is the version the check measured the answer from: the trusted
    /// version of a held jump, the published latest of an answer below it, not the link's trust
    /// before a relink (attack s15b, 4).
    func reportHeld(_ ignored: [IgnoredAnswer], link: AppStoreLink) {
        let held = ignored.filter(\.waitsForOperator)
        let before = Set(link.status.ignoredAnswers.filter(\.waitsForOperator).map { "\($0.storefront) \($0.version)" })
        for answer in held where !before.contains("\(answer.storefront) \(answer.version)") {
            var metadata: Logger.Metadata = ["app": "\(link.app)", "platform": "\(link.platform)", "storefront": "\(answer.storefront)",
                                             "version": "\(answer.version)"]
            switch answer.reason {
            case .held(let trusted, _): metadata["measured_from"] = "\(trusted)"
            case .belowPublished(let latest): metadata["measured_from"] = "\(latest)"
            case .stale, .implausible, .tooManyComponents, .recorded: break
            }
            logger.warning("appstore: an answer is held until an operator accepts it with sync --accept VERSION", metadata: metadata)
        }
        Self.heldGauge(app: link.app, platform: link.platform).record(Double(Set(held.map(\.storefront)).count))
    }
}
