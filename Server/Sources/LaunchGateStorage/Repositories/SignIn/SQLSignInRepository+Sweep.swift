import Foundation
import SQLKit

extension SQLSignInRepository {
    // MARK: Upkeep

    /// Deletes in batches of at most ``sweepBatch`` rows, each batch its own short statement pair
    /// on its own lease of the connection, so that a sweep of millions of rows (a flood's
    /// rate-limit keys) never holds SQLite's one connection, or PostgreSQL's row locks, for
    /// longer than one batch: a request that arrives mid-sweep waits for one batch at most
    /// (the connection is handed out first come, first served), not for the whole sweep.
    /// Nothing is loaded but one batch's keys: no `RETURNING`, no list of every deleted row.
    public func sweep(eventsBefore: Date, recordsBefore: Date, at now: Date) async throws -> Int {
        let forgotten = KnownNetworks.since(now).milliseconds
        let (events, records, now) = (eventsBefore.milliseconds, recordsBefore.milliseconds, now.milliseconds)
        let pending = OutboxMessage.State.pending.rawValue
        var deleted = 0
        // A key's newest event is its touched_at: one before the horizon means all are.
        deleted += try await sweep("rate_limit_keys", key: ["key"], where: "touched_at < \(bind: events)")
        deleted += try await sweep("sign_in_codes", key: ["app_id", "email", "network"], where: "expires_at < \(bind: records)")
        deleted += try await sweep("sign_in_sessions", key: ["id"], where: "expires_at < \(bind: records)")
        deleted += try await sweep("mail_outbox", key: ["id"], where: "state <> \(bind: pending) AND finished_at < \(bind: records)")
        // A streak nobody added to for the retention period is forgotten, as a lock that ended is.
        deleted += try await sweep("sign_in_addresses", key: ["app_id", "email", "network"], where: """
            (failures = 0 OR last_failure_at IS NULL OR last_failure_at < \(bind: records))
            AND (locked_until IS NULL OR locked_until < \(bind: now))
            """)
        deleted += try await sweep("sign_in_known_networks", key: ["app_id", "email", "network"],
                                   where: "verified_at <= \(bind: forgotten)")
        return deleted
    }

    /// Deletes `table`'s rows matching `stale`, a batch at a time in key order. Each batch takes the
    /// next ``sweepBatch`` keys after the last batch's, stale or not (a forward walk of the key's
    /// index that looks at a batch of keys and no more), then counts and deletes the stale rows in
    /// that key range. A filter on staleness in the walk itself would make one statement pass every
    /// kept row until it found a batch of stale ones: with 2 M fresh keys (a flood's, for its
    /// first hour) that was over half a second on SQLite's one connection. Stops early, between
    /// batches, when the task is cancelled (the server is stopping).
    /// - Returns: The rows deleted, as counted by the batches (a row another instance's sweep
    ///   deleted first may be counted twice).
    private func sweep(_ table: String, key: [String], where stale: SQLQueryString) async throws -> Int {
        var after: [String]?
        var deleted = 0
        let batch = sweepBatch
        while !Task.isCancelled {
            let range = after
            let (count, last): (Int, [String]?) = try await database.read { db in
                let columns: SQLQueryString = "\(idents: key, joinedBy: ", ")"
                let from: SQLQueryString = range.map { "(\(columns)) > (\(binds: $0))" } ?? "1 = 1"
                let rows = try await db.raw("""
                    SELECT \(columns) FROM \(ident: table) WHERE \(from) ORDER BY \(columns) LIMIT \(bind: batch)
                    """).all()
                guard let head = rows.first, let tail = rows.last else { return (0, nil) }
                let (first, last) = try (key.map { try head.decode(column: $0, as: String.self) },
                                         key.map { try tail.decode(column: $0, as: String.self) })
                let inRange = Self.batchRange(key, from: first, through: last, where: stale)
                let count = try await db.raw("SELECT COUNT(*) AS n FROM \(ident: table) WHERE \(inRange)").first()?
                    .decode(column: "n", as: Int.self) ?? 0
                if count > 0 { try await db.raw("DELETE FROM \(ident: table) WHERE \(inRange)").run() }
                return (count, rows.count < batch ? nil : last)
            }
            deleted += count
            guard let last else { break }
            after = last
            // Let whatever waits for the connection have it before the next batch.
            await Task.yield()
        }
        return deleted
    }

    /// The rows of one batch that `stale` matches: its walk's keys from `first` through `last`, both bounds
    /// given. With only an upper bound, as the first batch had, SQLite's planner (no statistics) rates the
    /// key's range no narrower than the staleness column's and may take that column's index instead
    /// (`rate_limit_keys_touched_at`): the first batch's count and delete then passed every stale row of
    /// the table, 2 s on one connection with 5 M rows. Two bounds make the key's index the narrower.
    package static func batchRange(_ key: [String], from first: [String], through last: [String],
                                   where stale: SQLQueryString) -> SQLQueryString {
        let columns: SQLQueryString = "\(idents: key, joinedBy: ", ")"
        return "(\(columns)) >= (\(binds: first)) AND (\(columns)) <= (\(binds: last)) AND \(stale)"
    }
}
