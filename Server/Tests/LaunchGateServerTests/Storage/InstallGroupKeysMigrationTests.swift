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

@Suite("Migration 025 keeps one row per group an app had, with its last day, from the group counts before it")
struct InstallGroupKeysMigrationTests {
    @Test("install_group_keys starts as the distinct groups of install_groups and their last day", arguments: TestBackend.sql)
    func backfill(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != CreateInstallGroupKeys().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            try await database.transaction { sql in
                for (app, platform, day, version) in [("notes", "ios", 20_000, "1.0.0"), ("notes", "ios", 20_002, "1.0.0"), ("notes", "ios", 20_001, "2.0.0"),
                                                      ("notes", "android", 20_001, "1.0.0"), ("other", "ios", 19_999, "1.0.0")] {
                    try await sql.insert(into: "install_groups").columns("app_id", "platform", "day", "version", "build", "os", "installs")
                        .values(SQLBind(app), SQLBind(platform), SQLBind(Int64(day)), SQLBind(version), SQLBind(""), SQLBind("17.0"), SQLBind(Int64(1)))
                        .run()
                }
            }
            _ = try await Migrator(database: database).migrate()
            let keys = try await database.read { sql in
                try await sql.select().columns("app_id", "platform", "version", "last_day").from("install_group_keys").all().map { row in
                    ("\(try row.decode(column: "app_id", as: String.self)) \(try row.decode(column: "platform", as: String.self)) "
                        + "\(try row.decode(column: "version", as: String.self)) \(try row.decode(column: "last_day", as: Int.self))")
                }
            }
            #expect(keys.sorted() == ["notes android 1.0.0 20001", "notes ios 1.0.0 20002", "notes ios 2.0.0 20001", "other ios 1.0.0 19999"])
        }
    }
}
