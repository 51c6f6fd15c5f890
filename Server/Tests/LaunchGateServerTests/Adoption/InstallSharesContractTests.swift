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

/// The aggregate reads adoption and impact use, on memory, SQLite and PostgreSQL: the same
/// counts as summing every group, ranked and paged alike, with the rest left as totals.
@Suite("Adoption reads aggregate in storage, capped and paged")
struct InstallSharesContractTests {
    static let noon = InstallRepositoryContractTests.noon
    static var today: Int { InstallDay.of(noon) }

    private func withInstalls(_ backend: TestBackend, _ body: (any InstallRepository, Database?) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLInstallRepository(database: $0, filterKey: { Samples.filterKey }) } ?? MemoryInstallRepository(), database)
        }
    }

    /// Installs over four days, two platforms, several builds and OS versions; every count differs
    /// within a dimension but for two deliberate ties.
    private func seed(_ repository: any InstallRepository) async throws {
        let rows: [(Platform, String, String, String, Int, Int)] = [
            (.ios, "2.0.0", "200", "17.0", 0, 9), (.ios, "2.0.0", "201", "17.0", 0, 4), (.ios, "2.0.0", "200", "16.0", 1, 3),
            (.ios, "1.9.0", "190", "17.0", 2, 5), (.ios, "1.10.0", "", "", 0, 2), (.ios, "1.8.0", "180", "15.0", 3, 2),
            (.android, "2.0.0", "200", "14", 0, 6), (.android, "1.9.0", "", "13", 1, 1),
        ]
        var sightings: [InstallSighting] = []
        for (platform, version, build, os, daysAgo, count) in rows {
            for index in 0..<count {
                sightings.append(InstallSighting(appID: "notes", platform: platform, installHash: "\(platform)-\(version)-\(build)-\(os)-\(index)",
                                                 version: version, build: build, os: os, at: Self.noon.addingTimeInterval(-Double(daysAgo) * 86_400)))
            }
        }
        try await repository.record(sightings)
        // Another app's installs never count.
        try await repository.record([InstallSighting(appID: "other", platform: .ios, installHash: "x", version: "2.0.0", at: Self.noon)])
    }

    /// What adoption read before: every group of the window, summed by `dimension` here.
    private func reference(_ repository: any InstallRepository, platform: Platform?, fromDay: Int, by dimension: InstallShareDimension) async throws
        -> [InstallShareCount] {
        var sums: [InstallShareCount: Int] = [:]
        for group in try await repository.groups(appID: "notes", platform: platform, fromDay: fromDay) {
            sums[InstallShareCount(group, by: dimension, installs: 0), default: 0] += group.installs
        }
        return sums.map { key, installs in
            var count = key
            count.installs = installs
            return count
        }.sorted(by: InstallShareCount.ranked)
    }

    // MARK: Tests

    @Test("a page holding every key gives the same counts as summing every group, per dimension, window and platform",
          arguments: TestBackend.available)
    func sameAsGroups(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            try await seed(repository)
            for dimension in InstallShareDimension.allCases {
                for fromDay in [Self.today, Self.today - 1, Self.today - 6] {
                    for platform in [nil, Platform.ios, .android] {
                        let expected = try await reference(repository, platform: platform, fromDay: fromDay, by: dimension)
                        let page = try await repository.shares(appID: "notes", platform: platform, fromDay: fromDay, by: dimension, limit: 100, offset: 0)
                        #expect(page.entries == expected, "\(dimension) from \(fromDay - Self.today) on \(platform?.rawValue ?? "all")")
                        #expect(page.totalEntries == expected.count)
                        #expect(page.totalInstalls == expected.reduce(0) { $0 + $1.installs })
                        #expect(page.otherEntries == 0 && page.otherInstalls == 0)
                    }
                }
            }
            let ios = try await repository.shares(appID: "notes", platform: .ios, fromDay: Self.today - 6, by: .version, limit: 100, offset: 0)
            #expect(ios.entries.map { "\($0.version ?? "-") \($0.installs)" } == ["2.0.0 16", "1.9.0 5", "1.10.0 2", "1.8.0 2"],
                    "most installs first; a tie in byte order of the version")
            #expect(ios.entries.allSatisfy { $0.build == nil && $0.os == nil })
        }
    }

    @Test("a limit keeps the keys with most installs and leaves the rest as totals for an other bucket", arguments: TestBackend.available)
    func otherBucket(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            try await seed(repository)
            let page = try await repository.shares(appID: "notes", platform: nil, fromDay: Self.today - 6, by: .version, limit: 2, offset: 0)
            #expect(page.entries.map { "\($0.platform) \($0.version ?? "-") \($0.installs)" } == ["ios 2.0.0 16", "android 2.0.0 6"])
            #expect(page.totalEntries == 6 && page.totalInstalls == 32)
            #expect(page.otherEntries == 4 && page.otherInstalls == 10)
            let groups = try await repository.shares(appID: "notes", platform: nil, fromDay: Self.today, by: .group, limit: 1, offset: 0)
            #expect(groups.entries == [InstallShareCount(platform: .ios, version: "2.0.0", build: "200", os: "17.0", installs: 9)])
            #expect(groups.otherEntries == 3 && groups.otherInstalls == 12)
        }
    }

    @Test("pages follow one another without gaps or repeats, ties included, and a page past the end still has the totals",
          arguments: TestBackend.available)
    func paging(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            try await seed(repository)
            for dimension in InstallShareDimension.allCases {
                let expected = try await reference(repository, platform: nil, fromDay: Self.today - 6, by: dimension)
                var seen: [InstallShareCount] = []
                for offset in stride(from: 0, to: expected.count, by: 3) {
                    let page = try await repository.shares(appID: "notes", platform: nil, fromDay: Self.today - 6, by: dimension, limit: 3, offset: offset)
                    #expect(page.entries.count == min(3, expected.count - offset))
                    #expect(page.totalEntries == expected.count)
                    seen += page.entries
                }
                #expect(seen == expected, "\(dimension)")
                let past = try await repository.shares(appID: "notes", platform: nil, fromDay: Self.today - 6, by: dimension, limit: 3, offset: 50)
                #expect(past.entries.isEmpty && past.totalEntries == expected.count && past.totalInstalls == 32)
            }
            let none = try await repository.shares(appID: "ghost", platform: nil, fromDay: 0, by: .version, limit: 3, offset: 0)
            #expect(none == InstallSharePage(entries: [], totalEntries: 0, totalInstalls: 0))
        }
    }

    @Test("the capped daily rollup lists the versions with most installs over the period and sums the rest per day",
          arguments: TestBackend.available)
    func dailyCapped(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository, _ in
            try await seed(repository)
            let all = try await repository.dailyVersions(appID: "notes", platform: nil, fromDay: Self.today - 6, limit: 100)
            // Each seeded install was seen on one day: 32 of them, in 6 (platform, version) pairs.
            #expect(all.counts.reduce(0) { $0 + $1.installs } == 32 && Set(all.counts.map { "\($0.platform) \($0.version)" }).count == 6)
            #expect(all.otherInstalls.isEmpty && all.otherVersions == 0)
            let capped = try await repository.dailyVersions(appID: "notes", platform: .ios, fromDay: Self.today - 6, limit: 1)
            #expect(Set(capped.counts.map(\.version)) == ["2.0.0"])
            #expect(capped.counts.map(\.installs).reduce(0, +) == 16)
            #expect(capped.otherVersions == 3)
            #expect(capped.otherInstalls == [Self.today: 2, Self.today - 2: 5, Self.today - 3: 2])
        }
    }

    /// A statement that runs for seconds on `backend`, for the read time limit to end: on SQLite,
    /// which can't end a statement, one that still ends by itself, for the test to wait for.
    private static func slowStatement(_ backend: TestBackend) -> SQLQueryString {
        backend == .postgres ? "SELECT pg_sleep(5) AS n"
            : "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000000) SELECT COUNT(*) AS n FROM c"
    }

    @Test("a read that runs past its time limit is answered unavailable at the limit, and reads with a limit are served again",
          arguments: TestBackend.sql)
    func timeout(_ backend: TestBackend) async throws {
        try await backend.withRepository { _, database in
            let database = try #require(database)
            let slow = Self.slowStatement(backend)
            let clock = ContinuousClock()
            let started = clock.now
            let error = await #expect(throws: StorageError.self) {
                try await database.read(timeout: .milliseconds(200)) { try await $0.raw(slow).run() }
            }
            #expect(error?.reason == .unavailable && error?.message.contains("limit") == true, "\(String(describing: error))")
            #expect(clock.now - started < .seconds(3))
            // On SQLite the slow statement runs on to its end on the read connection; the next read
            // with a limit waits for it there (SQLiteConnectionsTests: writes don't).
            #expect(try await database.read(timeout: .seconds(120)) { try await $0.raw("SELECT 1 AS n").first()?.decode(column: "n", as: Int.self) } == 1)
            #expect(try await database.read { try await $0.raw("SELECT 2 AS n").first()?.decode(column: "n", as: Int.self) } == 2)
        }
    }

    @Test("a read whose time runs out between two statements fails at the next one, and the slow statement after it is never run long",
          arguments: TestBackend.sql)
    func timeoutBetweenStatements(_ backend: TestBackend) async throws {
        try await backend.withRepository { _, database in
            let database = try #require(database)
            let slow = Self.slowStatement(backend)
            let clock = ContinuousClock()
            let started = clock.now
            let error = await #expect(throws: StorageError.self) {
                try await database.read(timeout: .milliseconds(200)) { database in
                    try await database.raw("SELECT 1 AS n").run()
                    // The limit passes here, while no statement runs: an interrupt then is lost.
                    try await Task.sleep(for: .milliseconds(400))
                    try await database.raw(slow).run()
                }
            }
            #expect(error?.reason == .unavailable && error?.message.contains("limit") == true, "\(String(describing: error))")
            #expect(clock.now - started < .seconds(3))
            #expect(try await database.read(timeout: .seconds(5)) { try await $0.raw("SELECT 1 AS n").first()?.decode(column: "n", as: Int.self) } == 1)
        }
    }
}
