import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateServer
@testable import LaunchGateStorage

/// The filter of refused versions had a public FNV seed, so anyone could compute which versions
/// fill a chosen version's bits and, by sending them, make the guard ask about blocking it (issue
/// 27, N6): its hashes are keyed with a key derived from the master key now (migration 036's random
/// key, stored in plain text, is dropped by 037), and a filter under any other key is read as
/// unknown, never as "no".
@Suite("The filters of refused versions are keyed from the master key, and one under another key or none reads as unknown")
struct RefusedVersionFilterKeyTests {
    private static let today = InstallDay.of(Samples.now)
    /// One group kept, so every later new group is refused.
    private static let limits = InstallLimits(groupsPerAppPlatform: 1, reservedGroups: 0)

    private static func sighting(_ hash: String, version: String, days: Int = 0) -> InstallSighting {
        InstallSighting(appID: "notes", platform: .ios, installHash: hash, version: version, at: Samples.now.addingTimeInterval(Double(days) * 86_400))
    }

    private static func masterKey(_ byte: UInt8) throws -> MasterKey { try MasterKey(rawRepresentation: Data(repeating: byte, count: 32)) }

    /// The filter key a server with master key `byte` gives its repositories: each call of this
    /// derives it anew, as another instance would.
    private static func derived(_ byte: UInt8) -> @Sendable () throws -> RefusedVersionFilter.Key {
        RefusedVersionFilter.Key.derived { try masterKey(byte) }
    }

    private static func refused(_ installs: any InstallRepository, fromDay: Int = 0) async throws -> RefusedSightings {
        try #require(try await installs.refusedSightings(appID: "notes", fromDay: fromDay)[.ios])
    }

    // MARK: Tests

    @Test("the bits a version sets depend on the key, so versions chosen to fill them under one key are chosen blind under another")
    func keyed() throws {
        let (known, secret) = (RefusedVersionFilter(key: .init(bytes: [UInt8](repeating: 1, count: 32))),
                               RefusedVersionFilter(key: .init(bytes: [UInt8](repeating: 2, count: 32))))
        let versions = try (0..<1_000).map { try AppVersion(parsing: "1.\($0).0") }
        let same = versions.filter { Set(known.bits($0)) == Set(secret.bits($0)) }
        #expect(same.isEmpty, "with a fixed seed every version would set the same bits under both")
        // A version's bits under another key are as good as random: they meet the ones chosen
        // under the first no more than chance (3 of 262,144 bits each).
        let chosen = Set(versions.flatMap { known.bits($0) })
        let met = versions.filter { !Set(secret.bits($0)).isDisjoint(with: chosen) }.count
        #expect(met < 100, "about 3,000 bits of 262,144 set: a version's 3 bits meet them 1 time in 30 by chance, not \(met) in 1,000")
    }

    @Test("two servers built with one master key key their filters alike, so their filters add up", arguments: TestBackend.available)
    func oneMasterKey(_ backend: TestBackend) async throws {
        let server = { (database: Database?) in
            ServerComponents(database: database, repository: database.map { SQLRepository(database: $0) } ?? MemoryRepository(),
                             masterKey: try Self.masterKey(7)).installs
        }
        guard backend != .memory else {
            // Memory keeps nothing in common: the two filters must be under one key to be joined.
            let (first, second) = (try server(nil), try server(nil))
            try await first.record([Self.sighting("a", version: "1.0.0"), Self.sighting("b", version: "4.0.0")], limits: Self.limits)
            try await second.record([Self.sighting("c", version: "1.0.0"), Self.sighting("d", version: "5.0.0")], limits: Self.limits)
            let mine = try #require(try await Self.refused(first).filter)
            let theirs = try #require(try await Self.refused(second).filter)
            let union = try #require(mine.union(theirs), "filters under different keys don't join")
            #expect(union.mayContain("4.0.0") && union.mayContain("5.0.0") && !union.mayContain("4.5.0"))
            return
        }
        try await backend.withDatabase { database in
            _ = try await Migrator(database: database).migrate()
            let (first, second) = (try server(database), try server(database))
            try await first.record([Self.sighting("a", version: "1.0.0"), Self.sighting("b", version: "4.0.0")], limits: Self.limits)
            try await second.record([Self.sighting("c", version: "5.0.0")], limits: Self.limits)
            for installs in [first, second] {
                let refused = try await Self.refused(installs)
                #expect(refused.count == 2 && refused.filter != nil)
                #expect(refused.mayInclude("4.0.0") && refused.mayInclude("5.0.0") && !refused.mayInclude("4.5.0"))
            }
        }
    }

