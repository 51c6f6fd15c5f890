import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// One contract for every ``OperatorRepository``: memory, SQLite and PostgreSQL.
@Suite("Operator storage adds, finds, lists and removes operators, and a re-added address gets a new ID")
struct OperatorRepositoryContractTests {
    private func withOperators(_ backend: TestBackend, _ body: (any OperatorRepository) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLOperatorRepository(database: $0) } ?? MemoryOperatorRepository())
        }
    }

    private func record(_ email: String, id: String, scope: TokenScope = .read, minute: Double = 0) -> OperatorRecord {
        OperatorRecord(id: id, email: email, scope: scope, createdAt: Samples.now.addingTimeInterval(minute * 60))
    }

    // MARK: Tests

    @Test("an added operator is found by address and by ID with its scope and time", arguments: TestBackend.available)
    func roundTrip(_ backend: TestBackend) async throws {
        try await withOperators(backend) { (repository: any OperatorRepository) async throws in
            let ada = record("ada@example.com", id: "op_1", scope: .publish)
            #expect(try await repository.add(ada))
            #expect(try await repository.find(email: "ada@example.com") == ada)
            #expect(try await repository.find(id: "op_1") == ada)
            #expect(try await repository.find(email: "eve@example.com") == nil)
            #expect(try await repository.find(id: "op_2") == nil)
        }
    }

    @Test("adding an active operator's address again changes nothing", arguments: TestBackend.available)
    func duplicate(_ backend: TestBackend) async throws {
        try await withOperators(backend) { (repository: any OperatorRepository) async throws in
            #expect(try await repository.add(record("ada@example.com", id: "op_1")))
            #expect(try await repository.add(record("ada@example.com", id: "op_2", scope: .admin)) == false)
            #expect(try await repository.find(email: "ada@example.com")?.scope == .read)
            #expect(try await repository.find(id: "op_2") == nil)
        }
    }

    @Test("the listing holds active operators only, by address, up to the limit", arguments: TestBackend.available)
    func listing(_ backend: TestBackend) async throws {
        try await withOperators(backend) { (repository: any OperatorRepository) async throws in
            for (index, email) in ["cy@example.com", "ada@example.com", "bo@example.com"].enumerated() {
                #expect(try await repository.add(record(email, id: "op_\(index)")))
            }
            #expect(try await repository.remove(email: "bo@example.com", at: Samples.now))
            #expect(try await repository.list(limit: 10).map(\.email) == ["ada@example.com", "cy@example.com"])
            #expect(try await repository.list(limit: 1).map(\.email) == ["ada@example.com"])
        }
    }

    @Test("a removed operator is kept as removed, can't be removed twice, and comes back with a new ID and scope", arguments: TestBackend.available)
    func removeAndAddAgain(_ backend: TestBackend) async throws {
        try await withOperators(backend) { (repository: any OperatorRepository) async throws in
            #expect(try await repository.add(record("ada@example.com", id: "op_1")))
            #expect(try await repository.remove(email: "ada@example.com", at: Samples.now.addingTimeInterval(60)))
            #expect(try await repository.remove(email: "ada@example.com", at: Samples.now.addingTimeInterval(60)) == false)
            #expect(try await repository.remove(email: "eve@example.com", at: Samples.now) == false)
            let removed = try #require(try await repository.find(id: "op_1"))
            #expect(removed.removedAt == Samples.now.addingTimeInterval(60) && !removed.isActive)
            #expect(try await repository.add(record("ada@example.com", id: "op_2", scope: .admin, minute: 5)))
            #expect(try await repository.find(id: "op_1") == nil, "sessions of the old ID stay dead")
            let back = try #require(try await repository.find(email: "ada@example.com"))
            #expect(back == record("ada@example.com", id: "op_2", scope: .admin, minute: 5))
        }
    }
}
