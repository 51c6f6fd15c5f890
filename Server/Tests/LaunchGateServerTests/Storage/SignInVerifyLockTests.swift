import Foundation
import SQLKit
import Testing
@testable import LaunchGateServer
@testable import LaunchGateStorage

/// On PostgreSQL a send takes a lock on its address until its transaction ends, so that two sends
/// from new networks can't both take the last place. A verify must not wait for it: verifies
/// queued on one address's lock each held one of the pool's few connections while they waited, so
/// a flood of them at one address stalled every request that needed the database (review S4).
@Suite("On PostgreSQL a verify takes no lock on its address, so verifies flooding one address can't hold the pool")
struct SignInVerifyLockTests {
    typealias Requests = SignInRepositoryRequestTests

    @Test("a verify answers while another transaction holds the address's send lock",
          arguments: TestBackend.sql.filter { $0 == .postgres })
    func verifyPassesAHeldSendLock(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            try await Migrator(database: database).migrate()
            try await SQLRepository(database: database).createApp(Samples.app("notes"))
            let repository = SQLSignInRepository(database: database)
            #expect(try await repository.requestCode(Requests.request("c1", charges: []), at: Samples.now) == .issued)

            let (held, signalHeld) = AsyncStream<Void>.makeStream()
            let (release, signalRelease) = AsyncStream<Void>.makeStream()
            let holder = Task {
                try await database.transaction(.relaxed) { db in
                    try await db.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: "sign-in-codes|notes|ada@example.com")))").run()
                    signalHeld.finish()
                    for await _ in release {}
                }
            }
            for await _ in held {}

            let verify = Task { try await repository.attemptCode(SignInRoundTripTests.attempt(hash: "nope"), at: Samples.now) }
            // Whichever ends first: the verify, or 20 seconds (the lock is held until then; 5 s ran
            // out under a loaded full run). Then the lock is let go, so a verify that waited for it
            // ends too and the test fails rather than hangs.
            let answeredFirst = await withTaskGroup(of: Bool.self) { group in
                group.addTask { _ = try? await verify.value; return true }
                group.addTask { try? await Task.sleep(for: .seconds(20)); return false }
                let first = await group.next() ?? false
                signalRelease.finish()
                group.cancelAll()
                return first
            }
            try await holder.value
            #expect(answeredFirst, "the verify waited for the send's lock on its address")
            #expect(try await verify.value == .wrong)
        }
    }
}
