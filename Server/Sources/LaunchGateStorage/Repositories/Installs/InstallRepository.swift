import Foundation
import LaunchGate

/// Where installs and their counts are kept. ``MemoryInstallRepository`` and
/// ``SQLInstallRepository`` (SQLite and PostgreSQL) implement it, and one contract test suite
/// runs against all of them.
///
/// Several instances may record at once: each ``record(_:limits:)`` is one transaction that the
/// others wait for, so counts stay exact however the calls interleave.
public protocol InstallRepository: Sendable {
    /// Folds sightings into the installs and the group and daily counts, in one transaction.
    ///
    /// The newest sighting of an install sets its version, build and OS; `firstSeen` is the
    /// earliest and `lastSeen` the latest sighting ever recorded, in whatever order they arrive.
    /// A sighting that would add an install to an app and platform holding
    /// ``InstallLimits/installsPerAppPlatform``, or start a group it doesn't keep while it keeps
    /// ``InstallLimits/groupsPerAppPlatform``, is left out and counted as refused for its app,
    /// platform and day; installs and groups already kept go on updating. The cap is read from
    /// counts kept beside the installs, never by counting installs. A group of a version in
    /// `admission`'s named versions may use ``InstallLimits/reservedGroups`` past the cap, and one
    /// above its latest that its ``NextReleaseRoom`` lets in ``InstallLimits/nextReleaseGroups``; a
    /// sighting with a source that would add an install or start a group past its client's or its
    /// network's quota (`admission`'s ``ClientQuotas``, spent before the cap) is left out, and not
    /// counted as refused.
    /// - Returns: How many sightings the cap and the quotas left out.
    @discardableResult
    func record(_ sightings: [InstallSighting], limits: InstallLimits, admission: InstallAdmission) async throws -> InstallRecordResult

    /// Installs last seen on `fromDay` or later, counted per platform, version, build, OS and day:
    /// the raw counts, for tests and tools (reports read the aggregates below).
    /// - Parameters:
    ///   - appID: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - fromDay: The first UTC day (days since 1970) to include.
    func groups(appID: String, platform: Platform?, fromDay: Int) async throws -> [InstallGroup]

    /// The groups the impact of a policy is evaluated over, aggregated by storage: per platform,
    /// version, build and OS, the installs of the window less those first seen `today` and seen
    /// on no other day (``ImpactGroupCount/installs``), the established ones, and today's new ones
    /// apart. Each platform's groups are ranked by the first (most first), then by new installs,
    /// then in byte order, so installs made up today can't push real groups off the page, and
    /// a flood on one platform can't push another's; the groups with most new installs are on
    /// the page too, so the new installs a flood of older groups would hide are still counted.
    /// - Parameters:
    ///   - appID: The app.
    ///   - fromDay: The first UTC day (days since 1970) of the window.
    ///   - today: The day whose new installs are counted apart.
    ///   - limit: At most this many groups per platform by older installs (at least 1), and as many by new installs.
    func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) async throws -> ImpactGroupPage

    /// One page of a window's installs counted by `dimension`, aggregated by storage: keys ranked
    /// by installs (most first, ties in byte order of platform, version, build and OS), `limit`
    /// of them from `offset`, and the window's total keys and installs. What adoption reads, so
    /// it never holds more than a page of keys however many groups are kept.
    /// - Parameters:
    ///   - appID: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - fromDay: The first UTC day (days since 1970) of the window.
    ///   - dimension: What one key is.
    ///   - limit: At most this many keys (at least 1).
    ///   - offset: Keys ranked before this are skipped.
    func shares(appID: String, platform: Platform?, fromDay: Int, by dimension: InstallShareDimension, limit: Int, offset: Int) async throws
        -> InstallSharePage

    /// The daily rollup from `fromDay` on (each install once a day, under the last version it ran
    /// that day), for at most `limit` versions: those with most installs summed over the period;
    /// the other versions are summed per day.
    func dailyVersions(appID: String, platform: Platform?, fromDay: Int, limit: Int) async throws -> DailyVersionPage

    /// How many sightings the cap refused per platform of `appID` on `fromDay` and the days
    /// after, and the range of versions they named; platforms with none are left out.
    func refusedSightings(appID: String, fromDay: Int) async throws -> [Platform: RefusedSightings]

    /// Forgets installs last seen before `day`, and the counts of days before it.
    /// - Returns: How many installs were forgotten.
    @discardableResult
    func prune(before day: Int) async throws -> Int
}

extension InstallRepository {
    /// Records with no quota and no named versions.
    @discardableResult
    public func record(_ sightings: [InstallSighting], limits: InstallLimits) async throws -> InstallRecordResult {
        try await record(sightings, limits: limits, admission: InstallAdmission())
    }

    /// Records under the default ``InstallLimits``.
    public func record(_ sightings: [InstallSighting]) async throws {
        try await record(sightings, limits: InstallLimits())
    }
}
