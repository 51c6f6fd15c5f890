import Foundation
import LaunchGate
import SQLKit

/// ``FunnelRepository`` over SQLKit, for SQLite and PostgreSQL alike.
///
/// A recording locks `prompt_funnel_lock` first, so instances take turns; reads the rows of the
/// installs it touches and the kept counts of their apps and platforms; folds (``FunnelFold``);
/// and writes rows, counts and daily counts back in batched upserts, in one transaction.
public struct SQLFunnelRepository: FunnelRepository {
    /// Rows per statement: 12 binds each stays far below both engines' limits.
    package static let batch = 400
    /// Each event's column in `prompt_funnel_days`.
    package static let countColumns: [(event: PromptFunnel.Event, column: String)] = [
        (.banner, "banners"), (.details, "details"), (.recommended, "recommended_screens"), (.required, "required_screens"),
        (.update, "update_taps"), (.dismissed, "dismissals"), (.notNow, "not_nows"),
    ]

    package let database: Database

    /// Creates a repository; run ``Migrator`` first.
    public init(database: Database) {
        self.database = database
    }

    public func record(_ pings: [FunnelPing], limits: FunnelLimits) async throws -> FunnelRecordResult {
        guard !pings.isEmpty else { return FunnelRecordResult() }
        return try await database.transaction(.relaxed) { db in
            try await db.update("prompt_funnel_lock").set("turns", to: SQLBinaryExpression(SQLColumn("turns"), .add, SQLLiteral.numeric("1")))
                .where("id", .equal, 1).run()
            var stored: [FunnelScope: Int] = [:]
            for app in Set(pings.map(\.appID)).sorted() {
                for row in try await db.select().columns("platform", "installs").from("prompt_funnel_counts").where("app_id", .equal, app).all() {
                    stored[FunnelScope(appID: app, platform: try Self.platform(row)), default: 0] += try row.decode(column: "installs", as: Int.self)
                }
            }
            var fold = FunnelFold(stored: stored, limits: limits)
            for (app, list) in Dictionary(grouping: pings, by: \.appID).sorted(by: { $0.key < $1.key }) {
                for chunk in list.chunked(Self.batch) {
                    let rows = try await Self.rows(db, appID: app, hashes: Array(Set(chunk.map(\.installHash))))
                    for ping in chunk { fold.apply(ping, stored: rows[FunnelInstallKey(appID: app, platform: ping.platform, installHash: ping.installHash)]) }
                }
            }
            try await Self.write(db, rows: fold.rows)
            try await Self.write(db, added: fold.added)
            try await Self.write(db, days: fold.days)
            return fold.result
        }
    }

