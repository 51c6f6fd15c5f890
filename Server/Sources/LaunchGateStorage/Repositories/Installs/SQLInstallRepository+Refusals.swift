import LaunchGate
import SQLKit

extension SQLInstallRepository {
    public func refusedSightings(appID: String, fromDay: Int) async throws -> [Platform: RefusedSightings] {
        // Without the key (a command run without the master key, such as `policy publish` on a
        // database whose key file is elsewhere) no filter can be read: each is unknown, so the
        // guard asks more, never less, and a publish needs no master key, as before filters were keyed.
        let key = try? filterKey()
        // A few rows at most: one per (app, platform, day) with refusals.
        return try await database.read(timeout: queryTimeout) { db in
            var counts: [Platform: RefusedSightings] = [:]
            for row in try await db.select().columns("platform", "refused", "lowest_version", "highest_version", "refused_filter").from("install_refusals")
                .where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay).all() {
                let (platform, refused) = (try Self.platform(row), try Self.storedRefusals(row, key: key))
                counts[platform] = counts[platform]?.adding(refused) ?? refused
            }
            return counts
        }
    }
}
