import Foundation
import LaunchGate

/// What a proposed policy would do to the installs active within ``activeDays``: how many would
/// see each outcome, under it and under the current policy.
///
/// Computed with the SDK's own ``UpdateEvaluator`` once per distinct (platform, version, build,
/// OS) group, weighted by the group's count, never per install. Two things can't be known per
/// install because storage keeps install IDs only as HMACs: exemptions (left out; they are a
/// handful of testers) and rollout buckets. A group whose outcome only the rollout decides is
/// split by the rollout's current percentage, an expected count that ``rolloutNote`` spells out.
public struct PolicyImpact: Sendable, Encodable, Equatable {
    /// The app.
    public var app: String
    /// The channel the policy is for.
    public var channel: String
    /// The activity window, in days.
    public var activeDays: Int
    /// Installs seen within the window.
    public var activeInstalls: Int
    /// Distinct (platform, version, build, OS) groups evaluated.
    public var groups: Int
    /// Installs per outcome under the proposed policy (rounded expected counts under a rollout).
    public var outcomes: [InstallOutcome: Int]
    /// Installs per outcome under the current policy; empty before the first publish.
    public var currentOutcomes: [InstallOutcome: Int]
    /// Installs the proposed policy blocks.
    public var blocked: Int
    /// Installs the proposed policy blocks that the current one lets in.
    public var newlyBlocked: Int
    /// Blocked installs whose OS is too old for any allowed version: they can't update at all.
    public var cannotUpdate: Int
    /// Per platform, the OS version the latest release needs, where the policy names one.
    public var minimumOS: [String: String]
    /// How rollout shares were estimated, when a rollout decided any outcome.
    public var rolloutNote: String?
    /// Per platform (`ios`, `android`…), the counts the publish guard checks.
    public var platforms: [String: PlatformImpact]
    /// Which installs were counted: installs are not recorded per channel, so always every
    /// channel's (`all`), also for a policy of the beta channel.
    public var countedChannels: String = "all"
    /// Whether the publish guard applies: only to the production channel, since the counts
    /// can't tell a channel's installs apart.
    public var guarded: Bool
    /// One sentence a person can act on.
    public var summary: String
    /// Groups left out because more than ``AdoptionService/impactGroupLimit`` were active: the
    /// rarest, not counted anywhere above; `nil` when every group was evaluated.
    public var unevaluatedGroups: Int?
    /// The installs of ``unevaluatedGroups``.
    public var unevaluatedInstalls: Int?
    /// Installs first seen today (and seen on no other day), left out of every count above and
    /// of the guard's shares: a client can make them up by reading the policy.
    public var newInstalls: Int = 0
    /// Of ``newInstalls``, those the proposed policy blocks.
    public var newInstallsBlocked: Int = 0
    /// ``newInstalls`` per platform; the guard measures a platform by them only when it has no
    /// installs seen before today at all (its first day), so it still has something to go by.
    public var newInstallPlatforms: [String: PlatformImpact] = [:]
    /// Of ``activeInstalls``, the established ones (seen on two sightings at least a day apart).
    public var establishedInstalls: Int = 0
    /// Of ``establishedInstalls``, those the proposed policy blocks.
    public var establishedBlocked: Int = 0
    /// Of ``establishedInstalls``, those the proposed policy blocks that the current one lets in.
    public var establishedNewlyBlocked: Int = 0
    /// The established installs of ``unevaluatedGroups``.
    public var unevaluatedEstablished: Int?
    /// `false` when the impact could not be computed (storage failed or ran past its time limit)
    /// and a confirmed publish went ahead without it: every count is then 0 and means nothing.
    public var known: Bool = true
    /// Whether the change could newly block installs the impact didn't evaluate: it newly blocks
    /// some, or changes what blocks (required, blocked releases, end of life, minimum OS).
    var mayBlockMore: Bool = true
    /// Sightings the caps (``InstallLimits``) refused within the window, per platform: real
    /// installs may be missing from that platform's counts.
    public var refusedSightings: [String: Int] = [:]
    /// Per platform the change could block on, at most how many of the unevaluated installs can
    /// be that platform's; a platform missing here may hold all of them.
    var unevaluatedRoom: [String: Int] = [:]
    /// The platforms where it could: it newly blocks some of their installs, or changes what
    /// blocks them. Empty with ``mayBlockMore``: every platform is assumed.
    var riskPlatforms: Set<String> = []

    /// ``newlyBlocked`` as a share of ``activeInstalls`` (0 without active installs).
    public var newlyBlockedShare: Double { activeInstalls == 0 ? 0 : Double(newlyBlocked) / Double(activeInstalls) }
    /// ``blocked`` as a share of ``activeInstalls``.
    public var blockedShare: Double { activeInstalls == 0 ? 0 : Double(blocked) / Double(activeInstalls) }

