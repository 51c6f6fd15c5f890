import Foundation
import LaunchGate
import LaunchGatePolicies

/// What a ``PolicyImpact`` says in words, for the admin API's `summary`, the CLI, the console
/// and the guard's refusals: the only place its prose is written.
///
/// ```swift
/// let words = ImpactSentences(impact)
/// print(words.summary)   // "Raising required on ios to 2.3.0 blocks 5 of 12 active installs (41.7 %)…"
/// ```
public struct ImpactSentences: Sendable {
    /// The impact worded.
    public let impact: PolicyImpact
    /// Whether the change went out (with the impact unknown, the words differ).
    public let published: Bool

    /// Words an impact.
    /// - Parameter published: Whether the change was published with it, rather than proposed.
    public init(_ impact: PolicyImpact, published: Bool = false) {
        self.impact = impact
        self.published = published
    }

    /// The first sentence: what the change blocks, or why nothing can be counted.
    public var headline: String {
        guard impact.known else {
            return "The impact could not be computed (the install counts could not be read in time), so it is unknown; "
                + (published ? "the publish was confirmed and went ahead without the publish guard."
                    : "publishing needs confirming until it can be computed again.")
        }
        let (active, days) = (impact.active, impact.activeDays)
        guard active.installs > 0 else {
            return impact.new.installs == 0 ? "No installs were seen in the last \(days) days, so nothing can be counted yet."
                : "No installs first seen before today were seen in the last \(days) days."
        }
        var text = "\(change) blocks \(Self.grouped(active.blocked)) of \(Self.grouped(active.installs)) active installs "
            + "(\(Self.percent(active.blockedShare)))"
        if active.newlyBlocked == 0, active.blocked > 0 {
            text += ", all of them blocked already"
        } else if active.newlyBlocked != active.blocked {
            text += ", \(Self.grouped(active.newlyBlocked)) of them not blocked now"
        }
        if impact.cannotUpdate > 0 {
            let floors = impact.proposed.platforms.compactMap { platform, entry in entry.latest?.minimumOS.map { (platform, $0) } }
                .sorted { $0.0.isListed(before: $1.0) }.map { "\(Self.osName($0.0)) below \($0.1)" }.joined(separator: " or ")
            text += "; \(Self.grouped(impact.cannotUpdate)) of them run \(floors.isEmpty ? "an OS too old for any allowed version" : floors) "
                + "and cannot update at all"
        }
        return text + "."
    }

    /// The sentences after the headline, each about what the counts can't show.
    public var caveats: [String] {
        guard impact.known else { return [] }
        let platforms = impact.platforms.sorted { $0.key.isListed(before: $1.key) }
        var caveats: [String] = []
        let (active, established) = (impact.active, impact.established)
        if active.installs > 0, established.installs > 0, established.installs != active.installs {
            caveats.append("Of the \(Self.grouped(established.installs)) established installs (seen twice, a day apart), it blocks "
                + "\(Self.grouped(established.blocked)) (\(Self.percent(established.blockedShare))) and newly blocks "
                + "\(Self.grouped(established.newlyBlocked)) (\(Self.percent(established.newlyBlockedShare))).")
        }
        let unsettled = platforms.filter { ($0.value.active.newlyBlocked > 0 || $0.value.new.newlyBlocked > 0) && $0.value.established.installs == 0 }
        if !unsettled.isEmpty {
            caveats.append("No \(unsettled.map(\.key.rawValue).joined(separator: " or ")) install is established yet (seen twice, a day apart), "
                + "so the publish guard asks to confirm any change that newly blocks installs there.")
        }
        if let rolloutNote { caveats.append(rolloutNote) }
        let refused = platforms.filter { $0.value.refusedSightings > 0 && $0.value.changesBlocking }
        if !refused.isEmpty {
            caveats.append(refused.map { "\(Self.grouped($0.value.refusedSightings)) \($0.key.rawValue) sightings" }.joined(separator: ", ")
                + " were refused by the cap on installs and groups in the last \(impact.activeDays) days, so real installs may be missing from"
                + " these counts (an upgrade to a new release, say).")
        }
        for (platform, counts) in platforms where counts.unevaluatedGroups > 0 {
            let worst = counts.changesBlocking ? PublishGuard.worstCase(counts) : 0
            caveats.append("\(Self.grouped(counts.unevaluatedInstalls)) installs in \(Self.grouped(counts.unevaluatedGroups)) rarer (version, build, OS) "
                + "groups past the \(Self.grouped(impact.groupLimit)) with most installs on \(platform.rawValue) were not evaluated and are not counted"
                + (worst == 0 ? "." : "; if they were all newly blocked, the change could block up to \(Self.percent(worst)) of active "
                    + "\(platform.rawValue) installs."))
        }
        let new = impact.new
        if new.installs > 0 {
            caveats.append("Plus \(Self.grouped(new.installs)) install\(new.installs == 1 ? "" : "s") first seen today "
                + "(\(Self.grouped(new.blocked)) of them blocked), which these counts leave out.")
        }
        if !impact.guarded {
            caveats.append("Installs are not recorded per channel, so these counts cover every channel's installs, and the publish guard "
                + "doesn't apply to the \(impact.channel.rawValue) channel.")
        }
        return caveats
    }

