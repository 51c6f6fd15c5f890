import Foundation
import LaunchGate
import SQLKit

extension SQLInstallRepository {
    package typealias Scope = InstallBudget.Scope

    /// The stored rows of some installs of one app, by key.
    package static func rows(_ db: any SQLDatabase, appID: String, hashes: [String]) async throws -> [InstallKey: InstallRow] {
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
    package static func write(_ db: any SQLDatabase, rows: [InstallKey: InstallRow]) async throws {
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
    package static func write(_ db: any SQLDatabase, groups: [Scope: [InstallGroupKey: InstallFold.GroupCounts]]) async throws {
        for (scope, changes) in groups.sorted(by: { ordered($0.key, $1.key) }) {
            let nonzero = changes.filter { $0.value != InstallFold.GroupCounts() }
                .sorted { ($0.key.day, $0.key.version, $0.key.build, $0.key.os) < ($1.key.day, $1.key.version, $1.key.build, $1.key.os) }
            try await add(db, to: "install_groups", keys: ["app_id", "platform", "day", "version", "build", "os"],
                          counts: ["installs", "new_installs", "established_installs"], rows: nonzero.map { key, change -> [any Encodable & Sendable] in
                [scope.appID, scope.platform.rawValue, key.day, key.version, key.build, key.os, change.installs, change.fresh, change.established]
            })
            try await dropEmpty(db, "install_groups", scope)
        }
    }

    /// Adds daily rollup changes, and drops counts that reached zero.
    package static func write(_ db: any SQLDatabase, daily: [Scope: [InstallFold.DailyKey: Int]]) async throws {
        for (scope, changes) in daily.sorted(by: { ordered($0.key, $1.key) }) {
            let nonzero = changes.filter { $0.value != 0 }.sorted { ($0.key.day, $0.key.version) < ($1.key.day, $1.key.version) }
            try await add(db, to: "install_daily_versions", keys: ["app_id", "platform", "day", "version"], counts: ["installs"],
                          rows: nonzero.map { change -> [any Encodable & Sendable] in [scope.appID, scope.platform.rawValue, change.key.day, change.key.version, change.value] })
            try await dropEmpty(db, "install_daily_versions", scope)
        }
    }

    /// Adds the installs a fold added to each app and platform's counter.
    package static func write(_ db: any SQLDatabase, added counts: [Scope: Int]) async throws {
        try await add(db, to: "install_platform_counts", keys: ["app_id", "platform"], counts: ["installs"],
                      rows: counts.sorted { ordered($0.key, $1.key) }.map { count -> [any Encodable & Sendable] in [count.key.appID, count.key.platform.rawValue, count.value] })
    }

    /// Adds one fold's refused sightings to their (app, platform, day) rows, widening each row's
    /// range of versions and adding to its filter of them: read and written back whole, under the
    /// recording lock (a few rows a fold), since SQL can't order versions. `filterKey` is the
    /// repository's key of filters: a stored filter under another is unknown, and leaves the day's unknown.
    package static func write(_ db: any SQLDatabase, refused: [InstallRefusalKey: RefusedSightings], filterKey: RefusedVersionFilter.Key) async throws {
        let sorted = refused.sorted { ($0.key.appID, $0.key.platform.rawValue, $0.key.day) < ($1.key.appID, $1.key.platform.rawValue, $1.key.day) }
        for (key, fresh) in sorted {
            var total = fresh
            if let row = try await db.select().columns("refused", "lowest_version", "highest_version", "refused_filter").from("install_refusals")
                .where("app_id", .equal, key.appID).where("platform", .equal, key.platform.rawValue).where("day", .equal, key.day).first() {
                total = total.adding(try storedRefusals(row, key: filterKey))
            }
            try await db.insert(into: "install_refusals")
                .columns("app_id", "platform", "day", "refused", "lowest_version", "highest_version", "refused_filter")
                .values(SQLBind(key.appID), SQLBind(key.platform.rawValue), SQLBind(key.day), SQLBind(total.count),
                        SQLBind(total.versions?.lowerBound.description), SQLBind(total.versions?.upperBound.description),
                        SQLBind(total.filter.map { Data($0.stored) }))
                .onConflict(with: ["app_id", "platform", "day"]) {
                    $0.set(excludedValueOf: "refused").set(excludedValueOf: "lowest_version").set(excludedValueOf: "highest_version")
                        .set(excludedValueOf: "refused_filter")
                }.run()
        }
    }

    /// A stored refusal row; `NULL` or unreadable versions are unknown, and so is a `NULL` or
    /// unreadable filter (rows from before migration 032: the range alone then decides), and one
    /// not under `key` (rows from before 036, under 036's random key, or under another master key),
    /// or read with no key at all (`nil`).
    package static func storedRefusals(_ row: any SQLRow, key: RefusedVersionFilter.Key?) throws -> RefusedSightings {
        let count = try row.decode(column: "refused", as: Int.self)
        guard let low = try row.decode(column: "lowest_version", as: String?.self).flatMap({ try? AppVersion(parsing: $0) }),
              let high = try row.decode(column: "highest_version", as: String?.self).flatMap({ try? AppVersion(parsing: $0) }), low <= high
        else { return RefusedSightings(count: count, versions: nil) }
        let stored = try row.decode(column: "refused_filter", as: Data?.self)
        let filter = key.flatMap { key in stored.flatMap { RefusedVersionFilter(stored: Array($0), key: key) } }
        return RefusedSightings(count: count, versions: low...high, filter: filter)
    }

    /// Upserts rows of `keys` then `counts` in batches, adding each count to the stored one.
    private static func add(_ db: any SQLDatabase, to table: String, keys: [String], counts: [String], rows: [[any Encodable & Sendable]]) async throws {
        for chunk in rows.chunked(batch) {
            var insert = db.insert(into: table).columns(keys + counts)
            for row in chunk { insert = insert.values(row) }
            try await insert.onConflict(with: keys) { update in
                counts.reduce(update) { $0.set($1, to: SQLBinaryExpression(SQLColumn($1, table: table), .add, SQLExcludedColumn($1))) }
            }.run()
        }
    }

    /// Deletes a scope's counts that reached zero.
    private static func dropEmpty(_ db: any SQLDatabase, _ table: String, _ scope: Scope) async throws {
        try await db.delete(from: table).where("app_id", .equal, scope.appID).where("platform", .equal, scope.platform.rawValue)
            .where("installs", .lessThanOrEqual, 0).run()
    }

    /// Records the last day each group a fold touched was seen, so it keeps its room under
    /// ``InstallLimits/groupsPerAppPlatform`` until it ages out.
    package static func write(_ db: any SQLDatabase, keptDays: [Scope: [InstallBudget.GroupID: Int]]) async throws {
        for (scope, days) in keptDays.sorted(by: { ordered($0.key, $1.key) }) {
            for chunk in days.sorted(by: { ($0.key.version, $0.key.build, $0.key.os) < ($1.key.version, $1.key.build, $1.key.os) }).chunked(batch) {
                var insert = db.insert(into: "install_group_keys").columns("app_id", "platform", "version", "build", "os", "last_day")
                for (group, day) in chunk {
                    insert = insert.values(SQLBind(scope.appID), SQLBind(scope.platform.rawValue), SQLBind(group.version), SQLBind(group.build),
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

    /// One order for every writer, so concurrent ones lock rows alike.
    private static func ordered(_ left: Scope, _ right: Scope) -> Bool { (left.appID, left.platform.rawValue) < (right.appID, right.platform.rawValue) }
}
