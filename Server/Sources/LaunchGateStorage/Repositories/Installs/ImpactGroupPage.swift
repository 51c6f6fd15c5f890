import Foundation
import LaunchGate

/// The groups an impact evaluates (``InstallRepository/impactGroups(appID:fromDay:today:limit:)``),
/// at most a limit per platform by older installs and as many by new ones, and what each platform's window holds, so the installs of groups
/// past a platform's page are named and assumed the worst of rather than silently dropped.
public struct ImpactGroupPage: Sendable, Equatable {
    /// What a platform's window holds, on the page or not: only groups with installs seen before today count.
    public struct Totals: Sendable, Equatable {
        /// Groups with installs seen before today.
        public var groups: Int
        /// Their installs (today's new ones left out).
        public var installs: Int
        /// Their established installs.
        public var established: Int
    }

    /// Per platform in name order, the groups with most installs seen before today (then most new
    /// installs), and those with most new installs, in the first order.
    public var entries: [ImpactGroupCount]
    /// Per platform with groups, its window's totals.
    public var totals: [Platform: Totals]

    /// A platform's groups with installs seen before today that are not on the page: how many,
    /// their installs and their established installs.
    public func unevaluated(on platform: Platform) -> Totals {
        let shown = entries.filter { $0.platform == platform && $0.installs > 0 }
        let total = totals[platform] ?? Totals(groups: 0, installs: 0, established: 0)
        return Totals(groups: total.groups - shown.count, installs: total.installs - shown.reduce(0) { $0 + $1.installs },
                      established: total.established - shown.reduce(0) { $0 + $1.established })
    }
}
