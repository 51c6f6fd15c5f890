import Foundation
import LaunchGate

/// Evaluates a policy over install groups with ``UpdateEvaluator``: the arithmetic of
/// ``PolicyImpact``, free of storage so each case can be tested on its own.
struct ImpactCalculator {
    /// One group's count, summed over the days of the window.
    struct Group: Hashable {
        var platform: Platform
        var version: String
        var build: String
        var os: String
    }

    let now: Date

    /// Expected installs per outcome; fractions come from rollouts. Groups whose version doesn't
    /// parse (none should: the recorder stores canonical versions) are counted as up to date.
    /// - Returns: The counts, and the rollout percentages that split any group, per platform.
    func outcomes(of policy: UpdatePolicy, over groups: [Group: Int]) -> (counts: [InstallOutcome: Double], rollouts: [Platform: Double]) {
        var counts: [InstallOutcome: Double] = [:]
        var rollouts: [Platform: Double] = [:]
        // Exemptions name install and device IDs, which storage doesn't keep.
        var policy = policy
        policy.exemptions = nil
        let evaluator = UpdateEvaluator()
        for (group, count) in groups {
            guard let version = try? AppVersion(parsing: group.version) else {
                counts[.upToDate, default: 0] += Double(count)
                continue
            }
            let context = EvaluationContext(
                version: version, build: group.build.isEmpty ? nil : try? BuildNumber(parsing: group.build), platform: group.platform,
                osVersion: group.os.isEmpty ? nil : try? AppVersion(parsing: group.os), now: now)
            guard let entry = policy.policy(for: group.platform), let rollout = entry.rollout else {
                counts[InstallOutcome(evaluator.evaluate(policy, for: context)), default: 0] += Double(count)
                continue
            }
            // In and out of the rollout: when they differ, only the bucket decides, which an
            // HMAC can't tell, so the group splits by the rollout's current share.
            let inside = InstallOutcome(evaluator.evaluate(Self.with(policy, group.platform, rollout: nil), for: context))
            let outside = InstallOutcome(evaluator.evaluate(Self.with(policy, group.platform, rollout: .percentage(0)), for: context))
            guard inside != outside else {
                counts[inside, default: 0] += Double(count)
                continue
            }
            let share = rollout.percentage(at: now, releaseDate: entry.latest?.releaseDate) / 100
            rollouts[group.platform] = share * 100
            counts[inside, default: 0] += Double(count) * share
            counts[outside, default: 0] += Double(count) * (1 - share)
        }
        return (counts, rollouts)
    }

    /// The policy with one platform's rollout replaced.
    private static func with(_ policy: UpdatePolicy, _ platform: Platform, rollout: Rollout?) -> UpdatePolicy {
        var policy = policy
        let key = policy.platforms[platform] != nil ? platform : .ios
        policy.platforms[key]?.rollout = rollout
        return policy
    }

    /// Installs blocked under `proposed` but not under `current`, group by group (exact even
    /// where a rollout splits a group: rollouts never change whether an install is blocked),
    /// in total and per platform.
    func newlyBlocked(proposed: UpdatePolicy, current: UpdatePolicy?, over groups: [Group: Int])
        -> (newly: Int, cannotUpdate: Int, platforms: [Platform: PlatformImpact]) {
        var (newly, cannotUpdate) = (0, 0)
        var platforms: [Platform: PlatformImpact] = [:]
        let evaluator = UpdateEvaluator()
        var (proposed, current) = (proposed, current)
        proposed.exemptions = nil
        current?.exemptions = nil
        for (group, count) in groups {
            platforms[group.platform, default: PlatformImpact()].activeInstalls += count
            guard let version = try? AppVersion(parsing: group.version) else { continue }
            let context = EvaluationContext(
                version: version, build: group.build.isEmpty ? nil : try? BuildNumber(parsing: group.build), platform: group.platform,
                osVersion: group.os.isEmpty ? nil : try? AppVersion(parsing: group.os), now: now)
            let after = InstallOutcome(evaluator.evaluate(proposed, for: context))
            if after == .deviceUnsupported { cannotUpdate += count }
            if after.isBlocking { platforms[group.platform, default: PlatformImpact()].blocked += count }
            let before = current.map { InstallOutcome(evaluator.evaluate($0, for: context)) } ?? .upToDate
            if after.isBlocking && !before.isBlocking {
                newly += count
                platforms[group.platform, default: PlatformImpact()].newlyBlocked += count
            }
        }
        return (newly, cannotUpdate, platforms)
    }
}
