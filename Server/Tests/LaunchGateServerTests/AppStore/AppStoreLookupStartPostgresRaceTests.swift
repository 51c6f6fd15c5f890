import Foundation
import SQLKit
import Synchronization
import Testing
@testable import LaunchGateStorage

/// Reservations of lookup starts racing on PostgreSQL, where each is its own transaction on its own
/// connection (SQLite runs one writer at a time, memory is an actor), made to overlap without a
/// timing guess (review s16, P8): a third connection holds the table while both reservers start
/// and wait, then lets it go. Without the reservation's advisory lock both read the same starts.
@Suite("App Store lookup reservations racing on PostgreSQL: never more than the limit, and a reservation that waited starts from its turn")
struct AppStoreLookupStartPostgresRaceTests {
    private static let rounds = 5

    @Test("two reservers let go at once take the minute's last start once, never both",
          .enabled(if: TestBackend.available.contains(.postgres)))
    func lastStartTakenOnce() async throws {
        try await TestBackend.postgres.withRepository { _, database in
            let database = try #require(database)
            let starts = SQLAppStoreLookupStartRepository(database: database)
            let limit = 3
            for round in 0..<Self.rounds {
                let now = Samples.now.addingTimeInterval(Double(round) * 600)
                for _ in 0..<(limit - 1) { _ = try await starts.reserve(now: now, latest: now, limit: limit) }
                let taken = try await Self.heldThenLetGo(database, Self.table, reservers: 2) {
                    try await starts.reserve(now: { now }, latest: now, waits: false, limit: limit)
                }
                #expect(taken.compactMap { $0 }.count == 1, "round \(round): \(taken)")
            }
        }
    }

    @Test("a reservation that waited 30 s for another's lock is stored at its turn, not when it began to wait (review s16, P2)",
          .enabled(if: TestBackend.available.contains(.postgres)))
    func waitedStartsAtItsTurn() async throws {
        try await TestBackend.postgres.withRepository { _, database in
            let database = try #require(database)
            let starts = SQLAppStoreLookupStartRepository(database: database)
            let wall = Mutex(Samples.now)
            let taken = try await Self.heldThenLetGo(database, Self.reservations, reservers: 1, meanwhile: { wall.withLock { $0 += 30 } }) {
                try await starts.reserve(now: { wall.withLock { $0 } }, latest: Samples.now.addingTimeInterval(100), waits: true, limit: 20)
            }
            #expect(taken == [Samples.now.addingTimeInterval(30)])
        }
    }

    /// Held against every write of the starts, whether or not a reservation takes its advisory lock first.
    private static let table: SQLQueryString = "LOCK TABLE appstore_lookup_starts IN EXCLUSIVE MODE"
    /// Held as another reservation holds it: the reservation's advisory lock.
    private static let reservations: SQLQueryString = "SELECT pg_advisory_xact_lock(hashtext('appstore-lookup-starts'))"

    /// Runs `reservers` copies of `reserve` while a third connection holds `lock`, waits until each
    /// waits for a lock, runs `meanwhile`, then lets go; returns what each reserved.
    private static func heldThenLetGo(_ database: Database, _ lock: SQLQueryString, reservers: Int,
                                      meanwhile: @escaping @Sendable () -> Void = {},
                                      _ reserve: @escaping @Sendable () async throws -> Date?) async throws -> [Date?] {
        let tasks = try await database.transaction { db in
            try await db.raw(lock).run()
            let tasks = (0..<reservers).map { _ in Task { try await reserve() } }
            try await settle(reservers, database)
            meanwhile()
            return tasks
        }
        var taken: [Date?] = []
        for task in tasks { taken.append(try await task.value) }
        try await database.transaction { db in try await db.delete(from: "appstore_lookup_starts").run() }
        return taken
    }

    /// Returns once `count` connections wait for a lock in this database (up to 10 s under load).
    private static func settle(_ count: Int, _ database: Database) async throws {
        for _ in 0..<2000 {
            let waiting = try await database.read { db in
                try await db.raw("""
                    SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                    """).first().map { try $0.decode(column: "n", as: Int.self) } ?? 0
            }
            if waiting >= count { return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
