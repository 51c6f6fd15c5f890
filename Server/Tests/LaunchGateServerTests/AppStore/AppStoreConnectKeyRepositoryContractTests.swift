import Foundation
import Testing
@testable import LaunchGateStorage

/// One contract for every ``AppStoreConnectKeyRepository``: memory, SQLite and PostgreSQL.
@Suite("App Store Connect key storage keeps one key per app, replaces it, and forgets it")
struct AppStoreConnectKeyRepositoryContractTests {
    private func withKeys(_ backend: TestBackend, _ body: (any AppStoreConnectKeyRepository) async throws -> Void) async throws {
        try await backend.withRepository { repository, database in
            try await repository.createApp(Samples.app("notes"))
            try await repository.createApp(Samples.app("maps"))
            try await body(database.map { SQLAppStoreConnectKeyRepository(database: $0) } ?? MemoryAppStoreConnectKeyRepository())
        }
    }

    private func record(_ app: String, keyID: String, minute: Double = 0) -> AppStoreConnectKeyRecord {
        AppStoreConnectKeyRecord(appID: app, issuerID: "issuer-\(app)", keyID: keyID, sealedPrivateKey: "sealed-\(keyID)",
                                 updatedAt: Samples.now.addingTimeInterval(minute * 60))
    }

    @Test("a stored key is found with every field, and only for its app", arguments: TestBackend.available)
    func roundTrip(_ backend: TestBackend) async throws {
        try await withKeys(backend) { keys in
            try await keys.set(record("notes", keyID: "K1"))
            #expect(try await keys.find(appID: "notes") == record("notes", keyID: "K1"))
            #expect(try await keys.find(appID: "maps") == nil)
        }
    }

    @Test("storing again replaces the app's key", arguments: TestBackend.available)
    func replace(_ backend: TestBackend) async throws {
        try await withKeys(backend) { keys in
            try await keys.set(record("notes", keyID: "K1"))
            try await keys.set(record("maps", keyID: "M1"))
            try await keys.set(record("notes", keyID: "K2", minute: 5))
            #expect(try await keys.find(appID: "notes") == record("notes", keyID: "K2", minute: 5))
            #expect(try await keys.find(appID: "maps") == record("maps", keyID: "M1"))
        }
    }

    @Test("removing forgets the key once, and says when there was none", arguments: TestBackend.available)
    func remove(_ backend: TestBackend) async throws {
        try await withKeys(backend) { keys in
            try await keys.set(record("notes", keyID: "K1"))
            #expect(try await keys.remove(appID: "notes"))
            #expect(try await keys.find(appID: "notes") == nil)
            #expect(try await keys.remove(appID: "notes") == false)
            #expect(try await keys.remove(appID: "maps") == false)
        }
    }
}
