import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateStorage

@Suite("Migration 047 adds a link's trusted version, newest version, the newest's major.minor day and its last answer beside its status, keeping what the link held before, its ignored answers included")
struct AppStoreTrustedVersionMigrationTests {
    @Test("a link stored before the upgrade keeps its floor and ignored answers, has no trusted version yet, and then records one",
          arguments: TestBackend.sql)
    func keepsLinks(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != AddAppStoreLinkTrustedVersion().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            // The rows as 045 left them: their columns frozen here, not the repository's.
            try await database.transaction { sql in
                try await sql.insert(into: "apps").columns("id", "name", "created_at").values(SQLBind("notes"), SQLBind("Notes"), SQLBind(Int64(0))).run()
                try await sql.insert(into: "appstore_links")
                    .columns("app_id", "platform", "bundle_id", "storefronts", "pins", "served", "created_at", "failures", "next_poll_at", "ignored_answers")
                    .values(SQLBind("notes"), SQLBind("ios"), SQLBind("com.example.notes"), SQLBind("us"), SQLBind(""),
                            SQLBind(#"{"us":"2.5.0"}"#), SQLBind(Samples.now.milliseconds), SQLBind(Int64(0)), SQLBind(Samples.now.milliseconds),
                            SQLBind("us: 2.4.0 is below the 2.5.0 it served before (a stale answer), ignored"))
                    .run()
            }
            _ = try await Migrator(database: database).migrate()
            let links = SQLAppStoreLinkRepository(database: database)
            let link = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(link.served == ["us": "2.5.0"])
            // Lines 045's poller wrote read as recorded answers, word for word, by storefront.
            #expect(link.status.ignoredAnswers.map(\.storefront) == ["us"] && link.status.ignoredAnswers.first?.version == "2.4.0")
            #expect(link.status.ignoredAnswers.lines == ["us: 2.4.0 is below the 2.5.0 it served before (a stale answer), ignored"])
            #expect(link.status.trustedVersion == nil && link.status.newestVersion == nil && link.status.newestSince == nil)
            #expect(link.status.newestMinorSince == nil && link.status.newestRelease == nil)
            var status = link.status
            (status.trustedVersion, status.newestVersion, status.newestSince) = ("2.5.0", "2.5.0", Samples.now)
            status.newestMinorSince = Samples.now.addingTimeInterval(-60)
            status.newestRelease = AppStoreNewestRelease(storefront: "us", minimumOS: "16.0", notes: "Offline mode.")
            #expect(try await links.record(link, served: link.served, status: status, reset: false))
            let recorded = try #require(try await links.find(app: "notes", platform: .ios)?.status)
            #expect(recorded.trustedVersion == "2.5.0" && recorded.newestMinorSince == status.newestMinorSince && recorded.newestRelease == status.newestRelease)
            // The columns by the names 047 gives them: the day per major.minor, and the answer as JSON.
            let row = try #require(try await database.read { try await $0.select().columns("newest_minor_since", "newest_release").from("appstore_links").first() })
            #expect(try row.decode(column: "newest_minor_since", as: Int64?.self) == status.newestMinorSince?.milliseconds)
            #expect(try row.decode(column: "newest_release", as: String?.self)?.hasPrefix("{") == true)
            #expect(try await links.find(app: "notes", platform: .ios)?.status.ignoredAnswers == link.status.ignoredAnswers, "kept through a record")
        }
    }
}
