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

@Suite("The SQL layer: migrations and transactions on SQLite and PostgreSQL")
struct DatabaseTests {
    // MARK: Tests

    @Test("migrations apply once, are recorded, and revert", arguments: TestBackend.sql)
    func migrations(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let migrator = Migrator(database: database)
            #expect(try await migrator.migrate() == Migrator.all.map(\.name))
            #expect(try await migrator.migrate().isEmpty)
            #expect(try await migrator.applied() == Set(Migrator.all.map(\.name)))
            #expect(try await migrator.revertLast() == Migrator.all.last?.name)
            #expect(try await migrator.migrate() == [Migrator.all.last!.name])
        }
    }

    @Test("upgrading hashes exemption IDs stored in the clear, so the signed policy never carries a raw ID", arguments: TestBackend.sql)
    func exemptionsHashedOnUpgrade(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != HashExemptionValues().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            try await database.transaction { sql in
                try await sql.insert(into: "apps").columns("id", "name", "created_at").values(SQLBind("notes"), SQLBind("Notes"), SQLBind(Int64(0))).run()
                for raw in ["tester/1 é", "device-7"] {
                    try await sql.insert(into: "exemptions").columns("app_id", "kind", "value", "note", "created_at")
                        .values(SQLBind("notes"), SQLBind("install"), SQLBind(raw), SQLBind("App Review"), SQLBind(Int64(0))).run()
                }
            }
            // The hashing migration runs first, then whatever came after it.
            #expect(try await Migrator(database: database).migrate() == Array(Migrator.all.map(\.name).drop { $0 != HashExemptionValues().name }))
            let repository = SQLRepository(database: database)
            let stored = try await repository.exemptions(appID: "notes").map(\.value)
            #expect(Set(stored) == [PolicyExemptions.hash("tester/1 é"), PolicyExemptions.hash("device-7")])
        }
    }

    @Test("a failure in the middle of a transaction leaves nothing behind: the old revision keeps serving", arguments: TestBackend.sql)
    func transactionRollsBack(backend: TestBackend) async throws {
        try await backend.withRepository { repository, database in
            let db = try #require(database)
            try await repository.createApp(Samples.app())
            let first = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "a", note: nil, at: Samples.now)
            struct Crash: Error {}
            await #expect(throws: Crash.self) {
                try await db.transaction { sql in
                    try await sql.insert(into: "policy_revisions")
                        .columns("app_id", "channel", "number", "document", "issued_at", "author", "note")
                        .values(SQLBind("notes"), SQLBind("production"), SQLBind(2), SQLBind("{}"), SQLBind(Int64(1)), SQLBind("x"), SQLBind(String?.none))
                        .run()
                    throw Crash()
                }
            }
            #expect(try await repository.currentRevision(appID: "notes", channel: .production) == first)
        }
    }

    @Test("concurrent publishes each get their own number, or a clear conflict; none is lost silently", arguments: TestBackend.sql)
    func concurrentPublishes(backend: TestBackend) async throws {
        try await backend.withRepository { repository, _ in
            try await repository.createApp(Samples.app())
            let results = await withTaskGroup(of: Result<PolicyRevision, any Error>.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        do { return .success(try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "\(index)", note: nil, at: Samples.now)) }
                        catch { return .failure(error) }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let numbers = results.compactMap { try? $0.get().number }.sorted()
            let races = results.filter { if case .failure(let error) = $0 { (error as? ServiceError)?.code == "publish-race" } else { false } }
            // Every publish either succeeded or lost a race it was told about; at least one won.
            #expect(numbers.count + races.count == 6, "unexpected failures: \(results)")
            #expect(!numbers.isEmpty, "every publish failed")
            if backend == .sqlite { #expect(numbers.count == 6, "SQLite runs one transaction at a time, so none races") }
            // The winners got 1, 2, 3… with no gap or repeat, and history holds exactly them.
            #expect(numbers == Array(1..<(numbers.count + 1)))
            let history = try await repository.revisions(appID: "notes", channel: .production)
            #expect(history.map(\.number) == numbers.reversed())
            #expect(Set(history.map(\.author)) == Set(results.compactMap { try? $0.get().author }))
        }
    }

    @Test("database URLs are read into locations, with passwords hidden in descriptions")
    func locations() throws {
        #expect(try DatabaseLocation(parsing: "postgres://u:secret@db/x") == .postgres(url: "postgres://u:secret@db/x"))
        #expect(try DatabaseLocation(parsing: "postgres://u:secret@db/x").description == "postgres://u:****@db/x")
        #expect(try DatabaseLocation(parsing: "sqlite://data/lg.sqlite") == .sqlite(path: "data/lg.sqlite"))
        #expect(try DatabaseLocation(parsing: "lg.sqlite") == .sqlite(path: "lg.sqlite"))
        let error = #expect(throws: StorageError.self) { try DatabaseLocation(parsing: "mysql://x") }
        #expect(error?.reason == .invalidLocation)
    }
}
