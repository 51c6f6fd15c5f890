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

/// The helpers every storage test goes through leave nothing behind: on a shared throwaway
/// cluster and in the temporary folder, a test that fails must not leak its database either.
@Suite("Test databases are closed and removed, whether the test passes or fails")
struct TestCleanupTests {
    private struct Planned: Error {}

    /// Whether anything of `location` is left: a SQLite file (or its -wal, -shm, .lock), or a PostgreSQL database.
    private func exists(_ location: DatabaseLocation) async throws -> Bool {
        switch location {
        case .sqlite(let path):
            return ["", "-wal", "-shm", ".lock"].contains { FileManager.default.fileExists(atPath: path + $0) }
        case .postgres(let url):
            let name = String(try #require(URLComponents(string: url)?.path.dropFirst()))
            let admin = try await TestBackend.open(.postgres(url: try #require(ProcessInfo.processInfo.environment["LAUNCHGATE_TEST_POSTGRES_URL"])))
            do {
                let count = try await admin.read { db in
                    try await db.raw("SELECT count(*) AS found FROM pg_database WHERE datname = \(bind: name)").first()?.decode(column: "found", as: Int.self)
                }
                await admin.close()
                return count != 0
            } catch {
                await admin.close()
                throw error
            }
        }
    }

    // MARK: Tests

    @Test("withRepository removes its database after a test that passes and after one that throws", arguments: TestBackend.sql)
    func repositoryRemoved(backend: TestBackend) async throws {
        let passed = try await backend.withRepository { repository, database in
            try await repository.createApp(Samples.app())
            let location = try #require(database).location
            #expect(try await exists(location), "the database exists while the test runs")
            return location
        }
        #expect(try await !exists(passed), "\(passed) is left after a passing test")

        var failed: DatabaseLocation?
        await #expect(throws: Planned.self) {
            try await backend.withRepository { repository, database in
                try await repository.createApp(Samples.app())
                failed = database?.location
                throw Planned()
            }
        }
        let location = try #require(failed)
        #expect(try await !exists(location), "\(location) is left after a failing test")
    }

    @Test("TestServer.with removes its database after a test that throws", arguments: TestBackend.sql)
    func serverRemoved(backend: TestBackend) async throws {
        var left: DatabaseLocation?
        await #expect(throws: Planned.self) {
            try await TestServer.with(backend) { server in
                left = server.location
                throw Planned()
            }
        }
        let location = try #require(left)
        #expect(try await !exists(location), "\(location) is left after a failing test")
    }
}
