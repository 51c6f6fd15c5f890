import Foundation
import Testing
@testable import LaunchGateStorage

@Suite("The outbox's claims take turns across apps and networks, on memory, SQLite and PostgreSQL")
struct OutboxTurnsTests {
    private static let now = Samples.now

    /// Queues a code and its mail from `network`, `age` seconds old, to `<id>@example.com`.
    private static func queue(_ repository: any SignInRepository, _ id: String, app: String = "notes", network: String,
                              age: TimeInterval) async throws {
        let (email, created) = ("\(id)@example.com", now.addingTimeInterval(-age))
        let code = SignInCodeRecord(id: "c-\(id)", appID: app, email: email, network: network, codeHash: "hash-\(id)",
                                    createdAt: created, expiresAt: created.addingTimeInterval(600))
        let mail = OutboxMessage(id: id, appID: app, email: email, network: network, sealedCode: "sealed-\(id)",
                                 codeExpiresAt: created.addingTimeInterval(600), nextAttemptAt: created, createdAt: created)
        try await repository.issueCode(code, mail: mail)
    }

    // MARK: Tests

    @Test("a flood of newer mail from one network does not keep another network's code out of the next claim",
          arguments: TestBackend.available)
    func floodedNetwork(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.queue(repository, "waiting", network: "198.51.100.0/24", age: 120)
            for index in 0..<30 { try await Self.queue(repository, "flood\(index)", network: "203.0.113.0/24", age: Double(index)) }
            let claimed = try await repository.claimDueMail(at: Self.now, lease: 60, limit: 10).map(\.id)
            #expect(claimed == ["waiting", "flood0"] + (1..<9).map { "flood\($0)" },
                    "the older of the two networks' turns, the flood's newest, then the flood's next")
        }
    }

    @Test("apps take turns first, then an app's networks, newest first within a network and oldest first within a round",
          arguments: TestBackend.available)
    func turns(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            for index in 0..<6 { try await Self.queue(repository, "flood\(index)", network: "n1", age: Double(index)) }
            try await Self.queue(repository, "other-network", network: "n2", age: 100)
            try await Self.queue(repository, "other-app", app: "todo", network: "n1", age: 200)
            try await Self.queue(repository, "other-app-2", app: "todo", network: "n1", age: 300)
            let first = try await repository.claimDueMail(at: Self.now, lease: 60, limit: 5).map(\.id)
            #expect(first == ["other-app", "other-network", "other-app-2", "flood0", "flood1"])
            let rest = try await repository.claimDueMail(at: Self.now, lease: 60, limit: 10).map(\.id)
            #expect(rest == (2..<6).map { "flood\($0)" }, "the flood's own, newest first, once the others are out")
        }
    }

    @Test("one mail each from many networks, queued after a waiting code, goes after it (attack s12, B1)", arguments: TestBackend.available)
    func manyNetworksAfter(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            for index in 0..<3 { try await Self.queue(repository, "before\(index)", network: "198.51.\(index).0/24", age: 300 - Double(index)) }
            try await Self.queue(repository, "waiting", network: "192.0.2.0/24", age: 120)
            for index in 0..<30 { try await Self.queue(repository, "after\(index)", network: "203.0.\(index).0/24", age: Double(index)) }
            let claimed = try await repository.claimDueMail(at: Self.now, lease: 60, limit: 4).map(\.id)
            #expect(claimed == ["before0", "before1", "before2", "waiting"], "what was queued before it, oldest first, then the waiting code")
        }
    }
}