    /// The first platform the change touches (it newly blocks some of its installs, made up
    /// today or not) where the change needs confirming, and why; `nil` when it may go through
    /// unconfirmed or the guard doesn't apply. A platform needs it when the newly blocked share,
    /// or else the blocked share after the change, is over `limit` among its active installs or
    /// among its established ones (so installs made up in the days before can't dilute it), or
    /// when it has no established installs at all. Past the platforms, when groups were left
    /// unevaluated, the change needs it if it would breach counting all of them as newly blocked.
    public func guardBreach(limit: Double) -> GuardBreach? {
        guard guarded else { return nil }
        var measured = platforms
        for (platform, counts) in newInstallPlatforms where (measured[platform]?.activeInstalls ?? 0) == 0 { measured[platform] = counts }
        for (platform, counts) in measured.sorted(by: { $0.key < $1.key }) {
            guard counts.newlyBlocked > 0 || (newInstallPlatforms[platform]?.newlyBlocked ?? 0) > 0 else { continue }
            if counts.newlyBlockedShare > limit { return GuardBreach(platform: platform, measure: .newlyBlocked, share: counts.newlyBlockedShare) }
            if counts.newlyBlocked > 0, counts.blockedShare > limit {
                return GuardBreach(platform: platform, measure: .blockedAfter, share: counts.blockedShare)
            }
            if counts.establishedInstalls == 0 { return GuardBreach(platform: platform, measure: .noEstablishedInstalls, share: 1) }
            if counts.establishedNewlyBlockedShare > limit {
                return GuardBreach(platform: platform, measure: .establishedNewlyBlocked, share: counts.establishedNewlyBlockedShare)
            }
            // As for active installs: only a change that newly blocks some of them is held to the
            // share left blocked, or installs made up today on a blocked version would hold up any change.
            if counts.establishedNewlyBlocked > 0, counts.establishedBlockedShare > limit {
                return GuardBreach(platform: platform, measure: .establishedBlockedAfter, share: counts.establishedBlockedShare)
            }
        }
        // Counts missing real installs can't be trusted on a platform the change could block on.
        for (platform, count) in refusedSightings.sorted(by: { $0.key < $1.key })
        where count > 0 && mayBlockMore && (riskPlatforms.isEmpty || riskPlatforms.contains(platform)) {
            return GuardBreach(platform: platform, measure: .refusedSightings, share: 1)
        }
        if let worst = unevaluatedWorstCase(), worst.share > limit {
            return GuardBreach(platform: worst.platform, measure: .unevaluatedWorstCase, share: worst.share)
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case app, channel, activeDays, activeInstalls, groups, outcomes, currentOutcomes, blocked, newlyBlocked, cannotUpdate
        case minimumOS, rolloutNote, summary, blockedShare, newlyBlockedShare, platforms, countedChannels, guarded
        case newInstalls, newInstallsBlocked, unevaluatedGroups, unevaluatedInstalls, unevaluatedEstablished
        case establishedInstalls, establishedBlocked, establishedNewlyBlocked, known, refusedSightings
    }

    /// Encodes every outcome (zeros included) and the shares, which are computed, not stored.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(app, forKey: .app)
        try container.encode(channel, forKey: .channel)
        try container.encode(activeDays, forKey: .activeDays)
        try container.encode(activeInstalls, forKey: .activeInstalls)
        try container.encode(groups, forKey: .groups)
        // Every outcome, zeros included, so clients need no defaults.
        try container.encode(Dictionary(uniqueKeysWithValues: InstallOutcome.allCases.map { ($0.rawValue, outcomes[$0] ?? 0) }), forKey: .outcomes)
        try container.encode(Dictionary(uniqueKeysWithValues: InstallOutcome.allCases.map { ($0.rawValue, currentOutcomes[$0] ?? 0) }),
                             forKey: .currentOutcomes)
        try container.encode(blocked, forKey: .blocked)
        try container.encode(newlyBlocked, forKey: .newlyBlocked)
        try container.encode(cannotUpdate, forKey: .cannotUpdate)
        try container.encode(minimumOS, forKey: .minimumOS)
        try container.encodeIfPresent(rolloutNote, forKey: .rolloutNote)
        try container.encode(summary, forKey: .summary)
        try container.encode(blockedShare, forKey: .blockedShare)
        try container.encode(newlyBlockedShare, forKey: .newlyBlockedShare)
        try container.encode(platforms, forKey: .platforms)
        try container.encode(countedChannels, forKey: .countedChannels)
        try container.encode(guarded, forKey: .guarded)
        try container.encode(newInstalls, forKey: .newInstalls)
        try container.encode(newInstallsBlocked, forKey: .newInstallsBlocked)
        try container.encodeIfPresent(unevaluatedGroups, forKey: .unevaluatedGroups)
        try container.encodeIfPresent(unevaluatedInstalls, forKey: .unevaluatedInstalls)
        try container.encodeIfPresent(unevaluatedEstablished, forKey: .unevaluatedEstablished)
        try container.encode(establishedInstalls, forKey: .establishedInstalls)
        try container.encode(establishedBlocked, forKey: .establishedBlocked)
        try container.encode(establishedNewlyBlocked, forKey: .establishedNewlyBlocked)
        try container.encode(known, forKey: .known)
        try container.encode(refusedSightings, forKey: .refusedSightings)
    }
}