    public func days(appID: String, platform: Platform?, channel: ReleaseChannel?, revision: Int?, fromDay: Int) async throws -> [FunnelDayCount] {
        try await database.read { db in
            var query = db.select().columns(["platform", "channel", "revision", "day"] + Self.countColumns.map(\.column)).from("prompt_funnel_days")
                .where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay)
            if let platform { query = query.where("platform", .equal, platform.rawValue) }
            if let channel { query = query.where("channel", .equal, channel.rawValue) }
            if let revision { query = query.where("revision", .equal, revision) }
            return try await query.orderBy("platform").orderBy("channel").orderBy("revision").orderBy("day").all().map { row in
                let revision = try row.decode(column: "revision", as: Int.self)
                let channel = try Self.channel(row)
                var counts = FunnelCounts(revision: revision, channel: channel)
                for (event, column) in Self.countColumns { counts[event] = try row.decode(column: column, as: Int.self) }
                return FunnelDayCount(platform: try Self.platform(row), channel: channel, revision: revision,
                                      day: try row.decode(column: "day", as: Int.self), counts: counts)
            }
        }
    }

    public func conversions(appID: String, platform: Platform?, channel: ReleaseChannel?, revision: Int?, fromDay: Int,
                            today: Int) async throws -> [FunnelConversion] {
        try await database.read { db in
            var query = db.select().column("platform").column("channel").column("revision").column(SQLAlias(SQLFunction("COUNT", args: SQLLiteral.all), as: SQLIdentifier("prompted")))
            for days in FunnelConversion.windows {
                // Old enough for the window, and (for the second sum) updated within it.
                let old: SQLQueryString = "SUM(CASE WHEN prompted_day <= \(bind: today - days) THEN 1 ELSE 0 END)"
                let updated: SQLQueryString = """
                    SUM(CASE WHEN prompted_day <= \(bind: today - days) AND upgraded_day IS NOT NULL \
                    AND upgraded_day - prompted_day <= \(bind: days) THEN 1 ELSE 0 END)
                    """
                query = query.column(SQLAlias(old, as: SQLIdentifier("prompted_\(days)")))
                    .column(SQLAlias(updated, as: SQLIdentifier("updated_\(days)")))
            }
            query = query.from("prompt_funnel_installs").where("app_id", .equal, appID).where("prompted_day", .greaterThanOrEqual, fromDay)
            if let platform { query = query.where("platform", .equal, platform.rawValue) }
            if let channel { query = query.where("channel", .equal, channel.rawValue) }
            if let revision { query = query.where("revision", .equal, revision) }
            return try await query.groupBy("platform").groupBy("channel").groupBy("revision")
                .orderBy("platform").orderBy("channel").orderBy("revision").all().map { row in
                FunnelConversion(platform: try Self.platform(row), channel: try Self.channel(row), revision: try row.decode(column: "revision", as: Int.self),
                                 prompted: try row.decode(column: "prompted", as: Int.self), windows: try FunnelConversion.windows.map { days in
                    FunnelConversion.Window(days: days, prompted: try row.decode(column: "prompted_\(days)", as: Int?.self) ?? 0,
                                            updated: try row.decode(column: "updated_\(days)", as: Int?.self) ?? 0)
                })
            }
        }
    }

    public func prune(before day: Int) async throws {
        try await database.transaction(.relaxed) { db in
            try await db.update("prompt_funnel_lock").set("turns", to: SQLBinaryExpression(SQLColumn("turns"), .add, SQLLiteral.numeric("1")))
                .where("id", .equal, 1).run()
            try await db.delete(from: "prompt_funnel_days").where("day", .lessThan, day).run()
            try await db.delete(from: "prompt_funnel_installs").where("last_ping_day", .lessThan, day).run()
            // The kept counts follow the rows, recounted per scope (a sweep a day, not a hot path).
            try await db.delete(from: "prompt_funnel_counts").run()
            try await db.raw("INSERT INTO prompt_funnel_counts (app_id, platform, installs) SELECT app_id, platform, COUNT(*) FROM prompt_funnel_installs GROUP BY app_id, platform").run()
        }
    }

    // MARK: Rows

    private static func rows(_ db: any SQLDatabase, appID: String, hashes: [String]) async throws -> [FunnelInstallKey: FunnelInstallRow] {
        let found = try await db.select().columns("platform", "install_hash", "channel", "revision", "prompted_version", "prompted_day", "last_ping_day", "upgraded_day")
            .from("prompt_funnel_installs").where("app_id", .equal, appID).where("install_hash", .in, hashes).all()
        var rows: [FunnelInstallKey: FunnelInstallRow] = [:]
        for row in found {
            let key = FunnelInstallKey(appID: appID, platform: try platform(row), installHash: try row.decode(column: "install_hash", as: String.self))
            rows[key] = FunnelInstallRow(channel: try channel(row), revision: try row.decode(column: "revision", as: Int.self),
                                         promptedVersion: try row.decode(column: "prompted_version", as: String.self),
                                         promptedDay: try row.decode(column: "prompted_day", as: Int.self),
                                         lastPingDay: try row.decode(column: "last_ping_day", as: Int.self),
                                         upgradedDay: try row.decode(column: "upgraded_day", as: Int?.self))
        }
        return rows
    }

    /// Writes folded rows whole (the fold merged the stored ones under the lock), in key order.
    private static func write(_ db: any SQLDatabase, rows: [FunnelInstallKey: FunnelInstallRow]) async throws {
        let sorted = rows.sorted { ($0.key.appID, $0.key.installHash, $0.key.platform.rawValue) < ($1.key.appID, $1.key.installHash, $1.key.platform.rawValue) }
        for chunk in sorted.chunked(batch) {
            var insert = db.insert(into: "prompt_funnel_installs").columns("app_id", "platform", "install_hash", "channel", "revision", "prompted_version",
                                                                          "prompted_day", "last_ping_day", "upgraded_day")
            for (key, row) in chunk {
                insert = insert.values(SQLBind(key.appID), SQLBind(key.platform.rawValue), SQLBind(key.installHash), SQLBind(row.channel.rawValue), SQLBind(row.revision),
                                       SQLBind(row.promptedVersion), SQLBind(row.promptedDay), SQLBind(row.lastPingDay), SQLBind(row.upgradedDay))
            }
            try await insert.onConflict(with: ["app_id", "install_hash", "platform"]) {
                $0.set(excludedValueOf: "last_ping_day").set(excludedValueOf: "upgraded_day")
            }.run()
        }
    }

    private static func write(_ db: any SQLDatabase, added: [FunnelScope: Int]) async throws {
        let rows = added.filter { $0.value != 0 }.sorted { ($0.key.appID, $0.key.platform.rawValue) < ($1.key.appID, $1.key.platform.rawValue) }
        for chunk in rows.chunked(batch) {
            var insert = db.insert(into: "prompt_funnel_counts").columns("app_id", "platform", "installs")
            for (scope, count) in chunk { insert = insert.values(SQLBind(scope.appID), SQLBind(scope.platform.rawValue), SQLBind(count)) }
            try await insert.onConflict(with: ["app_id", "platform"]) {
                $0.set("installs", to: SQLBinaryExpression(SQLColumn("installs", table: "prompt_funnel_counts"), .add, SQLExcludedColumn("installs")))
            }.run()
        }
    }

    private static func write(_ db: any SQLDatabase, days: [FunnelDayKey: [PromptFunnel.Event: Int]]) async throws {
        let rows = days.sorted {
            ($0.key.appID, $0.key.platform.rawValue, $0.key.channel.rawValue, $0.key.revision, $0.key.day)
                < ($1.key.appID, $1.key.platform.rawValue, $1.key.channel.rawValue, $1.key.revision, $1.key.day)
        }
        let columns = countColumns.map(\.column)
        for chunk in rows.chunked(batch) {
            var insert = db.insert(into: "prompt_funnel_days").columns(["app_id", "platform", "channel", "revision", "day"] + columns)
            for (key, counts) in chunk {
                insert = insert.values([SQLBind(key.appID), SQLBind(key.platform.rawValue), SQLBind(key.channel.rawValue), SQLBind(key.revision),
                                        SQLBind(key.day)]
                                       + countColumns.map { SQLBind(counts[$0.event] ?? 0) })
            }
            try await insert.onConflict(with: ["app_id", "platform", "channel", "revision", "day"]) { update in
                columns.reduce(update) { $0.set($1, to: SQLBinaryExpression(SQLColumn($1, table: "prompt_funnel_days"), .add, SQLExcludedColumn($1))) }
            }.run()
        }
    }

    private static func channel(_ row: any SQLRow) throws -> ReleaseChannel {
        guard let channel = ReleaseChannel(rawValue: try row.decode(column: "channel", as: String.self)) else {
            throw StorageError.corrupt("a funnel table holds an unknown channel; was it edited by hand?")
        }
        return channel
    }

    private static func platform(_ row: any SQLRow) throws -> Platform {
        guard let platform = try? Platform(validating: try row.decode(column: "platform", as: String.self)) else {
            throw StorageError.corrupt("a funnel table holds an unknown platform; was it edited by hand?")
        }
        return platform
    }
}
