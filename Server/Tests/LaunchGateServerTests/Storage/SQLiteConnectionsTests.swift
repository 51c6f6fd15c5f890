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

@Suite("SQLite through SQLiteNIO: values, failures, sessions, time limits and closing")
struct SQLiteConnectionsTests {
    // MARK: Tests

    @Test("text, blobs, 64-bit integers, floats and NULLs read back exactly as stored; a missing column decodes as nil")
    func valuesRoundTrip() async throws {
        try await withDatabase { database in
            struct Stored: Decodable, Equatable {
                var text: String
                var bytes: Data
                var number: Int64
                var ratio: Double
                var missing: String?
            }
            let stored = Stored(text: "a\u{1}b é \u{202E}", bytes: Data([0, 1, 0xFF]), number: Int64.max - 7, ratio: 0.25, missing: nil)
            try await database.transaction { sql in
                try await sql.raw("CREATE TABLE t (text TEXT, bytes BLOB, number INTEGER, ratio REAL, missing TEXT)").run()
                try await sql.raw("""
                    INSERT INTO t VALUES (\(bind: stored.text), \(bind: stored.bytes), \(bind: stored.number), \(bind: stored.ratio), \(bind: stored.missing))
                    """).run()
            }
            let row = try #require(try await database.read { try await $0.raw("SELECT * FROM t").first() })
            #expect(row.allColumns == ["text", "bytes", "number", "ratio", "missing"])
            #expect(try row.decodeNil(column: "missing"))
            #expect(try row.decodeNil(column: "absent"))
            #expect(try row.decode(model: Stored.self) == stored)
            #expect(throws: (any Error).self) { try row.decode(column: "absent", as: String.self) }
        }
    }

    @Test("the writer zeroes what it deletes (secure_delete), so an erased account's rows don't stay readable in the file's free pages (attack s13, F3)")
    func writerOverwritesDeletedContent() async throws {
        try await withDatabase { database in
            let mode = try await database.transaction { try await $0.raw("PRAGMA secure_delete").first()?.decode(column: "secure_delete", as: Int.self) }
            #expect(mode == 1)
        }
    }

