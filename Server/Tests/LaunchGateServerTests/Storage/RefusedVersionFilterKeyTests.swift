import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateStorage

/// The filter of refused versions had a public FNV seed, so anyone could compute which versions
/// fill a chosen version's bits and, by sending them, make the guard ask about blocking it (issue
/// 27, N6): its hashes are keyed per database now, and a filter not under the database's key is
/// read as unknown, never as "no".
@Suite("The filters of refused versions are keyed per database, and one under another key or none reads as unknown")
struct RefusedVersionFilterKeyTests {
    private static let today = InstallDay.of(Samples.now)
    /// One group kept, so every later new group is refused.
    private static let limits = InstallLimits(groupsPerAppPlatform: 1, reservedGroups: 0)

    private static func sighting(_ hash: String, version: String, days: Int = 0) -> InstallSighting {
        InstallSighting(appID: "notes", platform: .ios, installHash: hash, version: version, at: Samples.now.addingTimeInterval(Double(days) * 86_400))
    }

    private static func key(_ byte: UInt8) -> RefusedVersionFilter.Key { RefusedVersionFilter.Key(bytes: [UInt8](repeating: byte, count: 32)) }

    // MARK: Tests

    @Test("the bits a version sets depend on the database's key, so versions chosen to fill them under one key are chosen blind under another")
    func keyed() throws {
        let (known, secret) = (RefusedVersionFilter(key: Self.key(1)), RefusedVersionFilter(key: Self.key(2)))
        let versions = try (0..<1_000).map { try AppVersion(parsing: "1.\($0).0") }
        let same = versions.filter { Set(known.bits($0)) == Set(secret.bits($0)) }
        #expect(same.isEmpty, "with a fixed seed every version would set the same bits under both")
        // A version's bits under another key are as good as random: they meet the ones chosen
        // under the first no more than chance (3 of 262,144 bits each).
        let chosen = Set(versions.flatMap { known.bits($0) })
        let met = versions.filter { !Set(secret.bits($0)).isDisjoint(with: chosen) }.count
        #expect(met < 100, "about 3,000 bits of 262,144 set: a version's 3 bits meet them 1 time in 30 by chance, not \(met) in 1,000")
    }

    @Test("every instance on a database builds its filters under the database's one key, so they add up",
          arguments: TestBackend.sql)
    func oneKey(_ backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            _ = try await Migrator(database: database).migrate()
            let first = SQLInstallRepository(database: database, newFilterKey: { Self.key(1) })
            let second = SQLInstallRepository(database: database, newFilterKey: { Self.key(2) })
            try await first.record([Self.sighting("a", version: "1.0.0"), Self.sighting("b", version: "4.0.0")], limits: Self.limits)
            try await second.record([Self.sighting("c", version: "5.0.0")], limits: Self.limits)
            for installs in [first, second] {
                let refused = try #require(try await installs.refusedSightings(appID: "notes", fromDay: 0)[.ios])
                #expect(refused.count == 2 && refused.filter != nil)
                #expect(refused.mayInclude("4.0.0") && refused.mayInclude("5.0.0") && !refused.mayInclude("4.5.0"))
            }
            // A key lost (a row deleted by hand): the filters stored under it read as unknown.
            try await database.transaction { sql in try await sql.delete(from: "install_secrets").run() }
            let third = SQLInstallRepository(database: database, newFilterKey: { Self.key(3) })
            let unknown = try #require(try await third.refusedSightings(appID: "notes", fromDay: 0)[.ios])
            #expect(unknown.filter == nil && unknown.mayInclude("4.5.0"), "any version in the range may be among them")
            try await third.record([Self.sighting("d", version: "6.0.0")], limits: Self.limits)
            #expect(try await third.refusedSightings(appID: "notes", fromDay: 0)[.ios]?.mayInclude("4.5.0") == true, "and the day's stays unknown")
        }
    }

    @Test("a filter stored before filters were keyed reads as unknown, a maybe for every version in its range, until a new day's",
          arguments: TestBackend.sql)
    func olderFilters(_ backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != CreateInstallSecrets().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            // Empty bits: read with any key, they would answer "no" for every version.
            try await database.transaction { sql in
                try await sql.insert(into: "install_refusals").columns("app_id", "platform", "day", "refused", "lowest_version", "highest_version", "refused_filter")
                    .values(SQLBind("notes"), SQLBind("ios"), SQLBind(Self.today), SQLBind(4), SQLBind("1.0.0"), SQLBind("9.0.0"),
                            SQLBind(Data(count: RefusedVersionFilter.byteCount))).run()
            }
            _ = try await Migrator(database: database).migrate()
            let installs = SQLInstallRepository(database: database)
            // A refusal the day before makes the database's key, which the old filter must not be read with.
            try await installs.record([Self.sighting("a", version: "1.0.0", days: -1), Self.sighting("b", version: "2.0.0", days: -1)],
                                      limits: Self.limits)
            let stored = try #require(try await installs.refusedSightings(appID: "notes", fromDay: Self.today)[.ios])
            #expect(stored.filter == nil && stored.mayInclude("4.5.0") && !stored.mayInclude("10.0.0"), "the range alone decides")
            try await installs.record([Self.sighting("c", version: "3.0.0")], limits: Self.limits)
            #expect(try await installs.refusedSightings(appID: "notes", fromDay: Self.today)[.ios]?.filter == nil, "the day's refusals stay unknown")
            try await installs.record([Self.sighting("d", version: "3.0.0", days: 1)], limits: Self.limits)
            let tomorrow = try #require(try await installs.refusedSightings(appID: "notes", fromDay: Self.today + 1)[.ios])
            #expect(tomorrow.filter != nil && tomorrow.mayInclude("3.0.0") && !tomorrow.mayInclude("3.1.0"))
        }
    }
}
