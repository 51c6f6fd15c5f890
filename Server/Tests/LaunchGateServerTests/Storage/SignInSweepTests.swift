import Foundation
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The sweep deletes in short batches, so a flood's millions of rate-limit keys never hold the
/// database for longer than one batch (issue 27, item 2: one transaction over 5 M rows made
/// requests wait 54 s).
@Suite("The sign-in sweep deletes in batches and lets requests through between them, on SQLite and PostgreSQL")
struct SignInSweepTests {
    static let now = Samples.now

    // MARK: Tests

    @Test("a sweep of N stale keys takes at least N / batch statements, and deletes only the stale ones", arguments: TestBackend.sql)
    func batches(backend: TestBackend) async throws {
        try await withRepository(backend, batch: 50) { repository, database in
            try await Self.fill(database, stale: 5_000, fresh: 30)
            let before = database.statements.value
            let deleted = try await repository.sweep(eventsBefore: Self.now, recordsBefore: Self.now, at: Self.now)
            #expect(deleted == 5_000)
            #expect(database.statements.value - before >= 5_000 / 50, "one statement or more per batch of 50")
            #expect(try await Self.keys(database) == 30, "keys touched after the horizon stay")
        }
    }

    /// A filter on staleness in the walk made one statement pass every kept key looking for a
    /// batch of stale ones: with a flood's keys still fresh, that one statement held SQLite's
    /// connection for over half a second a batch.
    @Test("kept keys are walked a batch at a time too: N fresh keys take at least N / batch statements, and none is deleted",
          arguments: TestBackend.sql)
    func keptKeysInBatches(backend: TestBackend) async throws {
        try await withRepository(backend, batch: 50) { repository, database in
            try await Self.fill(database, stale: 10, fresh: 5_000)
            let before = database.statements.value
            #expect(try await repository.sweep(eventsBefore: Self.now, recordsBefore: Self.now, at: Self.now) == 10)
            #expect(database.statements.value - before >= 5_000 / 50, "each statement looks at one batch of keys, kept or not")
            #expect(try await Self.keys(database) == 5_000)
        }
    }

    /// SQLite's one connection is where a long sweep made every request wait; PostgreSQL gives the
    /// request a connection of its own either way.
    @Test("on SQLite, a request made during a sweep is answered while most of what it sweeps is still there")
    func requestsPassBetweenBatches() async throws {
        try await withRepository(.sqlite, batch: 50) { repository, database in
            try await Self.fill(database, stale: 40_000, fresh: 0)
            let start = database.statements.value
            let sweep = Task { try await repository.sweep(eventsBefore: Self.now, recordsBefore: Self.now, at: Self.now) }
            // Until the sweep has begun: from then on it holds the connection in turns.
            while database.statements.value < start + 2 { try await Task.sleep(for: .milliseconds(1)) }
            let limit = RateLimitRule(limit: 5, window: 3600)
            #expect(try await repository.recordEvent(key: "send|notes|ada@example.com", rules: [limit], at: Self.now) == nil)
            let left = try await Self.keys(database)
            #expect(left > 20_000, "the request waited until \(40_001 - left) of 40,000 keys were swept")
            #expect(try await sweep.value == 40_000)
            #expect(try await Self.keys(database) == 1, "the request's own key is newer than the horizon")
        }
    }

    /// With only the upper bound of its keys, the first batch's count and delete took the
    /// `touched_at` index on SQLite and passed every stale key of the table: 1.3-2.3 s on the one
    /// connection with 5 M (attack s10, N3). Each statement of a batch must search the key's range.
    @Test("on SQLite, a batch's count and delete search the key's index for its range, the first batch's too, not the touched_at index")
    func batchSearchesTheKeyIndex() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            try await Migrator(database: database).migrate()
            try await Self.fill(database, stale: 2_000, fresh: 10)
            let range = SQLSignInRepository.batchRange(["key"], from: ["fresh|1"], through: ["stale|999"],
                                                       where: "touched_at < \(bind: Self.now.milliseconds)")
            for statement: SQLQueryString in ["SELECT COUNT(*) FROM rate_limit_keys WHERE \(range)", "DELETE FROM rate_limit_keys WHERE \(range)"] {
                let plan = try await database.read { db in
                    try await db.raw("EXPLAIN QUERY PLAN \(statement)").all().map { try $0.decode(column: "detail", as: String.self) }
                }
                #expect(plan.count == 1 && plan.allSatisfy { $0.contains("sqlite_autoindex_rate_limit_keys_1 (key>? AND key<?)") },
                        "plan: \(plan)")
            }
        }
    }

    // MARK: Helpers

    /// Stores `stale` rate-limit keys touched an hour before ``now`` and `fresh` ones touched at it,
    /// in one statement each.
    static func fill(_ database: Database, stale: Int, fresh: Int) async throws {
        for (prefix, count, at) in [("stale", stale, now.addingTimeInterval(-3600)), ("fresh", fresh, now)] where count > 0 {
            try await database.read { db in
                try await db.raw("""
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(bind: count))
                    INSERT INTO rate_limit_keys ("key", touched_at, times) SELECT \(bind: prefix + "|") || i, \(bind: at.milliseconds), '' FROM n
                    """).run()
            }
        }
    }

    static func keys(_ database: Database) async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM rate_limit_keys").first()?.decode(column: "n", as: Int.self) ?? -1
        }
    }

    private func withRepository(_ backend: TestBackend, batch: Int, _ body: (SQLSignInRepository, Database) async throws -> Void) async throws {
        try await backend.withDatabase { database in
            try await Migrator(database: database).migrate()
            try await body(SQLSignInRepository(database: database, sweepBatch: batch), database)
        }
    }
}
