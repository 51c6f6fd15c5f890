import LaunchGate
import SQLKit

extension SQLInstallRepository {
    public func refusedSightings(appID: String, fromDay: Int) async throws -> [Platform: Int] {
        // A few rows at most: one per (app, platform, day) with refusals.
        try await database.read(timeout: queryTimeout) { db in
            var counts: [Platform: Int] = [:]
            for row in try await db.select().column("platform").column(SQLRaw("CAST(SUM(refused) AS BIGINT)"), as: "n")
                .from("install_refusals").where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay)
                .groupBy("platform").all() {
                counts[try Self.platform(row)] = try row.decode(column: "n", as: Int.self)
            }
            return counts
        }
    }
}
