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

@Suite("Migration 019 counts the installs recorded before it, and 030 drops that count, which nothing reads any more")
struct InstallCountMigrationTests {
    @Test("install_app_counts starts equal to COUNT(*) of each app's installs, is gone after 030, and comes back counted when 030 is reverted", arguments: TestBackend.sql)
    func backfill(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != CountInstallsPerApp().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            try await database.transaction { sql in
                for (app, count) in [("notes", 3), ("maps", 2)] {
                    for index in 0..<count {
                        try await sql.insert(into: "installs")
                            .columns("app_id", "platform", "install_hash", "version", "build", "os", "first_seen", "last_seen")
                            .values(SQLBind(app), SQLBind("ios"), SQLBind("\(app)-\(index)"), SQLBind("2.0.0"), SQLBind(""), SQLBind(""),
                                    SQLBind(Int64(0)), SQLBind(Int64(0)))
                            .run()
                    }
                }
            }
            let beforeDrop = Array(Migrator.all.prefix { $0.name != DropInstallAppCounts().name })
            _ = try await Migrator(database: database, migrations: beforeDrop).migrate()
            #expect(try await counts(database) == ["notes": 3, "maps": 2])
            // Up to 030, so reverting the last one reverts 030 whatever migrations come after it.
            let throughDrop = beforeDrop + [DropInstallAppCounts()]
            _ = try await Migrator(database: database, migrations: throughDrop).migrate()
            await #expect(throws: (any Error).self, "030 dropped it") { try await counts(database) }
            #expect(try await Migrator(database: database, migrations: throughDrop).revertLast() == DropInstallAppCounts().name)
            #expect(try await counts(database) == ["notes": 3, "maps": 2], "reverting 030 counts the installs again")
        }
    }

    /// `install_app_counts`, app by app.
    private func counts(_ database: Database) async throws -> [String: Int] {
        try await database.read { sql in
            var counts: [String: Int] = [:]
            for row in try await sql.select().columns("app_id", "installs").from("install_app_counts").all() {
                counts[try row.decode(column: "app_id", as: String.self)] = try row.decode(column: "installs", as: Int.self)
            }
            return counts
        }
    }
}
