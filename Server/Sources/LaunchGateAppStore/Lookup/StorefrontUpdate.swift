import Foundation
import LaunchGate
import LaunchGateStorage

/// What one poll changes in a linked platform's policy, decided without I/O so every rule is
/// tested on its own: per storefront the version never goes backwards (Apple's CDN serves stale
/// answers for a while after a release, Siren #380), unless the operator resets; an implausible
/// version is never taken (``AnswerPlausibility``); `storefronts` always follows the store;
/// `latest` follows the highest version served, unless pinned, and never goes down without a reset
/// (a fresh link's stale first answers change `storefronts` only, attack s15, 2).
///
/// The notes, minimum OS and store URL are taken from the answer that brings a new version (or
/// fill a field that is empty). While the version is young (its first ``youngFor`` as the newest),
/// its notes and minimum OS are taken again when two polls in a row answer the same ones, once per
/// version (attack s15, 7), so one
/// CDN node's wrong notes or minimum OS in the first answer don't stay for the version's life
/// (attack s14, 13). Otherwise they are not re-read: two CDN nodes that disagree about them would
/// publish a revision on every poll, and disagreeing answers never agree twice in a row. Apple
/// ties a version's notes and minimum OS to the version; `sync --reset` takes them again.
public struct StorefrontUpdate: Sendable, Hashable {
    /// The version each linked storefront serves now: the floor for the next poll.
    public let served: [String: AppVersion]
    /// The platform's policy with the store's values.
    public let policy: PlatformPolicy
    /// The answers not believed, by storefront: stale (lower than that storefront served before),
    /// implausible or held (``IgnoredAnswer/waitsForOperator``: a sync that met a held one isn't done).
    public let ignored: [IgnoredAnswer]
    /// The version jumps were measured from: the link's trusted version, or on its first poll what
    /// the link served before, else the published latest (``AppStoreTrust``).
    public let baseline: AppVersion?
    /// The version an operator's `sync --accept` named, when a storefront's answer of it was taken;
    /// `nil` when none was (none answered it, or only below its floor): then the sync changes nothing.
    public let accepted: AppVersion?
    /// The storefront, notes and minimum OS this poll's answer gave for the newest version, for
    /// ``AppStoreLinkStatus/newestRelease``: the next poll's answer from the same storefront that
    /// agrees with it is taken while the version is young. An answer from another storefront than
    /// the last one's leaves the last one's here.
    public let newestRelease: AppStoreNewestRelease?
    /// Whether a storefront answered the newest served version in this poll, rather than it being
    /// only the floor's: the day that makes it trusted counts only such polls (``AppStoreTrust``).
    public var answeredNewest: Bool { newestRelease != nil }

    /// How long a version's notes and minimum OS may still be corrected by answers that agree.
    public static let youngFor: TimeInterval = 3600