    @Test("a filter stored under another master key reads as unknown, a maybe for every version in its range, and the day's stays so",
          arguments: TestBackend.sql)
    func otherMasterKey(_ backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            _ = try await Migrator(database: database).migrate()
            let first = SQLInstallRepository(database: database, filterKey: Self.derived(1))
            try await first.record([Self.sighting("a", version: "1.0.0"), Self.sighting("b", version: "4.0.0"), Self.sighting("c", version: "5.0.0")],
                                   limits: Self.limits)
            #expect(try await Self.refused(first).mayInclude("4.5.0") == false, "under its own key the filter answers")
            let other = SQLInstallRepository(database: database, filterKey: Self.derived(2))
            let unknown = try await Self.refused(other)
            #expect(unknown.count == 2 && unknown.filter == nil && unknown.mayInclude("4.5.0"), "any version in the range may be among them")
            try await other.record([Self.sighting("d", version: "6.0.0")], limits: Self.limits)
            #expect(try await Self.refused(other).mayInclude("4.5.0"), "and the day's stays unknown")
            #expect(try await Self.refused(first).filter == nil, "to every instance")
        }
    }

    @Test("filters stored under migration 036's random key read as unknown once 037 has dropped install_secrets",
          arguments: TestBackend.sql)
    func randomKeyFilters(_ backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let through036 = Array(Migrator.all.prefix { $0.name != DropInstallSecrets().name })
            #expect(through036.last?.name == CreateInstallSecrets().name)
            _ = try await Migrator(database: database, migrations: through036).migrate()
            // What 036's code stored: a random key, and a day's filter under it holding 4.0.0 alone.
            let old = RefusedVersionFilter.Key.random()
            var filter = RefusedVersionFilter(key: old)
            filter.insert("4.0.0")
            let stored = Data(filter.stored)
            try await database.transaction { sql in
                try await sql.insert(into: "install_secrets").columns("name", "value")
                    .values(SQLBind("refused-version-filter"), SQLBind(Data(old.bytes))).run()
                try await sql.insert(into: "install_refusals").columns("app_id", "platform", "day", "refused", "lowest_version", "highest_version", "refused_filter")
                    .values(SQLBind("notes"), SQLBind("ios"), SQLBind(Self.today), SQLBind(1), SQLBind("1.0.0"), SQLBind("9.0.0"),
                            SQLBind(stored)).run()
            }
            #expect(try await Migrator(database: database).migrate() == [DropInstallSecrets().name, CountAccountDeletions().name, CreateWebhooks().name])
            let secrets = try? await database.read { try await $0.select().column(SQLLiteral.all).from("install_secrets").all() }
            #expect(secrets == nil, "the table, and the key in it, are gone")
            let installs = SQLInstallRepository(database: database, filterKey: Self.derived(1))
            let read = try await Self.refused(installs)
            #expect(read.filter == nil && read.mayInclude("4.5.0") && !read.mayInclude("10.0.0"), "the range alone decides")
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
            let installs = SQLInstallRepository(database: database, filterKey: Self.derived(1))
            let stored = try await Self.refused(installs, fromDay: Self.today)
            #expect(stored.filter == nil && stored.mayInclude("4.5.0") && !stored.mayInclude("10.0.0"), "the range alone decides")
            try await installs.record([Self.sighting("a", version: "1.0.0"), Self.sighting("c", version: "3.0.0")], limits: Self.limits)
            #expect(try await Self.refused(installs, fromDay: Self.today).filter == nil, "the day's refusals stay unknown")
            try await installs.record([Self.sighting("d", version: "3.0.0", days: 1)], limits: Self.limits)
            let tomorrow = try await Self.refused(installs, fromDay: Self.today + 1)
            #expect(tomorrow.filter != nil && tomorrow.mayInclude("3.0.0") && !tomorrow.mayInclude("3.1.0"))
        }
    }

    @Test("without a master key nothing is recorded and every filter reads as unknown, so a publish from the CLI still runs")
    func missingMasterKey() async throws {
        let missing: @Sendable () throws -> MasterKey = { throw MasterKeyError.missing(path: "/nowhere/launchgate.key") }
        let components = ServerComponents(database: nil, repository: MemoryRepository(), masterKey: missing)
        await #expect(throws: MasterKeyError.self) { try await components.installs.record([Self.sighting("a", version: "1.0.0")], limits: Self.limits) }
        try await TestBackend.sqlite.withDatabase { database in
            _ = try await Migrator(database: database).migrate()
            try await SQLInstallRepository(database: database, filterKey: Self.derived(1))
                .record([Self.sighting("a", version: "1.0.0"), Self.sighting("b", version: "4.0.0"), Self.sighting("c", version: "5.0.0")], limits: Self.limits)
            let keyless = SQLInstallRepository(database: database, filterKey: RefusedVersionFilter.Key.derived(masterKey: missing))
            await #expect(throws: MasterKeyError.self) { try await keyless.record([Self.sighting("d", version: "6.0.0")], limits: Self.limits) }
            let unknown = try await Self.refused(keyless)
            #expect(unknown.count == 2 && unknown.filter == nil && unknown.mayInclude("4.5.0"), "the range alone decides")
        }
    }
}
