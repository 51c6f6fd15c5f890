import Foundation
import LaunchGate
import LaunchGateStorage

/// Evaluates a proposed and the current policy over the groups storage aggregated, with the
/// SDK's ``UpdateEvaluator``, once per group: the arithmetic of a ``PolicyImpact``, free of
/// storage so each case can be tested on its own.
struct ImpactCalculator {
    package let now: Date

    /// The impact's counts: `impact` holds the policies and the window; the groups are a page of
    /// at most `groupLimit` per platform, and `refused` the cap's refusals per platform, which
    /// count only where the change could newly block a version among them.
    package func counts(_ impact: PolicyImpact, over page: ImpactGroupPage, groupLimit: Int, refused: [Platform: RefusedSightings]) -> PolicyImpact {
        var impact = impact
        impact.groupLimit = groupLimit
        var (expected, expectedNow): ([InstallOutcome: Double], [InstallOutcome: Double]) = ([:], [:])
        // Exemptions name install and device IDs, which storage doesn't keep.
        var (proposed, current) = (impact.proposed, impact.current)
        proposed.exemptions = nil
        current?.exemptions = nil
        // A maintenance window blocks every version for a while and then lifts: it is not an update
        // block, and the guard that asks to confirm one counts what each version would see without it.
        proposed = Self.withoutMaintenance(proposed)
        current = current.map(Self.withoutMaintenance)
        for group in page.entries {
            var counts = impact.platforms[group.platform] ?? PlatformImpact()
            defer { impact.platforms[group.platform] = counts }
            counts.active.installs += group.installs
            counts.established.installs += group.established
            counts.new.installs += group.fresh
            if group.installs > 0 { impact.groups += 1 }
            guard let context = context(group) else {
                // None should be there: the recorder stores canonical versions.
                expected[.upToDate, default: 0] += Double(group.installs)
                expectedNow[.upToDate, default: 0] += Double(group.installs)
                continue
            }
            let after = InstallOutcome(UpdateEvaluator().evaluate(proposed, for: context))
            let before = current.map { InstallOutcome(UpdateEvaluator().evaluate($0, for: context)) }
            if let share = split(proposed, group, context, into: &expected) { impact.rollouts[group.platform] = share }
            if let current { _ = split(current, group, context, into: &expectedNow) }
            if after == .deviceUnsupported {
                impact.cannotUpdate += group.installs
                counts.cannotUpdate += group.installs
            }
            guard after.isBlocking else { continue }
            let newly = !(before?.isBlocking ?? false)
            let parts: [(WritableKeyPath<PlatformImpact, ImpactCounts>, Int)] = [(\.active, group.installs), (\.established, group.established),
                                                                                  (\.new, group.fresh)]
            for (part, installs) in parts {
                counts[keyPath: part].blocked += installs
                if newly { counts[keyPath: part].newlyBlocked += installs }
            }
        }
        let active = impact.active.installs
        impact.outcomes = Self.apportioned(expected, total: active)
        impact.currentOutcomes = current == nil ? [:] : Self.apportioned(expectedNow, total: active)
        let changing = Self.platformsChangingBlocking(from: impact.current, to: impact.proposed)
        for platform in Set(impact.platforms.keys).union(page.totals.keys).union(refused.keys).union(changing) {
            var counts = impact.platforms[platform] ?? PlatformImpact()
            let hidden = page.unevaluated(on: platform)
            (counts.unevaluatedGroups, counts.unevaluatedInstalls, counts.unevaluatedEstablished) = (hidden.groups, hidden.installs, hidden.established)
            if let refusals = refused[platform],
               Self.couldNewlyBlock(refusals.versions, filter: refusals.filter, on: platform, from: impact.current, to: impact.proposed, changing: changing) {
                counts.refusedSightings = refusals.count
            }
            counts.changesBlocking = changing.contains(platform) || counts.active.newlyBlocked > 0 || counts.new.newlyBlocked > 0
            impact.platforms[platform] = counts
        }
        return impact
    }

