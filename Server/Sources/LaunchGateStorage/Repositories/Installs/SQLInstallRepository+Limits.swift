import Foundation
import LaunchGate
import SQLKit

extension SQLInstallRepository {
    /// The room a batch has under the cap, read cheaply inside the recording transaction, per app
    /// and platform it touches: one counter row, a count of its kept groups stopping one past the
    /// cap, and the batch's groups looked up (by their versions, never by reading every kept
    /// group) only when the batch could reach the cap.
    package static func budget(_ db: any SQLDatabase, for sightings: [InstallSighting], limits: InstallLimits,
                               admission: InstallAdmission) async throws -> InstallBudget {
        var budget = InstallBudget(limits: limits, admission: admission)
        for (scope, candidates) in InstallBudget.candidates(sightings) {
            let installs = try await db.select().column("installs").from("install_platform_counts").where("app_id", .equal, scope.appID)
                .where("platform", .equal, scope.platform.rawValue).first()?.decode(column: "installs", as: Int.self) ?? 0
            // Past the cap and its reserve the exact number doesn't matter, and groups kept from before the cap
            // existed (migration 025 copied every group) must not make each fold count them all.
            let stored = try await db.raw("""
                SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM install_group_keys WHERE app_id = \(bind: scope.appID) \
                AND platform = \(bind: scope.platform.rawValue) LIMIT \(bind: budget.countedGroups)) AS capped
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            var kept: Set<InstallBudget.GroupID>?
            if budget.needsKeys(stored: stored, candidates: candidates.count) {
                kept = []
                for versions in Array(Set(candidates.map(\.version))).sorted().chunked(batch) {
                    for row in try await db.select().columns("version", "build", "os").from("install_group_keys")
                        .where("app_id", .equal, scope.appID).where("platform", .equal, scope.platform.rawValue)
                        .where("version", .in, Array(versions)).all() {
                        let group = InstallBudget.GroupID(version: try row.decode(column: "version", as: String.self),
                                                          build: try row.decode(column: "build", as: String.self),
                                                          os: try row.decode(column: "os", as: String.self))
                        if candidates.contains(group) { kept?.insert(group) }
                    }
                }
            }
            budget.rooms[scope] = InstallBudget.Room(installs: installs, groups: stored, kept: kept)
        }
        return budget
    }
}
