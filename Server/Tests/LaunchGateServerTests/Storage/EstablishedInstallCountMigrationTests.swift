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

@Suite("Migration 024 counts each group's established installs, from the installs recorded before it")
struct EstablishedInstallCountMigrationTests {
    @Test("established_installs starts as the group's installs seen a day apart or more", arguments: TestBackend.sql)
    func backfill(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != CountEstablishedInstallsPerGroup().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            let day: Int64 = 20_000
            let (start, hour) = (day * 86_400_000, Int64(3_600_000))
            // a: 25 h apart; b: 2 h; c: exactly 24 h; d: 23 h. One group of four, two of them established.
            let installs: [(String, Int64, Int64)] = [("a", start - 2 * hour, start + 23 * hour), ("b", start, start + 2 * hour),
                                                      ("c", start - 20 * hour, start + 4 * hour), ("d", start - hour, start + 22 * hour)]
            try await database.transaction { sql in
                for (hash, first, last) in installs {
                    try await sql.insert(into: "installs")
                        .columns("app_id", "platform", "install_hash", "version", "build", "os", "first_seen", "last_seen")
                        .values(SQLBind("notes"), SQLBind("ios"), SQLBind(hash), SQLBind("2.0.0"), SQLBind(""), SQLBind("17.0"),
                                SQLBind(first), SQLBind(last)).run()
                }
                // Another app's established install.
                try await sql.insert(into: "installs")
                    .columns("app_id", "platform", "install_hash", "version", "build", "os", "first_seen", "last_seen")
                    .values(SQLBind("other"), SQLBind("android"), SQLBind("e"), SQLBind("1.0.0"), SQLBind("7"), SQLBind("14"),
                            SQLBind(start - 48 * hour), SQLBind(start + hour)).run()
                for (app, platform, version, build, os, count) in [("notes", "ios", "2.0.0", "", "17.0", 4), ("other", "android", "1.0.0", "7", "14", 1)] {
                    try await sql.insert(into: "install_groups").columns("app_id", "platform", "day", "version", "build", "os", "installs")
                        .values(SQLBind(app), SQLBind(platform), SQLBind(day), SQLBind(version), SQLBind(build), SQLBind(os),
                                SQLBind(Int64(count))).run()
                }
            }
            _ = try await Migrator(database: database).migrate()
            let repository = SQLInstallRepository(database: database, filterKey: { Samples.filterKey })
            let notes = try await repository.impactGroups(appID: "notes", fromDay: 0, today: Int(day) + 1, limit: 10)
            #expect(notes.entries.map(\.established) == [2] && notes.entries.map(\.installs) == [4])
            let other = try await repository.impactGroups(appID: "other", fromDay: 0, today: Int(day) + 1, limit: 10)
            #expect(other.entries.map(\.established) == [1])
        }
    }
}
