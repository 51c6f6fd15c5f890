import Foundation

/// The daily rollup, capped: per day, the installs of the versions with most installs over the
/// whole period (at most `limit` of them), and the rest of each day summed.
public struct DailyVersionPage: Sendable, Equatable {
    /// The counts of the listed versions, any order.
    public var counts: [DailyVersionCount]
    /// Per UTC day, the installs that day of versions not listed; only days that have some.
    public var otherInstalls: [Int: Int]
    /// Versions (per platform) in the period that are not listed.
    public var otherVersions: Int
}
