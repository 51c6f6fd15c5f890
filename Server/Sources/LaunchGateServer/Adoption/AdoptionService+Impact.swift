import Foundation
import LaunchGate

extension AdoptionService {
    /// The impact, and the revision it was computed against (0: none yet).
    func assess(_ proposed: UpdatePolicy, app: String, channel: ReleaseChannel) async throws -> (impact: PolicyImpact, base: Int) {
        let current = try await checkedCurrent(proposed, app: app, channel: channel)
        return (try await measure(proposed, app: app, channel: channel, current: current), current?.0.number ?? 0)
    }

    /// Validates the proposed policy and reads the current revision (`nil`: none yet).
    /// - Throws: ``ServiceError`` `invalid-policy`, or what reading the current revision throws.
    func checkedCurrent(_ proposed: UpdatePolicy, app: String, channel: ReleaseChannel) async throws -> (PolicyRevision, UpdatePolicy)? {
        let issues = proposed.validate()
        guard issues.isEmpty else { throw ServiceError.invalidPolicy(issues) }
        do { return try await policies.current(app: app, channel: channel) } catch let error as ServiceError where error == .noPolicy(app, channel: channel) {
            return nil
        }
    }

    /// The impact of `proposed` over the current policy, from two aggregate reads of storage.
    /// - Throws: What storage throws, such as ``StorageError`` `unavailable` past its time limit.
    func measure(_ proposed: UpdatePolicy, app: String, channel: ReleaseChannel, current: (PolicyRevision, UpdatePolicy)?) async throws
        -> PolicyImpact {
        let days = configuration.activeDays
        let time = now()
        let today = InstallDay.of(time)
        // Summed and ranked by storage, today's new installs subtracted before ranking (anyone can
        // make them up by reading the policy, so they must neither decide the shares the guard
        // checks nor push real groups off the page); only the groups with most installs come back.
        let evaluated = try await installs.impactGroups(appID: app, fromDay: today - days + 1, today: today, limit: impactGroupLimit)
        var (groups, settled): ([ImpactCalculator.Group: Int], [ImpactCalculator.Group: Int]) = ([:], [:])
        for entry in evaluated.entries {
            let key = ImpactCalculator.Group(platform: entry.platform, version: entry.version, build: entry.build, os: entry.os)
            groups[key, default: 0] += entry.installs
            if entry.established > 0 { settled[key, default: 0] += entry.established }
        }
        var fresh: [ImpactCalculator.Group: Int] = [:]
        for group in try await installs.newInstalls(appID: app, platform: nil, day: today, limit: impactGroupLimit) {
            fresh[ImpactCalculator.Group(platform: group.platform, version: group.version, build: group.build, os: group.os), default: 0] += group.installs
        }
        // Platforms whose counts may be missing real installs: a cap refused some of their sightings.
        let refused = try await installs.refusedSightings(appID: app, fromDay: today - days + 1)
        let calculator = ImpactCalculator(now: time)
        let (counts, rollouts) = calculator.outcomes(of: proposed, over: groups)
        let currentCounts = current.map { calculator.outcomes(of: $0.1, over: groups).counts } ?? [:]
        var (newly, cannotUpdate, platforms) = calculator.newlyBlocked(proposed: proposed, current: current?.1, over: groups)
        // Usually every install seen before today is established: then the counts are the same, evaluated once.
        let established = settled == groups ? platforms : calculator.newlyBlocked(proposed: proposed, current: current?.1, over: settled).platforms
        for (platform, counts) in established {
            platforms[platform, default: PlatformImpact()].establishedInstalls = counts.activeInstalls
            platforms[platform, default: PlatformImpact()].establishedBlocked = counts.blocked
            platforms[platform, default: PlatformImpact()].establishedNewlyBlocked = counts.newlyBlocked
        }
        let freshPlatforms = calculator.newlyBlocked(proposed: proposed, current: current?.1, over: fresh).platforms
        let (newInstalls, newBlocked) = (fresh.values.reduce(0, +), freshPlatforms.values.reduce(0) { $0 + $1.blocked })
        let active = groups.values.reduce(0, +)
        let rounded = Self.apportioned(counts, total: active)
        let blocked = InstallOutcome.allCases.filter(\.isBlocking).reduce(0) { $0 + (rounded[$1] ?? 0) }
        var floors: [String: String] = [:]
        for (platform, entry) in proposed.platforms { if let floor = entry.latest?.minimumOS { floors[platform.rawValue] = floor.description } }
        let rolloutNote = rollouts.isEmpty ? nil : "Rollout counts are expected values: install IDs are stored only as HMACs, so rollout buckets "
            + "can't be recomputed; installs that only the rollout decides are split by its current share ("
            + rollouts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \(PolicyImpact.percent($0.value / 100))" }
                .joined(separator: ", ") + ")."
        let guarded = channel == .production
        let settledTotals = established.values.reduce(PlatformImpact()) {
            PlatformImpact(activeInstalls: $0.activeInstalls + $1.activeInstalls, blocked: $0.blocked + $1.blocked, newlyBlocked: $0.newlyBlocked + $1.newlyBlocked)
        }
        var touched = Set(platforms.filter { $0.value.newlyBlocked > 0 }.keys)
        touched.formUnion(freshPlatforms.filter { $0.value.newlyBlocked > 0 }.keys)
        let unsettled = touched.filter { (platforms[$0]?.establishedInstalls ?? 0) == 0 }.map(\.rawValue)
        var summary = PolicyImpact.summary(
            change: PolicyImpact.change(from: current?.1, to: proposed), blocked: blocked, newlyBlocked: newly, active: active, activeDays: days,
            cannotUpdate: cannotUpdate, minimumOS: floors, rolloutNote: rolloutNote, newInstalls: newInstalls, newInstallsBlocked: newBlocked,
            established: PolicyImpact.establishedSummary(settledTotals, active: active, unsettled: unsettled))
        if !guarded {
            summary += " Installs are not recorded per channel, so these counts cover every channel's installs, and the publish guard "
                + "doesn't apply to the \(channel.rawValue) channel."
        }
        var impact = PolicyImpact(
            app: app, channel: channel.rawValue, activeDays: days, activeInstalls: active, groups: groups.count, outcomes: rounded,
            currentOutcomes: Self.apportioned(currentCounts, total: current == nil ? 0 : active), blocked: blocked, newlyBlocked: newly,
            cannotUpdate: cannotUpdate, minimumOS: floors, rolloutNote: rolloutNote,
            platforms: Dictionary(uniqueKeysWithValues: platforms.map { ($0.key.rawValue, $0.value) }), guarded: guarded, summary: summary,
            newInstalls: newInstalls, newInstallsBlocked: newBlocked,
            newInstallPlatforms: Dictionary(uniqueKeysWithValues: freshPlatforms.map { ($0.key.rawValue, $0.value) }))
        impact.establishedInstalls = settledTotals.activeInstalls
        impact.establishedBlocked = settledTotals.blocked
        impact.establishedNewlyBlocked = settledTotals.newlyBlocked
        impact.riskPlatforms = Set(touched.union(Self.platformsChangingBlocking(from: current?.1, to: proposed)).map(\.rawValue))
        impact.mayBlockMore = newly > 0 || !impact.riskPlatforms.isEmpty
        impact.noteRefused(Dictionary(uniqueKeysWithValues: refused.map { ($0.key.rawValue, $0.value) }))
        if evaluated.otherEntries > 0 {
            // How many of the unevaluated installs each platform could hold at most: its active
            // installs in the window (today's new ones included, an upper bound) less those
            // evaluated. One aggregate per platform the change could block on, and only when groups
            // were left out.
            for platform in impact.riskPlatforms.sorted() {
                guard let known = Platform(rawValue: platform) else { continue }
                let total = try await installs.shares(appID: app, platform: known, fromDay: today - days + 1, by: .os, limit: 1, offset: 0).totalInstalls
                impact.unevaluatedRoom[platform] = max(0, total - (platforms[known]?.activeInstalls ?? 0))
            }
        }
        return impact.leavingOut(evaluated, limit: impactGroupLimit)
    }

    /// The platforms on which `proposed` changes what decides that an install is blocked:
    /// installs the impact didn't evaluate could be newly blocked there. Every platform is
    /// compared through the entry its installs read (``UpdatePolicy/policy(for:)``), so a change
    /// to `ios` also counts for `ipados` when iPads read the iOS entry. With nothing published
    /// yet, every platform the proposal has an entry for.
    static func platformsChangingBlocking(from current: UpdatePolicy?, to proposed: UpdatePolicy) -> Set<Platform> {
        Set(Platform.allCases.filter { platform in
            let new = proposed.policy(for: platform)
            guard let current else { return new != nil }
            let old = current.policy(for: platform)
            return old?.required != new?.required || old?.blocked != new?.blocked || old?.endOfLife != new?.endOfLife
                || old?.latest?.minimumOS != new?.latest?.minimumOS
        })
    }
}