    @Test("text holding a NUL character is refused as unstorable on both engines (SQLiteNIO would read it back cut short), and nothing is stored",
          arguments: TestBackend.sql)
    func nulInTextIsRefused(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            try await database.transaction { try await $0.raw("CREATE TABLE t (text TEXT)").run() }
            let error = await #expect(throws: StorageError.self) {
                try await database.transaction { sql in
                    try await sql.raw("INSERT INTO t VALUES ('kept out')").run()
                    try await sql.raw("INSERT INTO t VALUES (\(bind: "a\u{0}b"))").run()
                }
            }
            #expect(error?.reason == .unstorable && error?.kind == .invalidInput && error?.isForOperatorsOnly == false)
            #expect(error?.message.contains("NUL") == true)
            #expect(try await database.read { try await $0.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self) } == 0)
        }
    }

    @Test("a statement that fails inside a transaction rolls it back and leaves the connection usable")
    func failureRollsBackAndConnectionRecovers() async throws {
        try await withDatabase { database in
            try await database.transaction { try await $0.raw("CREATE TABLE t (id TEXT PRIMARY KEY)").run() }
            let failure = await #expect(throws: (any Error).self) {
                try await database.transaction { sql in
                    try await sql.raw("INSERT INTO t VALUES ('kept-out')").run()
                    try await sql.raw("INSERT INTO t VALUES ('a')").run()
                    try await sql.raw("INSERT INTO t VALUES ('a')").run()
                }
            }
            #expect(SQLRepository.isUniqueViolation(try #require(failure)), "the message names the constraint: \(String(describing: failure))")
            // The same statements run again, in a transaction that commits.
            try await database.transaction { try await $0.raw("INSERT INTO t VALUES ('a')").run() }
            let ids = try await database.read { try await $0.raw("SELECT id FROM t ORDER BY id").all().map { try $0.decode(column: "id", as: String.self) } }
            #expect(ids == ["a"])
        }
    }

    @Test("closing waits for the transaction under way, which commits; afterwards statements are 'unavailable'")
    func closeWaitsThenRefuses() async throws {
        try await withFreshFile { location in
            let database = try await TestBackend.open(location)
            try await database.transaction { try await $0.raw("CREATE TABLE t (id TEXT)").run() }
            let (started, signal) = AsyncStream<Void>.makeStream()
            let writer = Task {
                try await database.transaction { sql in
                    signal.yield()
                    try await Task.sleep(for: .milliseconds(200))
                    try await sql.raw("INSERT INTO t VALUES ('late')").run()
                }
            }
            for await _ in started { break }
            await database.close()
            try await writer.value
            let error = await #expect(throws: StorageError.self) { try await database.read { try await $0.raw("SELECT 1").run() } }
            #expect(error?.reason == .unavailable && error?.description.contains("closed") == true)
            let reopened = try await TestBackend.open(location)
            let count = try await reopened.read { try await $0.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self) }
            await reopened.close()
            #expect(count == 1)
        }
    }

    @Test("a transaction whose task is cancelled midway still runs to its commit, and the connection serves the next one")
    func cancelledTaskFinishesItsTransaction() async throws {
        try await withDatabase { database in
            try await database.transaction { try await $0.raw("CREATE TABLE t (id TEXT)").run() }
            let (started, signal) = AsyncStream<Void>.makeStream()
            let resume = TestGate()
            let writer = Task {
                try await database.transaction { sql in
                    try await sql.raw("INSERT INTO t VALUES ('before')").run()
                    signal.yield()
                    await resume.wait()
                    try await sql.raw("INSERT INTO t VALUES ('after')").run()
                }
            }
            for await _ in started { break }
            writer.cancel()
            resume.open()
            try await writer.value
            try await database.transaction { try await $0.raw("INSERT INTO t VALUES ('next')").run() }
            let ids = try await database.read { try await $0.raw("SELECT id FROM t ORDER BY id").all().map { try $0.decode(column: "id", as: String.self) } }
            #expect(ids == ["after", "before", "next"])
        }
    }

    @Test("writes and reads without a limit go ahead while a read with a limit holds its connection, which then sees them")
    func timedReadsDontHoldWrites() async throws {
        try await withDatabase { database in
            try await database.transaction { try await $0.raw("CREATE TABLE t (id TEXT)").run() }
            let (started, signal) = AsyncStream<Void>.makeStream()
            let resume = TestGate()
            let timed = Task {
                try await database.read(timeout: .seconds(120)) { sql in
                    try await sql.raw("SELECT 1").run()
                    signal.yield()
                    await resume.wait()
                    return try await sql.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self)
                }
            }
            // Were writes queued behind the timed read, they would wait for this.
            let safety = Task {
                try? await Task.sleep(for: .seconds(30))
                resume.open()
            }
            for await _ in started { break }
            try await database.transaction { try await $0.raw("INSERT INTO t VALUES ('written')").run() }
            #expect(try await database.read { try await $0.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self) } == 1)
            #expect(!resume.isOpen, "the write and the read went ahead while the timed read held its connection")
            resume.open()
            safety.cancel()
            #expect(try await timed.value == 1)
        }
    }

    @Test("closing waits a bounded time for a timed read that runs on past its limit, then closes without it")
    func closeDoesNotWaitForAnExpiredRead() async throws {
        try await withFreshFile { location in
            let database = try await TestBackend.open(location)
            let resume = TestGate()
            // Stands in for a statement SQLite can't stop: the read holds its connection past its limit.
            // A loaded machine can let the limit pass before the read starts, which then never runs
            // (and once hung this test): each such try ends its stream, and the next has a longer limit.
            var holding = false
            var limit = Duration.milliseconds(100)
            for _ in 0..<6 where !holding {
                let (started, signal) = AsyncStream<Void>.makeStream()
                let timed = Task { [limit] in
                    defer { signal.finish() }
                    try await database.read(timeout: limit) { sql in
                        try await sql.raw("SELECT 1").run()
                        signal.yield()
                        await resume.wait()
                    }
                }
                for await _ in started { holding = true }
                _ = await timed.result
                limit *= 4
            }
            try #require(holding, "the timed read never started within its limit")
            let safety = Task {
                try? await Task.sleep(for: .seconds(30))
                resume.open()
            }
            let clock = ContinuousClock()
            let began = clock.now
            await database.close()
            #expect(clock.now - began < .seconds(10))
            #expect(!resume.isOpen, "close waited for the read to end")
            resume.open()
            safety.cancel()
        }
    }

    @Test("a session kept past its operation is refused instead of racing the next one")
    func escapedSessionIsRefused() async throws {
        try await withDatabase { database in
            let escaped = try await database.read { $0 }
            let error = await #expect(throws: SQLiteOperationError.self) { try await escaped.raw("SELECT 1").run() }
            #expect(error?.description.contains("outside the operation") == true)
            #expect(try await database.read { try await $0.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self) } == 1)
        }
    }

    @Test("a durable transaction syncs at commit (synchronous FULL), and the connection runs relaxed again after it")
    func durableThenRelaxed() async throws {
        try await withDatabase { database in
            let inside = try await database.transaction(.durable) { sql in
                try await sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
            }
            #expect(inside == 2)
            let relaxed = try await database.transaction(.relaxed) { sql in
                try await sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
            }
            #expect(relaxed == 1)
            #expect(try await database.read { try await $0.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self) } == 1)
        }
    }

    @Test("a write lock another process holds past the busy timeout is 'unavailable' (a 503 to retry), not a crash or a 500")
    func busyIsUnavailable() async throws {
        try await withFreshFile { location in
            let holder = try await TestBackend.open(location)
            let other = try await TestBackend.open(location)
            try await holder.transaction { try await $0.raw("CREATE TABLE t (id TEXT)").run() }
            let (holding, signal) = AsyncStream<Void>.makeStream()
            // Held until the other writer has given up, not for a fixed time: SQLite counts its busy
            // wait in the sleeps it asked for, which a loaded machine stretches past any margin.
            let (released, release) = AsyncStream<Void>.makeStream()
            let held = Task {
                try await holder.transaction { sql in
                    try await sql.raw("INSERT INTO t VALUES ('held')").run()
                    signal.yield()
                    for await _ in released { break }
                }
            }
            let safety = Task {
                try? await Task.sleep(for: .seconds(60))
                release.finish()
            }
            for await _ in holding { break }
            let error = await #expect(throws: StorageError.self) {
                try await other.transaction { try await $0.raw("INSERT INTO t VALUES ('waited')").run() }
            }
            #expect(error?.reason == .unavailable)
            release.finish()
            safety.cancel()
            try await held.value
            await holder.close()
            await other.close()
        }
    }

    // MARK: Helpers

    /// A fresh SQLite file, removed afterwards.
    private func withFreshFile(_ body: (DatabaseLocation) async throws -> Void) async throws {
        try await TestBackend.sqlite.withFreshLocation { try await body(try #require($0)) }
    }

    private func withDatabase(_ body: (Database) async throws -> Void) async throws {
        try await withFreshFile { location in
            let database = try await TestBackend.open(location)
            do { try await body(database) } catch {
                await database.close()
                throw error
            }
            await database.close()
        }
    }
}
