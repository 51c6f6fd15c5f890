import Foundation
import LaunchGate
import LaunchGateStorage

extension AdoptionService {
    /// Validates the proposed policy and reads the current revision (`nil`: none yet).
    /// - Throws: ``ServiceError`` `invalid-policy`, or what reading the current revision throws.
    func checkedCurrent(_ proposed: UpdatePolicy, app: String, channel: ReleaseChannel) async throws -> (PolicyRevision, UpdatePolicy)? {
        let issues = proposed.validate()
        guard issues.isEmpty else { throw ServiceError.invalidPolicy(issues) }
        do { return try await policies.current(app: app, channel: channel) } catch let error as ServiceError where error == .noPolicy(app, channel: channel) {
            return nil
        }
    }

    /// The impact of `proposed` over the current policy, from two aggregate reads of storage:
    /// the groups, ranked and cut per platform by storage, and the cap's refusals with the versions they named.
    /// - Throws: What storage throws, such as ``StorageError`` `unavailable` past its time limit.
    func measure(_ proposed: UpdatePolicy, app: String, channel: ReleaseChannel, current: (PolicyRevision, UpdatePolicy)?) async throws
        -> PolicyImpact {
        let time = now()
        let (today, days) = (InstallDay.of(time), configuration.activeDays)
        let page = try await installs.impactGroups(appID: app, fromDay: today - days + 1, today: today, limit: impactGroupLimit)
        let refused = try await installs.refusedSightings(appID: app, fromDay: today - days + 1)
        let impact = PolicyImpact(app: app, channel: channel, activeDays: days, proposed: proposed, current: current?.1)
        return ImpactCalculator(now: time).counts(impact, over: page, groupLimit: impactGroupLimit, refused: refused)
    }
}
