import Foundation
import SQLKit
import Testing
@testable import LaunchGateServer

@Suite("SQLite driven from its own thread: values, prepared statements, failures and closing")
struct SQLiteHandleTests {
    // MARK: Tests

    @Test("text with NUL characters, blobs, 64-bit integers, floats and NULLs read back exactly as stored")
    func valuesRoundTrip() async throws {
        try await withDatabase { database in
            struct Stored: Decodable, Equatable {
                var text: String
                var bytes: Data
                var number: Int64
                var ratio: Double
                var missing: String?
            }
            let stored = Stored(text: "a\u{0}b é", bytes: Data([0, 1, 0xFF]), number: Int64.max - 7, ratio: 0.25, missing: nil)
            try await database.transaction { sql in
                try await sql.raw("CREATE TABLE t (text TEXT, bytes BLOB, number INTEGER, ratio REAL, missing TEXT)").run()
                try await sql.raw("""
                    INSERT INTO t VALUES (\(bind: stored.text), \(bind: stored.bytes), \(bind: stored.number), \(bind: stored.ratio), \(bind: stored.missing))
                    """).run()
            }
            let row = try #require(try await database.read { try await $0.raw("SELECT * FROM t").first() })
            #expect(row.allColumns == ["text", "bytes", "number", "ratio", "missing"])
            #expect(try row.decodeNil(column: "missing"))
            #expect(try row.decode(model: Stored.self) == stored)
            #expect(throws: DecodingError.self) { try row.decode(column: "absent", as: String.self) }
        }
    }

    @Test("more distinct statements than the cache holds all run, and the prepared ones stay bounded")
    func statementCacheIsBounded() async throws {
        try await withDatabase { database in
            let count = SQLiteHandle.statementCacheLimit * 2 + 5
            for value in 0..<count {
                let row = try await database.read { try await $0.raw("SELECT \(unsafeRaw: String(value)) AS v").first() }
                #expect(try row?.decode(column: "v", as: Int.self) == value)
            }
            let prepared = try #require(try await database.preparedStatementCount())
            #expect((1...SQLiteHandle.statementCacheLimit).contains(prepared))
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
            // The same (cached) statements run again, in a transaction that commits.
            try await database.transaction { try await $0.raw("INSERT INTO t VALUES ('a')").run() }
            let ids = try await database.read { try await $0.raw("SELECT id FROM t ORDER BY id").all().map { try $0.decode(column: "id", as: String.self) } }
            #expect(ids == ["a"])
        }
    }

    @Test("closing waits for the transaction under way, which commits; afterwards statements fail clearly")
    func closeWaitsThenRefuses() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-handle-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try await TestBackend.open(.sqlite(path: path))
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
        let error = await #expect(throws: SQLiteStatementError.self) { try await database.read { try await $0.raw("SELECT 1").run() } }
        #expect(error?.message == "the database is closed")
        let reopened = try await TestBackend.open(.sqlite(path: path))
        let count = try await reopened.read { try await $0.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self) }
        await reopened.close()
        #expect(count == 1)
    }

    @Test("bytes print as lowercase hex, two digits each")
    func lowercaseHex() {
        #expect([UInt8]([0x00, 0x0F, 0xF0, 0xFF, 0x5A]).lowercaseHex == "000ff0ff5a")
        #expect([UInt8]().lowercaseHex == "")
        #expect(SignInTokens.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    // MARK: Helpers

    private func withDatabase(_ body: (Database) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-handle-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try await TestBackend.open(.sqlite(path: path))
        do { try await body(database) } catch {
            await database.close()
            throw error
        }
        await database.close()
    }
}
