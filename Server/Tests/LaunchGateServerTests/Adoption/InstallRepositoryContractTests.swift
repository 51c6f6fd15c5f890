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

/// One contract for every ``InstallRepository``: memory, SQLite and PostgreSQL.
@Suite("Install storage keeps one row per install and exact group and daily counts")
struct InstallRepositoryContractTests {
    /// Noon UTC on a fixed day, so `+ hours` stays within it.
    static let noon = Date(timeIntervalSince1970: Double(InstallDay.of(Samples.now)) * 86_400 + 43_200)
    static var today: Int { InstallDay.of(noon) }

    private func sighting(_ install: String, _ version: String, build: String = "", os: String = "17.0", hours: Double = 0,
                          app: String = "notes", platform: Platform = .ios) -> InstallSighting {
        InstallSighting(appID: app, platform: platform, installHash: install, version: version, build: build, os: os,
                        at: Self.noon.addingTimeInterval(hours * 3600))
    }

    private func withInstalls(_ backend: TestBackend, _ body: (any InstallRepository, Database?) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLInstallRepository(database: $0, filterKey: { Samples.filterKey }) } ?? MemoryInstallRepository(), database)
        }
    }

    private func counts(_ repository: any InstallRepository, fromDay: Int = 0) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for group in try await repository.groups(appID: "notes", platform: nil, fromDay: fromDay) {
            counts["\(group.platform) \(group.version) \(group.build) \(group.os) \(group.day - Self.today)", default: 0] += group.installs
        }
        return counts
    }

    private func daily(_ repository: any InstallRepository) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for count in try await repository.dailyVersions(appID: "notes", platform: nil, fromDay: 0, limit: 1_000).counts {
            counts["\(count.version) \(count.day - Self.today)", default: 0] += count.installs
        }
        return counts
    }

    // MARK: Tests

    @Test("first sightings add installs to their group and their day", arguments: TestBackend.available)
    func firstSightings(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            try await repository.record([sighting("a", "2.0.0", build: "200"), sighting("b", "2.0.0", build: "200"), sighting("c", "1.9.0"),
                                         sighting("d", "1.0.0", platform: .android)])
            #expect(try await counts(repository) == ["ios 2.0.0 200 17.0 0": 2, "ios 1.9.0  17.0 0": 1, "android 1.0.0  17.0 0": 1])
            #expect(try await daily(repository) == ["2.0.0 0": 2, "1.9.0 0": 1, "1.0.0 0": 1])
            #expect(try await repository.groups(appID: "notes", platform: .android, fromDay: 0).map(\.installs) == [1])
            #expect(try await repository.groups(appID: "other", platform: nil, fromDay: 0).isEmpty)
        }
    }

    @Test("an upgrade moves the install to its new group; seeing it again the same day changes no count", arguments: TestBackend.available)
    func upgrade(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            try await repository.record([sighting("a", "1.9.0"), sighting("b", "1.9.0")])
            try await repository.record([sighting("a", "2.0.0", hours: 1)])
            try await repository.record([sighting("a", "2.0.0", hours: 2), sighting("b", "1.9.0", hours: 2)])
            #expect(try await counts(repository) == ["ios 2.0.0  17.0 0": 1, "ios 1.9.0  17.0 0": 1])
            // Once a day, under the last version it ran that day.
            #expect(try await daily(repository) == ["2.0.0 0": 1, "1.9.0 0": 1])
        }
    }

    @Test("a late sighting moves first-seen back and leaves the newer version and last-seen alone", arguments: TestBackend.available)
    func lateSighting(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, database in
            try await repository.record([sighting("a", "2.0.0", hours: 3)])
            try await repository.record([sighting("a", "1.9.0", hours: -5)])
            #expect(try await counts(repository) == ["ios 2.0.0  17.0 0": 1])
            let row = try await storedRow(repository, database, hash: "a")
            #expect(row?.version == "2.0.0")
            #expect(row?.firstSeen == Self.noon.addingTimeInterval(-5 * 3600).milliseconds)
            #expect(row?.lastSeen == Self.noon.addingTimeInterval(3 * 3600).milliseconds)
        }
    }

    @Test("an install seen on three days counts once on each day, and in the group of the day it was last seen", arguments: TestBackend.available)
    func rollups(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            try await repository.record([sighting("a", "1.9.0", hours: -48), sighting("b", "1.9.0", hours: -48)])
            try await repository.record([sighting("a", "1.9.0", hours: -24)])
            try await repository.record([sighting("a", "2.0.0")])
            #expect(try await daily(repository) == ["1.9.0 -2": 2, "1.9.0 -1": 1, "2.0.0 0": 1])
            #expect(try await counts(repository) == ["ios 1.9.0  17.0 -2": 1, "ios 2.0.0  17.0 0": 1])
            #expect(try await counts(repository, fromDay: Self.today - 1) == ["ios 2.0.0  17.0 0": 1], "a one-day window sees only today")
            // Totals sum a window's days per group, in storage.
            try await repository.record([sighting("c", "1.9.0", hours: -24), sighting("d", "2.0.0", build: "200", os: "")])
            let totals = try await repository.shares(appID: "notes", platform: .ios, fromDay: Self.today - 2, by: .group, limit: 100, offset: 0).entries
            #expect(Dictionary(uniqueKeysWithValues: totals.map { ("\($0.version ?? "-") \($0.build ?? "-") \($0.os ?? "-")", $0.installs) })
                    == ["1.9.0  17.0": 2, "2.0.0  17.0": 1, "2.0.0 200 ": 1])
            #expect(try await repository.shares(appID: "notes", platform: .android, fromDay: 0, by: .group, limit: 100, offset: 0).entries.isEmpty)
        }
    }

    @Test("two instances recording the same installs at once count each install once", arguments: TestBackend.available)
    func twoInstances(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { first, database in
            // A second connection (pool) on the same database is a second instance.
            let second: any InstallRepository
            var extra: Database?
            if let database {
                extra = try await TestBackend.open(database.location)
                second = SQLInstallRepository(database: try #require(extra), filterKey: { Samples.filterKey })
            } else {
                second = first
            }
            let installs = (0..<1_200).map { "install-\($0)" }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, repository) in [first, second].enumerated() {
                    group.addTask {
                        for round in 0..<3 {
                            let version = round == 2 ? "2.0.0" : "1.9.0"
                            try await repository.record(installs.map {
                                self.sighting($0, version, hours: Double(round) + Double(index) / 10)
                            })
                        }
                    }
                }
                try await group.waitForAll()
            }
            await extra?.close()
            let total = try await first.groups(appID: "notes", platform: nil, fromDay: 0).reduce(0) { $0 + $1.installs }
            #expect(total == 1_200)
            #expect(try await counts(first) == ["ios 2.0.0  17.0 0": 1_200])
            #expect(try await daily(first) == ["2.0.0 0": 1_200])
        }
    }

    @Test("pruning forgets installs last seen before the cutoff, with their counts", arguments: TestBackend.available)
    func prune(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            try await repository.record([sighting("old", "1.0.0", hours: -24 * 40), sighting("new", "2.0.0")])
            #expect(try await repository.prune(before: Self.today - 30) == 1)
            #expect(try await counts(repository) == ["ios 2.0.0  17.0 0": 1])
            #expect(try await daily(repository) == ["2.0.0 0": 1])
            // The old install is new again if it ever comes back.
            try await repository.record([sighting("old", "1.0.0")])
            #expect(try await counts(repository) == ["ios 2.0.0  17.0 0": 1, "ios 1.0.0  17.0 0": 1])
        }
    }

    @Test("past the install cap new installs are left out and counted, kept ones still update, each app and platform has its own, and pruning makes room",
          arguments: TestBackend.available)
    func installCap(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            let limits = InstallLimits(installsPerAppPlatform: 2)
            var result = try await repository.record([sighting("a", "1.9.0", hours: -24 * 40), sighting("b", "1.9.0")], limits: limits)
            #expect(result == InstallRecordResult())
            result = try await repository.record([sighting("c", "1.9.0", hours: 1), sighting("a", "2.0.0", hours: 1), sighting("d", "2.0.0", hours: 1)],
                                                 limits: limits)
            #expect(result == InstallRecordResult(overInstallCap: 2))
            #expect(try await counts(repository) == ["ios 1.9.0  17.0 0": 1, "ios 2.0.0  17.0 0": 1])
            // Another app, and another platform of this one, have their own cap.
            result = try await repository.record([sighting("c", "1.9.0", app: "other"), sighting("c", "1.9.0", platform: .android)], limits: limits)
            #expect(result == InstallRecordResult())
            // Pruning gives the room back, but only what it forgot: "a" was seen today.
            #expect(try await repository.prune(before: Self.today - 30) == 0)
            #expect(try await repository.record([sighting("c", "1.9.0", hours: 2)], limits: limits) == InstallRecordResult(overInstallCap: 1))
            try await repository.record([sighting("old", "1.0.0", hours: -24 * 40)], limits: InstallLimits(installsPerAppPlatform: 3))
            #expect(try await repository.prune(before: Self.today - 30) == 1)
            #expect(try await repository.record([sighting("c", "1.9.0", hours: 2)], limits: InstallLimits(installsPerAppPlatform: 3)) == InstallRecordResult())
        }
    }

    @Test("past the group cap new groups are left out, kept groups still take installs, and each platform has its own room",
          arguments: TestBackend.available)
    func groupCap(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            let limits = InstallLimits(groupsPerAppPlatform: 2)
            // Three new groups in one batch: the first two fit.
            var result = try await repository.record([sighting("a", "1.0.0"), sighting("b", "1.1.0"), sighting("c", "1.2.0")], limits: limits)
            #expect(result == InstallRecordResult(overGroupCap: 1))
            // A kept group takes a new install; an install can't move to a group with no room; Android has its own room.
            result = try await repository.record([sighting("d", "1.0.0", hours: 1), sighting("a", "9.9.9", hours: 1),
                                                  sighting("e", "1.1.0", os: "99.0", hours: 1), sighting("e2", "1.3.0", hours: 1, platform: .android)],
                                                 limits: limits)
            #expect(result == InstallRecordResult(overGroupCap: 2))
            #expect(try await counts(repository) == ["ios 1.0.0  17.0 0": 2, "ios 1.1.0  17.0 0": 1, "android 1.3.0  17.0 0": 1])
            #expect(try await daily(repository) == ["1.0.0 0": 2, "1.1.0 0": 1, "1.3.0 0": 1])
            // A group keeps its room while it is kept, on later days too, even once its installs moved on.
            result = try await repository.record([sighting("b", "1.0.0", hours: 2), sighting("c", "1.2.0", hours: 3), sighting("f", "1.1.0", hours: 24)],
                                                 limits: limits)
            #expect(result == InstallRecordResult(overGroupCap: 1))
        }
    }

    private func storedRow(_ repository: any InstallRepository, _ database: Database?, hash: String) async throws -> InstallRow? {
        if let memory = repository as? MemoryInstallRepository { return await memory.row(appID: "notes", platform: .ios, installHash: hash) }
        let database = try #require(database)
        return try await database.read { db in
            try await SQLInstallRepository.rows(db, appID: "notes", hashes: [hash]).values.first
        }
    }
}
