import Foundation
import SQLKit

/// Lookup starts in `appstore_lookup_starts`, for SQLite and PostgreSQL alike: one pace over every
/// process and instance on the database.
public struct SQLAppStoreLookupStartRepository: AppStoreLookupStartRepository {
    package let database: Database

    /// Creates a repository; run ``Migrator`` first.
    public init(database: Database) { self.database = database }

    public func reserve(now: @escaping @Sendable () -> Date, latest: Date, waits: Bool, limit: Int) async throws -> Date? {
        // Relaxed: a reservation lost in a machine's crash only lets a lookup too many start.
        return try await database.transaction(.relaxed) { db in
            if db.dialect.name != "sqlite" {
                // Reservations one at a time, as SQLite's writer lock has them: two that read the same
                // starts would both take the minute's last lookup. Until the transaction ends.
                try await db.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: "appstore-lookup-starts")))").run()
            }
            // Read under the lock: a reservation that waited for it starts from now, not from before (review s16, P2).
            let now = now().milliseconds
            let latest = waits ? latest.milliseconds : min(now, latest.milliseconds)
            try await db.delete(from: "appstore_lookup_starts").where("started_at", .lessThanOrEqual, now - AppStoreLookupPace.kept).run()
            let starts = try await db.select().column("started_at").from("appstore_lookup_starts").all()
                .map { try $0.decode(column: "started_at", as: Int64.self) }
            let start = AppStoreLookupPace.earliestStart(now: now, starts: starts, limit: limit)
            guard start <= latest else { return nil }
            try await db.insert(into: "appstore_lookup_starts").columns("started_at").values(SQLBind(start)).run()
            return Date(milliseconds: start)
        }
    }

    public func kept() async throws -> Int {
        try await database.read { db in
            let row = try await db.raw("SELECT COUNT(*) AS kept FROM appstore_lookup_starts").first()
            return try row.map { Int(try $0.decode(column: "kept", as: Int64.self)) } ?? 0
        }
    }
}
