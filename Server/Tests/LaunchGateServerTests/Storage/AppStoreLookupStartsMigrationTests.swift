import Foundation
import SQLKit
import Testing
@testable import LaunchGateStorage

@Suite("Migration 048 adds the App Store lookup starts every process reserves in, and reverts without touching the links")
struct AppStoreLookupStartsMigrationTests {
    @Test("before 048 there is no table of starts; after it a reservation is kept; a revert drops it and nothing else",
          arguments: TestBackend.sql)
    func upAndDown(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != CreateAppStoreLookupStarts().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            let starts = SQLAppStoreLookupStartRepository(database: database)
            await #expect(throws: (any Error).self) { try await starts.kept() }
            let upgrade = try await Migrator(database: database).migrate()
            #expect(upgrade.first == "048_create_appstore_lookup_starts" && upgrade.count == Migrator.all.count - before.count)
            #expect(try await starts.reserve(now: Samples.now, latest: Samples.now, limit: 20) == Samples.now)
            #expect(try await starts.kept() == 1)
            for _ in 1..<upgrade.count { _ = try await Migrator(database: database).revertLast() }
            #expect(try await Migrator(database: database).revertLast() == CreateAppStoreLookupStarts().name)
            await #expect(throws: (any Error).self) { try await starts.kept() }
            let links = try await database.read { sql in try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from("appstore_links").first()?.decode(column: "n", as: Int64.self) }
            #expect(links == 0, "the links' table is still there")
        }
    }
}
