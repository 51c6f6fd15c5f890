import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// One address once filled an app's group cap with a minute of pings under made-up versions, and
/// a real install of the new release was never recorded (issue 27, item 4): storage spends each
/// client's quotas on new installs and groups as it folds, and keeps room for the versions the
/// policy names past the cap.
@Suite("Each client has a quota of new installs and groups, and the versions the policy names have room past the cap")
struct ClientQuotaContractTests {
    private let flooder = SightingSource(key: 1)
    private let real = SightingSource(key: 2)

    private func sighting(_ hash: String, version: String, build: String = "1", source: SightingSource?) -> InstallSighting {
        InstallSighting(appID: "notes", platform: .ios, installHash: hash, version: version, build: build, os: "17.0", at: Samples.now, source: source)
    }

    private func repository(_ database: Database?) -> any InstallRepository {
        database.map { SQLInstallRepository(database: $0, filterKey: { Samples.filterKey }) } ?? MemoryInstallRepository()
    }

    private func kept(_ installs: any InstallRepository) async throws -> Set<String> {
        Set(try await installs.groups(appID: "notes", platform: .ios, fromDay: 0).map(\.version))
    }

    @Test("a client past its quota of new groups or installs is refused while another's are kept, and its installs and groups kept already go on updating",
          arguments: TestBackend.available)
    func quotas(_ backend: TestBackend) async throws {
        try await backend.withRepository { _, database in
            let installs = repository(database)
            let admission = InstallAdmission(quotas: ClientQuotas(newGroupsPerDay: 3, newInstallsPerDay: 5, seed: 0))
            let flood = (0..<10).map { sighting("flood-\($0)", version: "50.\($0).0", source: flooder) }
            let result = try await installs.record(flood, limits: InstallLimits(), admission: admission)
            #expect(result.overClientQuota == 7 && result.overGroupCap == 0, "three new groups, each with its new install")
            #expect(try await kept(installs) == ["50.0.0", "50.1.0", "50.2.0"])
            // Its kept groups take two more new installs (five in all), then none.
            let more = (0..<3).map { sighting("more-\($0)", version: "50.0.0", source: flooder) }
            #expect(try await installs.record(more, limits: InstallLimits(), admission: admission).overClientQuota == 1)
            // An install it added, moving to a kept group, and seen again: nothing new, nothing refused.
            let moves = [sighting("flood-0", version: "50.1.0", source: flooder), sighting("flood-1", version: "50.1.0", build: "1", source: flooder)]
            #expect(try await installs.record(moves, limits: InstallLimits(), admission: admission).left == 0)
            let other = try await installs.record([sighting("real-1", version: "7.0.0", source: real)], limits: InstallLimits(), admission: admission)
            let keptNow = try await kept(installs)
            #expect(other.left == 0 && keptNow.contains("7.0.0"), "another client's quota is its own")
            #expect(try await installs.refusedSightings(appID: "notes", fromDay: 0).isEmpty, "a client's refusals are not the guard's")
            let untracked = try await installs.record([sighting("tool", version: "9.0.0", source: nil)], limits: InstallLimits(), admission: admission)
            #expect(untracked.left == 0, "a sighting with no source spends no quota")
        }
    }

    @Test("a recording whose transaction fails gives back what it spent of its clients' quotas, so the retry is admitted",
          arguments: TestBackend.sql)
    func refund(_ backend: TestBackend) async throws {
        try await backend.withRepository { _, database in
            let database = try #require(database)
            let admission = InstallAdmission(quotas: ClientQuotas(newGroupsPerDay: 3, newInstallsPerDay: 5, seed: 0))
            let flood = (0..<3).map { sighting("flood-\($0)", version: "50.\($0).0", source: flooder) }
            // A table the recording writes after the fold is gone, as with a database that fails mid-write.
            try await database.transaction { sql in try await sql.drop(table: "install_daily_versions").run() }
            await #expect(throws: (any Error).self) { try await SQLInstallRepository(database: database, filterKey: { Samples.filterKey }).record(flood, limits: InstallLimits(), admission: admission) }
            let retried = try await MemoryInstallRepository().record(flood, limits: InstallLimits(), admission: admission)
            #expect(retried.overClientQuota == 0, "nothing was kept, so nothing stays spent")
        }
    }

