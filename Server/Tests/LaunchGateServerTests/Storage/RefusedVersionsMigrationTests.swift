import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Migration 031 keeps the versions refused; refusals stored before it have none, and count for any change to what blocks")
struct RefusedVersionsMigrationTests {
    @Test("a refusal row from before 031 reads with its versions unknown, later refusals on its day leave them unknown, and a new day's are known",
          arguments: TestBackend.sql)
    func olderRows(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != RecordRefusedVersions().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            let today = InstallDay.of(Samples.now)
            try await database.transaction { sql in
                try await sql.insert(into: "install_refusals").columns("app_id", "platform", "day", "refused")
                    .values(SQLBind("notes"), SQLBind("ios"), SQLBind(today), SQLBind(4)).run()
            }
            _ = try await Migrator(database: database).migrate()
            let installs = SQLInstallRepository(database: database, filterKey: { Samples.filterKey })
            #expect(try await installs.refusedSightings(appID: "notes", fromDay: 0) == [.ios: RefusedSightings(count: 4, versions: nil, filter: nil)])
            let late = InstallSighting(appID: "notes", platform: .ios, installHash: "b", version: "3.0.0", at: Samples.now)
            let kept = InstallSighting(appID: "notes", platform: .ios, installHash: "a", version: "2.0.0", at: Samples.now)
            _ = try await installs.record([kept, late], limits: InstallLimits(groupsPerAppPlatform: 1, reservedGroups: 0))
            #expect(try await installs.refusedSightings(appID: "notes", fromDay: 0) == [.ios: RefusedSightings(count: 5, versions: nil, filter: nil)])
            var tomorrow = late
            tomorrow.installHash = "c"
            tomorrow.at = Samples.now.addingTimeInterval(86_400)
            _ = try await installs.record([tomorrow], limits: InstallLimits(groupsPerAppPlatform: 1, reservedGroups: 0))
            let known = try await installs.refusedSightings(appID: "notes", fromDay: today + 1)[.ios]
            #expect(known?.count == 1 && known?.versions == "3.0.0"..."3.0.0" && known?.mayInclude("3.0.0") == true)
            #expect(try await installs.refusedSightings(appID: "notes", fromDay: 0)[.ios]?.versions == nil, "unknown over both days")
        }
    }
}
