import LaunchGate
import SQLKit

extension SQLInstallRepository {
    public func refusedSightings(appID: String, fromDay: Int) async throws -> [Platform: RefusedSightings] {
        let key = try filterKey()
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
