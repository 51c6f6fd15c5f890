import Foundation
import LaunchGate

/// Where installs and their counts are kept. ``MemoryInstallRepository`` and
/// ``SQLInstallRepository`` (SQLite and PostgreSQL) implement it, and one contract test suite
/// runs against all of them.
///
/// Several instances may record at once: each ``record(_:)`` is one transaction that the others
/// wait for, so counts stay exact however the calls interleave.
public protocol InstallRepository: Sendable {
    /// Folds sightings into the installs and the group and daily counts, in one transaction.
    ///
    /// The newest sighting of an install sets its version, build and OS; `firstSeen` is the
    /// earliest and `lastSeen` the latest sighting ever recorded, in whatever order they arrive.
    /// A sighting that would add an install past ``InstallLimits/installsPerApp``, or start a
    /// brand-new group past ``InstallLimits/groupsPerAppPerDay``, or a group its app and platform
    /// don't keep past ``InstallLimits/groupsPerAppPlatform`` (counted over the retention window,
    /// so a group returning day after day takes its room once), is left out; installs and groups
    /// already kept go on updating, across days too (a group the app had the day before, or the
    /// install's own, takes no room). The caps are read from counts kept beside the installs, never by
    /// counting installs.
    /// - Returns: How many sightings each cap left out.
    @discardableResult
    func record(_ sightings: [InstallSighting], limits: InstallLimits) async throws -> InstallRecordResult

    /// Installs last seen on `fromDay` or later, counted per platform, version, build, OS and day.
    /// - Parameters:
    ///   - appID: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - fromDay: The first UTC day (days since 1970) to include.
    func groups(appID: String, platform: Platform?, fromDay: Int) async throws -> [InstallGroup]

    /// Installs last seen on `fromDay` or later, summed per platform, version, build and OS: what
    /// adoption windows and impact read, one row per group however many days the window holds.
    func totals(appID: String, platform: Platform?, fromDay: Int) async throws -> [InstallGroupTotal]

    /// Installs first seen on `day` and last seen on it too (seen on no other day), summed per
    /// platform, version, build and OS: the installs that appeared just now, which the publish
    /// guard leaves out and the impact shows apart. Read from a count kept in each group.
    /// - Parameters:
    ///   - appID: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - day: The UTC day (days since 1970), usually today.
    ///   - limit: At most this many groups, those with most new installs.
    func newInstalls(appID: String, platform: Platform?, day: Int, limit: Int) async throws -> [InstallGroupTotal]

    /// The groups the impact of a policy is evaluated over, aggregated by storage: per platform,
    /// version, build and OS, the installs of the window less those first seen `today` and seen
    /// on no other day (``ImpactGroupCount/installs``), and the established ones. Ranked by the
    /// former (most first, ties in byte order), so installs made up today can't push real groups
    /// off the page; groups with no installs but today's new ones are left out.
    /// - Parameters:
    ///   - appID: The app.
    ///   - fromDay: The first UTC day (days since 1970) of the window.
    ///   - today: The day whose new installs are left out.
    ///   - limit: At most this many groups (at least 1).
    func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) async throws -> ImpactGroupPage

    /// The daily rollup: installs per version per day, from `fromDay` on.
    func dailyVersions(appID: String, platform: Platform?, fromDay: Int) async throws -> [DailyVersionCount]

    /// One page of a window's installs counted by `dimension`, aggregated by storage: keys ranked
    /// by installs (most first, ties in byte order of platform, version, build and OS), `limit`
    /// of them from `offset`, and the window's total keys and installs. What adoption and impact
    /// read, so neither ever holds more than a page of keys however many groups are kept.
    /// - Parameters:
    ///   - appID: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - fromDay: The first UTC day (days since 1970) of the window.
    ///   - dimension: What one key is.
    ///   - limit: At most this many keys (at least 1).
    ///   - offset: Keys ranked before this are skipped.
    func shares(appID: String, platform: Platform?, fromDay: Int, by dimension: InstallShareDimension, limit: Int, offset: Int) async throws
        -> InstallSharePage

    /// The daily rollup from `fromDay` on, for at most `limit` versions: those with most installs
    /// summed over the period; the other versions are summed per day.
    func dailyVersions(appID: String, platform: Platform?, fromDay: Int, limit: Int) async throws -> DailyVersionPage

    /// How many sightings a cap (``InstallLimits``) refused per platform of `appID` on `fromDay`
    /// and the days after; platforms with none are left out.
    func refusedSightings(appID: String, fromDay: Int) async throws -> [Platform: Int]

    /// Forgets installs last seen before `day`, and the counts of days before it.
    /// - Returns: How many installs were forgotten.
    @discardableResult
    func prune(before day: Int) async throws -> Int
}

extension InstallRepository {
    /// Records under the default ``InstallLimits``.
    public func record(_ sightings: [InstallSighting]) async throws {
        try await record(sightings, limits: InstallLimits())
    }

    /// ``newInstalls(appID:platform:day:limit:)`` for up to 20,000 groups, as many as an impact evaluates.
    public func newInstalls(appID: String, platform: Platform?, day: Int) async throws -> [InstallGroupTotal] {
        try await newInstalls(appID: appID, platform: platform, day: day, limit: 20_000)
    }
}