    /// Applies one poll's answers.
    /// - Parameters:
    ///   - answers: The storefronts that answered, with what they serve; failed ones are absent and keep their last value.
    ///   - link: The link, with the versions served before.
    ///   - policy: The platform's current policy; `nil` when it has none yet.
    ///   - reset: Whether to take the answers as they are, even lower ones or a big jump (`sync --reset`).
    ///   - time: When the poll ran, to tell a young version; `nil` re-reads nothing.
    ///   - accept: An operator's `sync --accept VERSION`: answers of exactly that version are taken even
    ///     past the jump limits or below the published latest, and the rest are measured from it; every
    ///     storefront keeps its floor (a stale answer stays stale, attack s15, 4).
    ///   - freshBaseline: For a fresh link (nothing trusted or served), the baseline: the `latest` an
    ///     operator last published (``AppStorePublisher/operatorLatest(app:platform:)``), else the
    ///     answers' lowest, rather than a published `latest` the poller took untrusted before an unlink
    ///     (review s15b, N7); when the history search was cut by its cap, the lower of the published
    ///     latest and the answers' lowest, chosen by the poller (attack s16b, B); `nil` measures from the published latest.
    public init(answers: [String: StorefrontRelease], link: AppStoreLink, policy: PlatformPolicy?, reset: Bool, at time: Date? = nil,
                accept: AppVersion? = nil, freshBaseline: AppVersion? = nil) {
        let before = link.served.filter { link.storefronts.contains($0.key) }
        var served = reset ? [:] : before
        var ignored: [IgnoredAnswer] = []
        // The version accepted, if a linked storefront answered it at or above its floor: the operator's
        // word on that version only, and only when the store serves it now.
        let accepting = accept.flatMap { version in
            answers.contains { link.storefronts.contains($0.key) && $0.value.version == version && (reset || before[$0.key].map { $0 <= version } ?? true) }
                ? version : nil
        }
        // Jumps are measured from the trusted version, which no answer moves by itself (attack s14, 1).
        // A fresh link has served nothing yet: the published latest is then the baseline, so a
        // relinked app's first answer can't leap past it unchecked (attack s14, 2).
        let baseline = accepting ?? link.status.trustedVersion ?? before.values.max() ?? freshBaseline ?? policy?.latest?.version
        self.baseline = baseline
        for (storefront, release) in answers.sorted(by: { $0.key < $1.key }) where link.storefronts.contains(storefront) {
            if let refusal = AnswerPlausibility.refusal(of: release.version, trusted: baseline, published: policy?.latest?.version,
                                                        reset: reset || release.version == accepting) {
                ignored.append(IgnoredAnswer(storefront: storefront, version: release.version, reason: refusal))
            } else if let floor = served[storefront], release.version < floor {
                ignored.append(IgnoredAnswer(storefront: storefront, version: release.version, reason: .stale(floor: floor)))
            } else {
                served[storefront] = release.version
            }
        }
        // A reset keeps the last value of a storefront that failed or answered implausibly, rather than dropping it.
        if reset {
            for (storefront, version) in before where served[storefront] == nil { served[storefront] = version }
        }
        self.served = served
        // As the store spells it (12.0.0), not as the operator typed it (12): that is what is trusted (attack s16, 6).
        self.accepted = accepting.flatMap { version in
            served.sorted { $0.key < $1.key }.first { $0.value == version && answers[$0.key]?.version == version }?.value
        }
        var updated = policy ?? PlatformPolicy()
        updated.storefronts = served
        // `latest` never goes down without a reset: a fresh link (an unlink and link, another
        // bundle) whose first answers are stale would otherwise take every device on the versions
        // between off its prompt (attack s15, 2). Only `storefronts` follows such answers, and
        // they wait for an operator like a held one, rather than leaving another app's latest,
        // notes and store page published in silence (review s15b, N1). A pinned latest is the
        // operator's own: the store's answers below it are normal, and the store URL follows them.
        let published = link.pins.contains(.latest) ? nil : policy?.latest?.version
        let belowPublished = !reset && self.accepted == nil && served.values.max().map { highest in published.map { highest < $0 } ?? false } ?? false
        if belowPublished, let published {
            for (storefront, release) in answers.sorted(by: { $0.key < $1.key }) where served[storefront] == release.version {
                ignored.append(IgnoredAnswer(storefront: storefront, version: release.version, reason: .belowPublished(latest: published)))
            }
        }
        self.ignored = ignored.sorted { $0.storefront < $1.storefront }
        if !belowPublished, let highest = served.values.max(),
           // The notes and store URL are one storefront's, in its language: the first storefront
           // in the link's own order that serves the newest version, so the operator's main
           // storefront goes first (`us,fr,jp`), not the alphabet's (attack s14, 3).
           let source = link.storefronts.first(where: { served[$0] == highest && answers[$0]?.version == highest }),
           let release = answers[source] {
            let isNew = reset || self.accepted == highest || before.values.max() != highest
            let fields = AppStoreNewestRelease(storefront: source, minimumOS: release.minimumOS, notes: release.notes)
            // Young, and this answer agrees with the last poll's: the two outvote the first answer.
            var young = false
            if link.status.newestVersion == highest, let since = link.status.newestSince, let time {
                young = time.timeIntervalSince(since) < Self.youngFor
            }
            // Corrected once already: a version's notes and minimum OS are corrected at most once, so
            // nodes answering A, A, B, B, A, A publish one correction, not one per pair (attack s15, 7).
            let corrected = !isNew && link.status.newestVersion == highest && link.status.newestRelease?.corrected == true
            let agreed = young && !corrected && link.status.newestRelease == fields
            let announced = updated.latest
            Self.follow(release, isNew: isNew, agreed: agreed, pins: link.pins, in: &updated)
            // Only the storefront whose notes were taken may correct them: another storefront's (in
            // its own language) that answered first in a poll where it failed keeps the last answer,
            // so two such polls don't publish its notes, and two more the first's again (review s15, M6).
            // Unless `source` comes earlier in the link's order: the notes came from a later storefront
            // because the main one failed when the version came (`fr` with `us` 503), and the main
            // one's answers must still be able to correct them (review s15b, N2).
            let kept = isNew || link.status.newestVersion != highest ? nil : link.status.newestRelease
            if corrected {
                newestRelease = link.status.newestRelease
            } else if agreed, updated.latest != announced {
                var marked = fields
                marked.corrected = true
                newestRelease = marked
            } else if let kept, kept.storefront != source, !Self.precedes(source, kept.storefront, in: link.storefronts) {
                newestRelease = kept
            } else {
                newestRelease = fields
            }
        } else {
            newestRelease = nil
        }
        self.policy = updated
    }

    /// Whether `storefront` comes before `other` in the link's order (one no longer linked comes last).
    private static func precedes(_ storefront: String, _ other: String, in order: [String]) -> Bool {
        (order.firstIndex(of: storefront) ?? order.count) < (order.firstIndex(of: other) ?? order.count)
    }

    /// Follows `release`; `isNew` says it brings a version the link hadn't served, so its fields
    /// replace the published ones; `agreed`, that two polls agree on its notes and minimum OS.
    private static func follow(_ release: StorefrontRelease, isNew: Bool, agreed: Bool, pins: Set<AppStorePin>, in policy: inout PlatformPolicy) {
        var isNew = isNew
        if !pins.contains(.latest) {
            var latest = policy.latest ?? Release()
            if latest.version != release.version {
                // A new version's build and date are not the old one's, nor are its notes: take the store's.
                latest = Release(version: release.version, releaseDate: release.releaseDate, notes: latest.notes, minimumOS: latest.minimumOS)
                isNew = true
            }
            policy.latest = latest
        }
        // A release's notes and minimum OS are that version's: with `latest` pinned to another
        // version, the store's would describe a release the policy doesn't announce (review s13, G8).
        if var latest = policy.latest, latest.version == release.version {
            if !pins.contains(.notes), isNew || agreed || latest.notes == nil { latest.notes = release.notes }
            if !pins.contains(.minimumOS), isNew || agreed || latest.minimumOS == nil { latest.minimumOS = release.minimumOS }
            policy.latest = latest
        }
        if !pins.contains(.updateURL), let url = release.storeURL, isNew || policy.updateURL == nil { policy.updateURL = url }
    }
}