    /// The headline and the caveats, in one paragraph.
    public var summary: String { ([headline] + caveats).joined(separator: " ") }

    /// How rollout counts were estimated, when a rollout decided any outcome.
    public var rolloutNote: String? {
        guard !impact.rollouts.isEmpty else { return nil }
        return "Rollout counts are expected values: install IDs are stored only as HMACs, so rollout buckets can't be recomputed; installs that "
            + "only the rollout decides are split by its current share ("
            + impact.rollouts.sorted { $0.key.isListed(before: $1.key) }.map { "\($0.key.rawValue) \(Self.percent($0.value / 100))" }
            .joined(separator: ", ") + ")."
    }

    /// Why the guard wants a change confirmed: "newly blocks 40 % of active ios installs".
    public func reason(_ breach: GuardBreach) -> String {
        let (platform, share) = (breach.platform.rawValue, Self.percent(breach.share))
        switch breach.measure {
        case .newlyBlocked: return "newly blocks \(share) of active \(platform) installs"
        case .blockedAfter: return "leaves \(share) of active \(platform) installs blocked"
        case .establishedNewlyBlocked: return "newly blocks \(share) of established \(platform) installs"
        case .establishedBlockedAfter: return "leaves \(share) of established \(platform) installs blocked"
        case .noEstablishedInstalls:
            return "newly blocks installs while no \(platform) install is established yet (seen a day apart), so the share can't be trusted"
        case .refusedSightings:
            return "changes what blocks \(platform) installs while sightings of \(platform) installs were refused by the cap on installs and groups, "
                + "so real installs may be missing from the counts"
        case .unevaluatedWorstCase:
            return "could newly block up to \(share) of active \(platform) installs, counting the groups not evaluated as blocked"
        }
    }

    /// The refusal of an unconfirmed change: the summary, the rule it broke and how to go on.
    public func refusal(_ breach: GuardBreach, limit: Double) -> String {
        // Without established installs there is no share to compare with the limit.
        let over = breach.measure == .noEstablishedInstalls ? "" : ", more than the \(Self.percent(limit)) a change may block unconfirmed"
        return summary + (breach.measure == .unevaluatedWorstCase ? " It " : " On \(breach.platform.rawValue) it ") + reason(breach) + over
            + "; send it again with \"confirm\": true (CLI: --confirm) if this is intended, or use dry_run=true (--dry-run) to look first."
    }

    /// The refusal of an unconfirmed change whose impact could not be computed.
    public static func unavailableRefusal(app: String, channel: ReleaseChannel) -> String {
        "The impact of this change on \(app)'s \(channel.rawValue) installs could not be computed (the install counts could not be read in "
            + "time), so the publish guard can't check it. Send it again with \"confirm\": true (CLI: --confirm) to publish without it, or try "
            + "again later."
    }

    /// What changed from the current policy, as the headline's subject.
    package var change: String {
        var phrases: [String] = []
        let many = impact.proposed.platforms.count > 1
        for (platform, entry) in impact.proposed.platforms.sorted(by: { $0.key.isListed(before: $1.key) }) {
            let old = impact.current?.policy(for: platform)
            let on = many ? " on \(platform.rawValue)" : ""
            if entry.endOfLife != nil, old?.endOfLife == nil { phrases.append("Ending \(platform.rawValue)'s life") }
            if let required = entry.required, required != old?.required {
                var verb = "Setting"
                if let before = old?.required?.version, let after = required.version {
                    verb = before < after ? "Raising" : before > after ? "Lowering" : "Changing"
                }
                let target = required.version?.description ?? required.build.map { "build \($0)" } ?? "nothing"
                phrases.append("\(verb) required\(on) to \(target)")
            }
            if entry.blocked != old?.blocked ?? BlockedReleases() { phrases.append("Changing the blocked releases\(on)") }
            if let floor = entry.latest?.minimumOS, floor != old?.latest?.minimumOS { phrases.append("Requiring \(Self.osName(platform)) \(floor)") }
            if entry.rollout != old?.rollout, entry.rollout != nil { phrases.append("Changing the rollout\(on)") }
        }
        return phrases.isEmpty ? "This policy" : phrases.prefix(2).joined(separator: " and ")
    }

    /// `12.3 %`; a share that isn't 0 or 1 never reads as `0 %` or `100 %`.
    public static func percent(_ share: Double) -> String {
        if share > 0 && share < 0.0005 { return "<0.1 %" }
        if share < 1 && share > 0.9995 { return ">99.9 %" }
        let tenths = (share * 1000).rounded() / 10
        return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + " %"
    }

    /// `1,234,567`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(abs(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    private static func osName(_ platform: Platform) -> String {
        [.ios: "iOS", .ipados: "iPadOS", .macos: "macOS", .tvos: "tvOS", .watchos: "watchOS", .visionos: "visionOS", .android: "Android"][platform]
            ?? platform.rawValue
    }
}
