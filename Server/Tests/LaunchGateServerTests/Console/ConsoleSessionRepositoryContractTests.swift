import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// One contract for every ``ConsoleSessionRepository``: memory, SQLite and PostgreSQL.
@Suite("Console session storage finds sessions by hash, deletes them, and stays bounded")
struct ConsoleSessionRepositoryContractTests {
    private func withSessions(_ backend: TestBackend, _ body: (any ConsoleSessionRepository) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLConsoleSessionRepository(database: $0) } ?? MemoryConsoleSessionRepository())
        }
    }

    private func session(_ hash: String, minute: Double, lifetime: TimeInterval = 3600, token: String? = nil) -> ConsoleSessionRecord {
        let created = Samples.now.addingTimeInterval(minute * 60)
        return ConsoleSessionRecord(hash: hash, tokenID: token ?? "token-\(hash)", createdAt: created, expiresAt: created.addingTimeInterval(lifetime))
    }

    // MARK: Tests

    @Test("a stored session is found by its hash with its token and times, and is gone once deleted", arguments: TestBackend.available)
    func roundTrip(_ backend: TestBackend) async throws {
        try await withSessions(backend) { repository in
            let stored = session("a", minute: 0)
            try await repository.insert(stored, keepingAtMost: 10, perToken: 10, now: Samples.now)
            #expect(try await repository.session(hash: "a") == stored)
            #expect(try await repository.session(hash: "b") == nil)
            try await repository.delete(hash: "a")
            #expect(try await repository.session(hash: "a") == nil)
            #expect(try await repository.count() == 0)
        }
    }

    @Test("an insert into a full table drops the oldest sessions, so no more than the limit remain", arguments: TestBackend.available)
    func bounded(_ backend: TestBackend) async throws {
        try await withSessions(backend) { repository in
            for (index, hash) in ["a", "b", "c", "d"].enumerated() {
                try await repository.insert(session(hash, minute: Double(index)), keepingAtMost: 3, perToken: 10, now: Samples.now)
            }
            #expect(try await repository.count() == 3)
            #expect(try await repository.session(hash: "a") == nil)
            #expect(try await repository.session(hash: "d") != nil)
        }
    }

    @Test("an insert deletes expired sessions first, so they don't push out live ones", arguments: TestBackend.available)
    func expiredFirst(_ backend: TestBackend) async throws {
        try await withSessions(backend) { repository in
            try await repository.insert(session("live", minute: 0, lifetime: 7200), keepingAtMost: 2, perToken: 10, now: Samples.now)
            try await repository.insert(session("short", minute: 1, lifetime: 60), keepingAtMost: 2, perToken: 10, now: Samples.now)
            try await repository.insert(session("new", minute: 90), keepingAtMost: 2, perToken: 10, now: Samples.now.addingTimeInterval(90 * 60))
            #expect(try await repository.session(hash: "short") == nil)
            #expect(try await repository.session(hash: "live") != nil)
            #expect(try await repository.count() == 2)
        }
    }

    @Test("a token's sessions beyond its own limit push out only its own oldest, never another token's", arguments: TestBackend.available)
    func boundedPerToken(_ backend: TestBackend) async throws {
        try await withSessions(backend) { repository in
            try await repository.insert(session("other", minute: 0, token: "b"), keepingAtMost: 100, perToken: 2, now: Samples.now)
            for (index, hash) in ["a1", "a2", "a3", "a4"].enumerated() {
                try await repository.insert(session(hash, minute: Double(index + 1), token: "a"), keepingAtMost: 100, perToken: 2, now: Samples.now)
            }
            #expect(try await repository.count() == 3)
            #expect(try await repository.session(hash: "other") != nil, "the other token's older session stays")
            #expect(try await repository.session(hash: "a1") == nil)
            #expect(try await repository.session(hash: "a2") == nil)
            #expect(try await repository.session(hash: "a3") != nil)
            #expect(try await repository.session(hash: "a4") != nil)
        }
    }
}
