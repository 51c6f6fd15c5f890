import Foundation
import LaunchGate
import SQLKit

extension SQLInstallRepository {
    /// The stored rows of some installs of one app, by key.
    static func rows(_ db: any SQLDatabase, appID: String, hashes: [String]) async throws -> [InstallKey: InstallRow] {
        let found = try await db.select().columns("platform", "install_hash", "version", "build", "os", "first_seen", "last_seen")
            .from("installs").where("app_id", .equal, appID).where("install_hash", .in, hashes).all()
        var rows: [InstallKey: InstallRow] = [:]
        for row in found {
            let key = InstallKey(appID: appID, platform: try platform(row), installHash: try row.decode(column: "install_hash", as: String.self))
            rows[key] = InstallRow(version: try row.decode(column: "version", as: String.self), build: try row.decode(column: "build", as: String.self),
                                   os: try row.decode(column: "os", as: String.self),
                                   firstSeen: try row.decode(column: "first_seen", as: Int64.self),
                                   lastSeen: try row.decode(column: "last_seen", as: Int64.self))
        }
        return rows
    }

    /// Writes folded rows, in key order so that concurrent writers lock rows in one order.
    static func write(_ db: any SQLDatabase, rows: [InstallKey: InstallRow]) async throws {
        let sorted = rows.sorted { ($0.key.appID, $0.key.installHash, $0.key.platform.rawValue) < ($1.key.appID, $1.key.installHash, $1.key.platform.rawValue) }
        for chunk in sorted.chunked(batch) {
            var insert = db.insert(into: "installs")
                .columns("app_id", "platform", "install_hash", "version", "build", "os", "first_seen", "last_seen")
            for (key, row) in chunk {
                insert = insert.values(SQLBind(key.appID), SQLBind(key.platform.rawValue), SQLBind(key.installHash), SQLBind(row.version),
                                       SQLBind(row.build), SQLBind(row.os), SQLBind(row.firstSeen), SQLBind(row.lastSeen))
            }
            // The fold already merged the stored row, under the lock: the new values win whole.
            try await insert.onConflict(with: ["app_id", "install_hash", "platform"]) {
                $0.set(excludedValueOf: "version").set(excludedValueOf: "build").set(excludedValueOf: "os")
                    .set(excludedValueOf: "first_seen").set(excludedValueOf: "last_seen")
            }.run()
        }
    }

    /// Adds group count changes (installs, those of them seen on the group's day only, and the
    /// established ones), and drops groups that reached zero.
    static func write(_ db: any SQLDatabase, groups: [InstallFold.AppPlatform: [InstallGroupKey: Int]],
                      fresh: [InstallFold.AppPlatform: [InstallGroupKey: Int]],
                      established: [InstallFold.AppPlatform: [InstallGroupKey: Int]]) async throws {
        let scopes = Set(groups.keys).union(fresh.keys).union(established.keys)
            .sorted { ($0.appID, $0.platform.rawValue) < ($1.appID, $1.platform.rawValue) }
        for scope in scopes {
            let (changes, freshChanges, settledChanges) = (groups[scope] ?? [:], fresh[scope] ?? [:], established[scope] ?? [:])
            let nonzero = Set(changes.filter { $0.value != 0 }.keys).union(freshChanges.filter { $0.value != 0 }.keys)
                .union(settledChanges.filter { $0.value != 0 }.keys)
                .sorted { ($0.day, $0.version, $0.build, $0.os) < ($1.day, $1.version, $1.build, $1.os) }
            guard !nonzero.isEmpty else { continue }
            for chunk in nonzero.chunked(batch) {
                var insert = db.insert(into: "install_groups")
                    .columns("app_id", "platform", "day", "version", "build", "os", "installs", "new_installs", "established_installs")
                for key in chunk {
                    insert = insert.values(SQLBind(scope.appID), SQLBind(scope.platform.rawValue), SQLBind(key.day), SQLBind(key.version),
                                           SQLBind(key.build), SQLBind(key.os), SQLBind(changes[key] ?? 0), SQLBind(freshChanges[key] ?? 0),
                                           SQLBind(settledChanges[key] ?? 0))
                }
                try await insert.onConflict(with: ["app_id", "platform", "day", "version", "build", "os"]) {
                    $0.set("installs", to: SQLBinaryExpression(SQLColumn("installs", table: "install_groups"), .add, SQLExcludedColumn("installs")))
                        .set("new_installs", to: SQLBinaryExpression(SQLColumn("new_installs", table: "install_groups"), .add,
                                                                     SQLExcludedColumn("new_installs")))
                        .set("established_installs", to: SQLBinaryExpression(SQLColumn("established_installs", table: "install_groups"), .add,
                                                                             SQLExcludedColumn("established_installs")))
                }.run()
            }
            try await db.delete(from: "install_groups").where("app_id", .equal, scope.appID)
                .where("platform", .equal, scope.platform.rawValue).where("installs", .lessThanOrEqual, 0).run()
        }
    }

    /// Adds daily rollup changes, and drops counts that reached zero.
    static func write(_ db: any SQLDatabase, daily: [InstallFold.AppPlatform: [InstallFold.DailyKey: Int]]) async throws {
        for (scope, changes) in daily.sorted(by: { ($0.key.appID, $0.key.platform.rawValue) < ($1.key.appID, $1.key.platform.rawValue) }) {
            let nonzero = changes.filter { $0.value != 0 }.sorted { ($0.key.day, $0.key.version) < ($1.key.day, $1.key.version) }
            guard !nonzero.isEmpty else { continue }
            for chunk in nonzero.chunked(batch) {
                var insert = db.insert(into: "install_daily_versions").columns("app_id", "platform", "day", "version", "installs")
                for (key, change) in chunk {
                    insert = insert.values(SQLBind(scope.appID), SQLBind(scope.platform.rawValue), SQLBind(key.day), SQLBind(key.version),
                                           SQLBind(change))
                }
                try await insert.onConflict(with: ["app_id", "platform", "day", "version"]) {
                    $0.set("installs", to: SQLBinaryExpression(SQLColumn("installs", table: "install_daily_versions"), .add, SQLExcludedColumn("installs")))
                }.run()
            }
            try await db.delete(from: "install_daily_versions").where("app_id", .equal, scope.appID)
                .where("platform", .equal, scope.platform.rawValue).where("installs", .lessThanOrEqual, 0).run()
        }
    }

    static func platform(_ row: any SQLRow) throws -> Platform {
        guard let platform = try? Platform(validating: try row.decode(column: "platform", as: String.self)) else {
            throw StorageError.corrupt("an install table holds an unknown platform; was it edited by hand?")
        }
        return platform
    }
}
