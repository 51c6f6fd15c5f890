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

@Suite("Migration 022 counts each group's installs seen on its day only, from the installs recorded before it")
struct NewInstallCountMigrationTests {
    @Test("new_installs starts as the installs first seen on the day they were last seen", arguments: TestBackend.sql)
    func backfill(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != CountNewInstallsPerGroup().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            let day: Int64 = 20_000
            let (start, hour) = (day * 86_400_000, Int64(3_600_000))
            // Two installs seen that day only, one first seen the day before: one group of three.
            let installs: [(String, Int64, Int64)] = [("a", start + hour, start + 2 * hour), ("b", start, start), ("c", start - hour, start + hour)]
            try await database.transaction { sql in
                for (hash, first, last) in installs {
                    try await sql.insert(into: "installs")
                        .columns("app_id", "platform", "install_hash", "version", "build", "os", "first_seen", "last_seen")
                        .values(SQLBind("notes"), SQLBind("ios"), SQLBind(hash), SQLBind("2.0.0"), SQLBind(""), SQLBind("17.0"),
                                SQLBind(first), SQLBind(last)).run()
                }
                // Another app's install, seen on that day only; and the day before, the group of "c" alone.
                try await sql.insert(into: "installs")
                    .columns("app_id", "platform", "install_hash", "version", "build", "os", "first_seen", "last_seen")
                    .values(SQLBind("other"), SQLBind("android"), SQLBind("d"), SQLBind("1.0.0"), SQLBind("7"), SQLBind("14"),
                            SQLBind(start + hour), SQLBind(start + hour)).run()
                for (app, platform, groupDay, version, build, os, count) in [("notes", "ios", day, "2.0.0", "", "17.0", 3),
                                                                            ("notes", "ios", day - 1, "2.0.0", "", "17.0", 1),
                                                                            ("other", "android", day, "1.0.0", "7", "14", 1)] {
                    try await sql.insert(into: "install_groups").columns("app_id", "platform", "day", "version", "build", "os", "installs")
                        .values(SQLBind(app), SQLBind(platform), SQLBind(groupDay), SQLBind(version), SQLBind(build), SQLBind(os),
                                SQLBind(Int64(count))).run()
                }
            }
            _ = try await Migrator(database: database).migrate()
            let repository = SQLInstallRepository(database: database, filterKey: { Samples.filterKey })
            func fresh(_ app: String, day: Int) async throws -> [Int] {
                try await repository.impactGroups(appID: app, fromDay: day, today: day, limit: 10).entries.map(\.fresh)
            }
            #expect(try await fresh("notes", day: Int(day)) == [2])
            #expect(try await fresh("other", day: Int(day)) == [1])
            #expect(try await fresh("notes", day: Int(day) - 1).allSatisfy { $0 == 0 },
                    "c was first seen that day but seen again the next, so it is new on neither")
        }
    }
}
