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

@Suite("Migration 028 counts the installs recorded before it per app and platform, so the cap starts where storage is")
struct InstallPlatformCountMigrationTests {
    @Test("install_platform_counts starts equal to COUNT(*) of each app's installs on each platform", arguments: TestBackend.sql)
    func backfill(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != CountInstallsPerPlatform().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            try await database.transaction { sql in
                for (app, platform, count) in [("notes", "ios", 3), ("notes", "android", 1), ("maps", "ios", 2)] {
                    for index in 0..<count {
                        try await sql.insert(into: "installs")
                            .columns("app_id", "platform", "install_hash", "version", "build", "os", "first_seen", "last_seen")
                            .values(SQLBind(app), SQLBind(platform), SQLBind("\(app)-\(index)"), SQLBind("2.0.0"), SQLBind(""), SQLBind(""),
                                    SQLBind(Int64(0)), SQLBind(Int64(0)))
                            .run()
                    }
                }
            }
            _ = try await Migrator(database: database).migrate()
            let counts = try await database.read { sql in
                var counts: [String: Int] = [:]
                for row in try await sql.select().columns("app_id", "platform", "installs").from("install_platform_counts").all() {
                    counts["\(try row.decode(column: "app_id", as: String.self)) \(try row.decode(column: "platform", as: String.self))"] =
                        try row.decode(column: "installs", as: Int.self)
                }
                return counts
            }
            #expect(counts == ["notes ios": 3, "notes android": 1, "maps ios": 2])
            // The cap reads it: with 3 iOS installs kept, a cap of 3 refuses the next new one, and Android still has room.
            let result = try await SQLInstallRepository(database: database, filterKey: { Samples.filterKey }).record([
                InstallSighting(appID: "notes", platform: .ios, installHash: "new", version: "2.0.0", at: Samples.now),
                InstallSighting(appID: "notes", platform: .android, installHash: "new", version: "2.0.0", at: Samples.now),
            ], limits: InstallLimits(installsPerAppPlatform: 3))
            #expect(result == InstallRecordResult(overInstallCap: 1))
        }
    }
}
