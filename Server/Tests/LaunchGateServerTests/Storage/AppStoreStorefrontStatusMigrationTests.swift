import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateStorage

@Suite("Migration 046 adds each App Store storefront's status beside the links, and reverts without touching them")
struct AppStoreStorefrontStatusMigrationTests {
    @Test("a link stored before 046 reads with no storefront status after it, records one, and outlives a revert of 046",
          arguments: TestBackend.sql)
    func olderLinks(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != CreateAppStoreStorefrontStatus().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            try await SQLRepository(database: database).createApp(Samples.app("notes"))
            // The row as 045 left it: its own frozen columns.
            try await database.transaction { sql in
                try await sql.insert(into: "appstore_links")
                    .columns("app_id", "platform", "bundle_id", "storefronts", "pins", "served", "created_at", "failures", "next_poll_at")
                    .values(SQLBind("notes"), SQLBind("ios"), SQLBind("com.example.notes"), SQLBind("jp,us"), SQLBind(""), SQLBind(#"{"us":"2.5.0"}"#),
                            SQLBind(Samples.now.milliseconds), SQLBind(Int64(0)), SQLBind(Samples.now.milliseconds))
                    .run()
            }
            // 046, and the migrations after it, which the repository's reads need.
            let upgrade = try await Migrator(database: database).migrate()
            #expect(upgrade.first == CreateAppStoreStorefrontStatus().name && upgrade.count == Migrator.all.count - before.count)
            let links = SQLAppStoreLinkRepository(database: database)
            let link = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(link.status.storefronts == [:] && link.served == ["us": "2.5.0"])
            // Recorded over the link as the poll read it: the storefronts whose status changed are written.
            var status = link.status
            status.storefronts = ["jp": AppStoreStorefrontStatus(lastPollAt: Samples.now, lastError: "jp: the lookup timed out")]
            #expect(try await links.record(link, served: link.served, status: status, reset: false))
            #expect(try await links.find(app: "notes", platform: .ios)?.status.storefronts["jp"]?.lastError == "jp: the lookup timed out")

            for _ in 1..<upgrade.count { _ = try await Migrator(database: database).revertLast() }
            #expect(try await Migrator(database: database).revertLast() == CreateAppStoreStorefrontStatus().name)
            let count = try await database.read { sql in try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from("appstore_links").first()?.decode(column: "n", as: Int64.self) }
            #expect(count == 1)
        }
    }
}
