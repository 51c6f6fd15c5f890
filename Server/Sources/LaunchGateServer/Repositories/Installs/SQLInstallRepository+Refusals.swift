import LaunchGate
import SQLKit

extension SQLInstallRepository {
    public func refusedSightings(appID: String, fromDay: Int) async throws -> [Platform: Int] {
        // A few rows per platform and day at most: one per (app, platform, day) with refusals.
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

    /// Adds one fold's refused sightings to their (app, platform, day) rows.
    static func write(_ db: any SQLDatabase, refused: [InstallRefusalKey: Int]) async throws {
        let sorted = refused.sorted { ($0.key.appID, $0.key.platform.rawValue, $0.key.day) < ($1.key.appID, $1.key.platform.rawValue, $1.key.day) }
        for chunk in sorted.chunked(batch) {
            var insert = db.insert(into: "install_refusals").columns("app_id", "platform", "day", "refused")
            for (key, count) in chunk {
                insert = insert.values(SQLBind(key.appID), SQLBind(key.platform.rawValue), SQLBind(key.day), SQLBind(count))
            }
            try await insert.onConflict(with: ["app_id", "platform", "day"]) {
                $0.set("refused", to: SQLBinaryExpression(SQLColumn("refused", table: "install_refusals"), .add, SQLExcludedColumn("refused")))
            }.run()
        }
    }
}
