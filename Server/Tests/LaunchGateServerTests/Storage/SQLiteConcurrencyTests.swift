import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("One SQLite file written by two processes at once (a server and the CLI)")
struct SQLiteConcurrencyTests {
    // MARK: Tests

    @Test("a publish that starts while another connection holds the write lock waits for it, then commits on fresh data")
    func writerWaitsForWriter() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-two-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        // Two Database values each hold their own connection, as two processes do.
        let holder = try await TestBackend.open(.sqlite(path: path))
        let other = try await TestBackend.open(.sqlite(path: path))
        do {
            try await Migrator(database: holder).migrate()
            let repository = SQLRepository(database: other)
            try await repository.createApp(Samples.app())
            let (holding, holdingSignal) = AsyncStream<Void>.makeStream()
            // The holder writes (taking the write lock) and keeps its transaction open for a moment.
            let held = Task {
                try await holder.transaction { sql in
                    try await sql.raw("UPDATE apps SET name = 'Held' WHERE id = 'notes'").run()
                    holdingSignal.yield()
                    try await Task.sleep(for: .milliseconds(300))
                }
            }
            for await _ in holding { break }
            // A deferred BEGIN would read a snapshot now and fail with SQLITE_BUSY_SNAPSHOT when it
            // tries to write after the holder commits; an immediate one waits for the lock instead.
            let revision = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(),
                                                        author: "cli", note: nil, at: Samples.now)
            try await held.value
            #expect(revision.number == 1)
            #expect(try await repository.app(id: "notes")?.name == "Held", "the publish ran after the holder committed")
        } catch {
            await holder.close()
            await other.close()
            throw error
        }
        await holder.close()
        await other.close()
    }
}