    @Test("versions the policy names have room past a full cap, up to the reserve; other versions have none", arguments: TestBackend.available)
    func reserve(_ backend: TestBackend) async throws {
        try await backend.withRepository { _, database in
            let installs = repository(database)
            let limits = InstallLimits(groupsPerAppPlatform: 3, reservedGroups: 2, nextReleaseGroups: 0)
            let admission = InstallAdmission(namedVersions: ["notes": [.ios: ["7.0.0", "2.0.0"]]])
            let junk = (0..<5).map { sighting("junk-\($0)", version: "50.\($0).0", source: nil) }
            #expect(try await installs.record(junk, limits: limits, admission: admission).overGroupCap == 2, "the cap is full")
            let named = [sighting("a", version: "7.0.0", source: nil), sighting("b", version: "8.0.0", source: nil),
                         sighting("c", version: "2.0.0", build: "2", source: nil), sighting("d", version: "7.0.0", build: "3", source: nil)]
            let result = try await installs.record(named, limits: limits, admission: admission)
            #expect(result.overGroupCap == 2, "8.0.0 is named by nothing; the reserve holds two groups")
            #expect(try await kept(installs) == ["50.0.0", "50.1.0", "50.2.0", "7.0.0", "2.0.0"])
            #expect(try await installs.record([sighting("e", version: "7.0.0", source: nil)], limits: limits, admission: admission).left == 0,
                    "a named group kept takes more installs")
        }
    }

    @Test("a flood of made-up builds of a named version takes only its network's share of the reserve, so the real build from another network is kept",
          arguments: TestBackend.available)
    func reserveShare(_ backend: TestBackend) async throws {
        try await backend.withRepository { _, database in
            let installs = repository(database)
            // A share of 2 groups a network (100 / 50); a cap of 3, full of junk.
            let limits = InstallLimits(groupsPerAppPlatform: 3, reservedGroups: 100, nextReleaseGroups: 0)
            let admission = InstallAdmission(namedVersions: ["notes": [.ios: ["7.0.0"]]], reserveShares: ReserveShares())
            let junk = (0..<3).map { sighting("junk-\($0)", version: "50.\($0).0", source: nil) }
            try await installs.record(junk, limits: limits, admission: admission)
            let (attacker, other) = (SightingSource(key: 1, network: 11), SightingSource(key: 2, network: 22))
            let flood = (0..<150).map { sighting("flood-\($0)", version: "7.0.0", build: "\(900 + $0)", source: attacker) }
            let flooded = try await installs.record(flood, limits: limits, admission: admission)
            #expect(flooded.overClientQuota == 148 && flooded.overGroupCap == 0, "two groups of the reserve, the rest the network's refusal")
            let real = try await installs.record([sighting("real", version: "7.0.0", build: "1", source: other)], limits: limits, admission: admission)
            #expect(real.left == 0, "another network's real build of the named version is kept")
            let builds = try await installs.groups(appID: "notes", platform: .ios, fromDay: 0).filter { $0.version == "7.0.0" }.map(\.build)
            #expect(Set(builds) == ["900", "901", "1"])
            #expect(try await installs.refusedSightings(appID: "notes", fromDay: 0).isEmpty, "the flood doesn't make 7.0.0 look refused")
            // A trusted proxy carries many clients: it gets as many shares as it gets quotas (review s11, V4).
            let proxy = SightingSource(key: 3, network: 33, share: 3)
            let behind = (0..<8).map { sighting("behind-\($0)", version: "7.0.0", build: "\(2000 + $0)", source: proxy) }
            #expect(try await installs.record(behind, limits: limits, admission: admission).overClientQuota == 2, "3 shares of 2 groups")
        }
    }
}
