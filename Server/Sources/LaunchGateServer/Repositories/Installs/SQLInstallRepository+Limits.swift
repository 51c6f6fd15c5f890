import Foundation
import LaunchGate
import SQLKit

extension SQLInstallRepository {
    /// The room a batch has under the caps, read cheaply inside the recording transaction: one
    /// counter row per app, one indexed count per app and day, and the group keys of the day and
    /// the day before only when the batch's new groups could reach the cap.
    static func budget(_ db: any SQLDatabase, for sightings: [InstallSighting], limits: InstallLimits) async throws -> InstallBudget {
        let apps = Array(Set(sightings.map(\.appID))).sorted()
        var installs: [String: Int] = [:]
        for row in try await db.select().columns("app_id", "installs").from("install_app_counts").where("app_id", .in, apps).all() {
            installs[try row.decode(column: "app_id", as: String.self)] = try row.decode(column: "installs", as: Int.self)
        }
        var budget = InstallBudget(limits: limits, installs: installs, groups: [:])
        for (day, candidates) in InstallBudget.candidates(sightings) {
            let stored = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("install_groups")
                .where("app_id", .equal, day.appID).where("day", .equal, day.day).first()?.decode(column: "n", as: Int.self) ?? 0
            guard budget.needsKeys(stored: stored, candidates: candidates.count) else {
                budget.groups[day] = InstallBudget.Groups(count: stored, known: nil)
                continue
            }
            var (known, earlier): (Set<InstallBudget.GroupID>, Set<InstallBudget.GroupID>) = ([], [])
            for row in try await db.select().columns("platform", "version", "build", "os", "day").from("install_groups")
                .where("app_id", .equal, day.appID).where("day", .greaterThanOrEqual, day.day - 1).where("day", .lessThanOrEqual, day.day).all() {
                let group = InstallBudget.GroupID(platform: try platform(row), version: try row.decode(column: "version", as: String.self),
                                                  build: try row.decode(column: "build", as: String.self),
                                                  os: try row.decode(column: "os", as: String.self))
                if try row.decode(column: "day", as: Int.self) == day.day { known.insert(group) } else { earlier.insert(group) }
            }
            budget.groups[day] = InstallBudget.Groups(count: known.count, known: known, earlier: earlier)
        }
        return budget
    }

    /// Adds the installs a fold inserted to each app's counter.
    static func write(_ db: any SQLDatabase, installTotals: [String: Int]) async throws {
        for (app, added) in installTotals.sorted(by: { $0.key < $1.key }) {
            try await db.insert(into: "install_app_counts").columns("app_id", "installs").values(SQLBind(app), SQLBind(added))
                .onConflict(with: ["app_id"]) {
                    $0.set("installs", to: SQLBinaryExpression(SQLColumn("installs", table: "install_app_counts"), .add, SQLExcludedColumn("installs")))
                }.run()
        }
    }
}
