import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateStorage

@Suite("Migration 044 keys the funnel by channel, keeping the counts and prompted installs from before as production's")
struct PromptFunnelChannelMigrationTests {
    private let today = 20_000

    /// A daily count and a prompted install written as the tables were before 044.
    private func seedBefore(_ sql: any SQLDatabase) async throws {
        let columns = AddPromptFunnelChannel.countColumns
        try await sql.insert(into: "prompt_funnel_days").columns(["app_id", "platform", "revision", "day"] + columns)
            .values([SQLBind("notes"), SQLBind("ios"), SQLBind(3), SQLBind(today)] + columns.map { SQLBind($0 == "banners" ? 5 : 0) }).run()
        try await sql.insert(into: "prompt_funnel_installs")
            .columns("app_id", "platform", "install_hash", "revision", "prompted_version", "prompted_day", "last_ping_day", "upgraded_day")
            .values(SQLBind("notes"), SQLBind("ios"), SQLBind("h-1"), SQLBind(3), SQLBind("1.0.0"), SQLBind(today), SQLBind(today), SQLBind(Int?.none))
            .run()
    }

    @Test("rows from before read as production's, and beta's revision 3 then gets rows of its own", arguments: TestBackend.sql)
    func keepsRows(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != AddPromptFunnelChannel().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            try await database.transaction { try await seedBefore($0) }
            _ = try await Migrator(database: database).migrate()
            let repository = SQLFunnelRepository(database: database)
            let beta = FunnelCounts(revision: 3, channel: .beta, counts: [.banner: 2])
            _ = try await repository.record([FunnelPing(appID: "notes", platform: .ios, installHash: "h-2", version: "1.0.0", day: today, counts: [beta])],
                                            limits: FunnelLimits())
            let days = try await repository.days(appID: "notes", platform: nil, channel: nil, revision: 3, fromDay: 0)
            #expect(days.map { "\($0.channel) \($0.counts[.banner])" } == ["beta 2", "production 5"])
            let conversions = try await repository.conversions(appID: "notes", platform: nil, channel: .production, revision: nil, fromDay: 0, today: today)
            #expect(conversions.map { "\($0.channel) r\($0.revision) \($0.prompted)" } == ["production r3 1"])
        }
    }

    @Test("reverting adds the channels' counts of a revision and day back into one row", arguments: TestBackend.sql)
    func reverts(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            _ = try await Migrator(database: database).migrate()
            let repository = SQLFunnelRepository(database: database)
            let pings = [ReleaseChannel.production, .beta].enumerated().map { index, channel in
                FunnelPing(appID: "notes", platform: .ios, installHash: "h-\(index)", version: "1.0.0", day: today,
                           counts: [FunnelCounts(revision: 3, channel: channel, counts: [.banner: 2 + index])])
            }
            _ = try await repository.record(pings, limits: FunnelLimits())
            let migrator = Migrator(database: database)
            while let reverted = try await migrator.revertLast(), reverted != AddPromptFunnelChannel().name {}
            let banners = try await database.read { sql in
                try await sql.select().column("banners").from("prompt_funnel_days").all().map { try $0.decode(column: "banners", as: Int.self) }
            }
            #expect(banners == [5])
        }
    }
}