    /// The policy with no maintenance window on any platform.
    private static func withoutMaintenance(_ policy: UpdatePolicy) -> UpdatePolicy {
        var policy = policy
        policy.platforms = policy.platforms.mapValues { entry in
            var entry = entry
            entry.maintenance = nil
            return entry
        }
        return policy
    }

    private func context(_ group: ImpactGroupCount) -> EvaluationContext? {
        guard let version = try? AppVersion(parsing: group.version) else { return nil }
        return EvaluationContext(version: version, build: group.build.isEmpty ? nil : try? BuildNumber(parsing: group.build), platform: group.platform,
                                 osVersion: group.os.isEmpty ? nil : try? AppVersion(parsing: group.os), now: now)
    }

    /// Adds a group's active installs to the outcome they see; where only the rollout decides,
    /// which an HMAC can't tell, split by the rollout's current share.
    /// - Returns: That share as a percentage, when the rollout split the group.
    private func split(_ policy: UpdatePolicy, _ group: ImpactGroupCount, _ context: EvaluationContext,
                       into counts: inout [InstallOutcome: Double]) -> Double? {
        guard let entry = policy.policy(for: group.platform), let rollout = entry.rollout else {
            counts[InstallOutcome(UpdateEvaluator().evaluate(policy, for: context)), default: 0] += Double(group.installs)
            return nil
        }
        let inside = InstallOutcome(UpdateEvaluator().evaluate(Self.with(policy, group.platform, rollout: nil), for: context))
        let outside = InstallOutcome(UpdateEvaluator().evaluate(Self.with(policy, group.platform, rollout: .percentage(0)), for: context))
        guard inside != outside else {
            counts[inside, default: 0] += Double(group.installs)
            return nil
        }
        let share = rollout.percentage(at: now, releaseDate: entry.latest?.releaseDate) / 100
        counts[inside, default: 0] += Double(group.installs) * share
        counts[outside, default: 0] += Double(group.installs) * (1 - share)
        return share * 100
    }

    /// The policy with one platform's rollout replaced, in the entry that platform reads.
    private static func with(_ policy: UpdatePolicy, _ platform: Platform, rollout: Rollout?) -> UpdatePolicy {
        var policy = policy
        let key = policy.platforms[platform] != nil ? platform : .ios
        policy.platforms[key]?.rollout = rollout
        return policy
    }

    /// Rounds expected counts so they still add up to `total` (largest remainder), so the
    /// outcomes never sum past the active installs.
    static func apportioned(_ counts: [InstallOutcome: Double], total: Int) -> [InstallOutcome: Int] {
        var rounded = counts.mapValues { Int($0.rounded(.down)) }
        let missing = min(total, Int(counts.values.reduce(0, +).rounded())) - rounded.values.reduce(0, +)
        guard missing > 0 else { return rounded }
        let byRemainder = counts.sorted { ($0.value - $0.value.rounded(.down), $1.key.rawValue) > ($1.value - $1.value.rounded(.down), $0.key.rawValue) }
        for (outcome, _) in byRemainder.prefix(missing) { rounded[outcome, default: 0] += 1 }
        return rounded
    }

    /// The platforms on which `proposed` changes what decides that an install is blocked, each
    /// compared through the entry its installs read (``UpdatePolicy/policy(for:)``): a change to
    /// `ios` also counts for `ipados` when iPads read the iOS entry. With nothing published yet,
    /// every platform the proposal serves.
    ///
    /// Not `latest.minimumOS`: ``UpdateEvaluator`` blocks the same installs whatever it says, and
    /// only tells a blocked one on an older OS that it can't update (device unsupported rather
    /// than update required). Counted as a change to what blocks, it made refusals of made-up
    /// versions ask to confirm raising it from 16.0 to 16.1 (re-attack F6).
    static func platformsChangingBlocking(from current: UpdatePolicy?, to proposed: UpdatePolicy) -> Set<Platform> {
        Set(Platform.allCases.filter { platform in
            let new = proposed.policy(for: platform)
            guard let current else { return new != nil }
            let old = current.policy(for: platform)
            return old?.required != new?.required || old?.blocked != new?.blocked || old?.endOfLife != new?.endOfLife
        })
    }
}
