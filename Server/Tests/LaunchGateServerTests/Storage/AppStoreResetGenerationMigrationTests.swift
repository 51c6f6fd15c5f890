import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateStorage

@Suite("Migration 049 adds a link's reset generation, 0 for the links stored before, and reverts")
struct AppStoreResetGenerationMigrationTests {
    @Test("a link stored before the upgrade reads as never reset, a reset's record counts one, and a revert drops the column",
          arguments: TestBackend.sql)
    func keepsLinks(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != AddAppStoreLinkResetGeneration().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            // The row as 048 left it: its columns frozen here, not the repository's.
            try await database.transaction { sql in
                try await sql.insert(into: "apps").columns("id", "name", "created_at").values(SQLBind("notes"), SQLBind("Notes"), SQLBind(Int64(0))).run()
                try await sql.insert(into: "appstore_links")
                    .columns("app_id", "platform", "bundle_id", "storefronts", "pins", "served", "created_at", "failures", "next_poll_at", "trusted_version")
                    .values(SQLBind("notes"), SQLBind("ios"), SQLBind("com.example.notes"), SQLBind("us"), SQLBind(""),
                            SQLBind(#"{"us":"2.5.0"}"#), SQLBind(Samples.now.milliseconds), SQLBind(Int64(0)), SQLBind(Samples.now.milliseconds),
                            SQLBind("2.5.0"))
                    .run()
            }
            #expect(try await Migrator(database: database).migrate() == ["049_add_appstore_links_reset_generation"])
            let links = SQLAppStoreLinkRepository(database: database)
            let link = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(link.resetGeneration == 0 && link.served == ["us": "2.5.0"] && link.status.trustedVersion == "2.5.0")
            #expect(try await links.record(link, served: ["us": "2.4.0"], status: link.status, reset: true))
            #expect(try await links.find(app: "notes", platform: .ios)?.resetGeneration == 1)
            #expect(try await Migrator(database: database).revertLast() == AddAppStoreLinkResetGeneration().name)
            let row = try await database.read { try await $0.select().column("served").from("appstore_links").first() }
            #expect(try row?.decode(column: "served", as: String.self) == #"{"us":"2.4.0"}"#, "the link stays, without the column")
        }
    }
}
