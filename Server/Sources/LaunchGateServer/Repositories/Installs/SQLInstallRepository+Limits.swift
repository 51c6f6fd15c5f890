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
        for (scope, candidates) in InstallBudget.keptCandidates(sightings) {
            budget.kept[scope] = try await kept(db, scope, candidates: candidates, limits: limits)
        }
        return budget
    }

    /// How many groups an app keeps on a platform (an indexed count of at most the cap), and,
    /// only when the batch could reach the cap, which of its candidates are among them: looked up
    /// by the candidates' versions, never by reading every kept group.
    private static func kept(_ db: any SQLDatabase, _ scope: InstallFold.AppPlatform, candidates: Set<InstallBudget.GroupID>,
                             limits: InstallLimits) async throws -> InstallBudget.Kept {
        // Counted up to one past the cap: past it the exact number doesn't matter, and keys kept
        // from before the cap existed (migration 025 copied every group) must not make each fold
        // scan them all.
        let stored = try await db.raw("""
            SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM install_group_keys WHERE app_id = \(bind: scope.appID)             AND platform = \(bind: scope.platform.rawValue) LIMIT \(bind: limits.groupsPerAppPlatform + 1)) AS capped
            """).first()?.decode(column: "n", as: Int.self) ?? 0
        let budget = InstallBudget(limits: limits, installs: [:], groups: [:])
        guard budget.needsKeptKeys(stored: stored, candidates: candidates.count) else { return InstallBudget.Kept(count: stored, known: nil) }
        var known: Set<InstallBudget.GroupID> = []
        for versions in Array(Set(candidates.map(\.version))).sorted().chunked(batch) {
            for row in try await db.select().columns("version", "build", "os").from("install_group_keys")
                .where("app_id", .equal, scope.appID).where("platform", .equal, scope.platform.rawValue).where("version", .in, Array(versions)).all() {
                let group = InstallBudget.GroupID(platform: scope.platform, version: try row.decode(column: "version", as: String.self),
                                                  build: try row.decode(column: "build", as: String.self),
                                                  os: try row.decode(column: "os", as: String.self))
                if candidates.contains(group) { known.insert(group) }
            }
        }
        return InstallBudget.Kept(count: stored, known: known)
    }

    /// Records the last day each group a fold touched was seen, so it keeps its room under
    /// ``InstallLimits/groupsPerAppPlatform`` until it ages out.
    static func write(_ db: any SQLDatabase, keptDays: [String: [InstallBudget.GroupID: Int]]) async throws {
        for (app, days) in keptDays.sorted(by: { $0.key < $1.key }) {
            let sorted = days.sorted { ($0.key.platform.rawValue, $0.key.version, $0.key.build, $0.key.os) < ($1.key.platform.rawValue, $1.key.version, $1.key.build, $1.key.os) }
            for chunk in sorted.chunked(batch) {
                var insert = db.insert(into: "install_group_keys").columns("app_id", "platform", "version", "build", "os", "last_day")
                for (group, day) in chunk {
                    insert = insert.values(SQLBind(app), SQLBind(group.platform.rawValue), SQLBind(group.version), SQLBind(group.build),
                                           SQLBind(group.os), SQLBind(day))
                }
                try await insert.onConflict(with: ["app_id", "platform", "version", "build", "os"]) {
                    // Late sightings must not move it back.
                    $0.set("last_day", to: SQLRaw("CASE WHEN excluded.last_day > install_group_keys.last_day THEN excluded.last_day "
                        + "ELSE install_group_keys.last_day END"))
                }.run()
            }
        }
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
