import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The round trips sign-in's steps take, counted at the database: on PostgreSQL each statement is
/// one, and the throughput of sign-in is what they cost. Since codes are kept per network (issue
/// 27, item 3) a send and a verify run step by step in a transaction on both engines; on
/// PostgreSQL that is more round trips than the CTE chain they replaced (1 and 2), a known cost.
@Suite("Sign-in's round trips: a send-code and a verify-code are each one transaction, a statement per step")
struct SignInRoundTripTests {
    typealias Requests = SignInRepositoryRequestTests
    static let now = Samples.now
    static let client = RateLimitCharge(key: "verify-client|203.0.113.7", rules: [RateLimitRule(limit: 100, window: 300)])
    static let guesses = RateLimitCharge(key: "guess|notes|ada@example.com", rules: [RateLimitRule(limit: 25, window: 3600)])

    /// A verify from a network without a code of its own, so that its limits are charged.
    static func attempt(hash: String) -> CodeAttempt {
        var attempt = Requests.attempt(hash: hash, charges: [client, guesses])
        attempt.network = "198.51.100.0/24"
        return attempt
    }

    // MARK: Tests

    @Test("a send and a verify, right or wrong, take the statements they are written for, limits included", arguments: TestBackend.sql)
    func statementsPerStep(backend: TestBackend) async throws {
        try await withRepository(backend) { repository, database in
            let sendClient = RateLimitCharge(key: "send-client|203.0.113.7", rules: [RateLimitRule(limit: 30, window: 300)])
            let (sent, send) = try await Self.counting(database) {
                try await repository.requestCode(Requests.request("c1", charges: [sendClient, Requests.perAddress]), at: Self.now)
            }
            #expect(sent == .issued)
            let (wrongly, wrong) = try await Self.counting(database) {
                try await repository.attemptCode(Self.attempt(hash: "nope"), at: Self.now)
            }
            #expect(wrongly == .wrong)
            let (rightly, right) = try await Self.counting(database) {
                try await repository.attemptCode(Self.attempt(hash: "hash-c1"), at: Self.now)
            }
            guard case .signedIn = rightly else { throw Failure("the right code did not sign in: \(rightly)") }
            // BEGIN, the network's state (on PostgreSQL with the address's lock, in the same statement), the failure
            // report, the address's codes (with whether its networks are known), two limits, the code, its network's mail
            // left waiting, the mail, COMMIT.
            #expect(send == 10)
            // BEGIN, the network's state, the unused codes, two limits, the failure, COMMIT: no claim, since the
            // codes read say the network has none of its own (attack s11, A6).
            #expect(wrong == 7)
            // BEGIN, the network's state, the unused codes, two limits, the code used (on PostgreSQL with its network
            // remembered, in the same statement; on SQLite, two more), the user, the session, the network's count
            // cleared, COMMIT.
            #expect(right == (backend == .postgres ? 10 : 12))
        }
    }

    @Test("the short-code room costs no statement on PostgreSQL, where it is chained into the last limit's (one more each on SQLite)",
          arguments: TestBackend.sql)
    func roomIsChained(backend: TestBackend) async throws {
        try await withRepository(backend) { repository, database in
            let room = ShortCodeRoom(key: "room|notes|ada@example.com", limit: 25)
            let sendClient = RateLimitCharge(key: "send-client|203.0.113.7", rules: [RateLimitRule(limit: 30, window: 300)])
            var request = Requests.request("c1", charges: [sendClient, Requests.perAddress])
            request.room = room
            let (sent, send) = try await Self.counting(database) { try await repository.requestCode(request, at: Self.now) }
            #expect(sent == .issued)
            var attempt = Self.attempt(hash: "nope")
            attempt.room = room
            let (wrongly, wrong) = try await Self.counting(database) { try await repository.attemptCode(attempt, at: Self.now) }
            #expect(wrongly == .wrong)
            // As statementsPerStep counts, the room's charge of the code's tries and of the guess's comparison with it
            // included: in the last limit's statement on PostgreSQL, after it on SQLite.
            let extra = backend == .postgres ? 0 : 1
            #expect(send == 10 + extra)
            #expect(wrong == 7 + extra)
            #expect(try await repository.lastEvent(key: room.key) != nil, "the room was charged")
        }
    }

    @Test("a refused limit costs one statement more, to read when it allows again", arguments: TestBackend.sql)
    func refusalReadsTheWait(backend: TestBackend) async throws {
        try await withRepository(backend) { repository, database in
            let once = RateLimitCharge(key: "send|notes|ada@example.com", rules: [RateLimitRule(limit: 1, window: 60)])
            #expect(try await repository.requestCode(Requests.request("c1", charges: [once]), at: Self.now) == .issued)
            let (outcome, refused) = try await Self.counting(database) {
                try await repository.requestCode(Requests.request("c2", charges: [once]), at: Self.now.addingTimeInterval(20))
            }
            #expect(outcome == .rateLimited(40))
            #expect(refused == 7,
                    "BEGIN, the network's state (on PostgreSQL with the address's lock), the failure report, the codes, the limit, its wait, COMMIT")
        }
    }

    // MARK: Helpers

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What `work` returns, and the statements it sent to `database`.
    private static func counting<T>(_ database: Database, _ work: () async throws -> T) async throws -> (T, Int) {
        let before = database.statements.value
        let result = try await work()
        return (result, database.statements.value - before)
    }

    /// A repository on a fresh, migrated database with the app "notes", and that database.
    private func withRepository(_ backend: TestBackend, _ body: (SQLSignInRepository, Database) async throws -> Void) async throws {
        try await backend.withDatabase { database in
            try await Migrator(database: database).migrate()
            try await SQLRepository(database: database).createApp(Samples.app("notes"))
            try await body(SQLSignInRepository(database: database), database)
        }
    }
}
