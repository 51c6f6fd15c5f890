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

/// The contract across UTC days, for every ``InstallRepository``: memory, SQLite and PostgreSQL.
@Suite("Install storage across days: new installs counted apart, and the group cap never refusing what is kept")
struct InstallDayBoundaryTests {
    static var noon: Date { InstallRepositoryContractTests.noon }
    static var today: Int { InstallRepositoryContractTests.today }

    private func sighting(_ install: String, _ version: String, hours: Double = 0) -> InstallSighting {
        InstallSighting(appID: "notes", platform: .ios, installHash: install, version: version, os: "17.0", at: Self.noon.addingTimeInterval(hours * 3600))
    }

    private func withInstalls(_ backend: TestBackend, _ body: (any InstallRepository) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLInstallRepository(database: $0, filterKey: { Samples.filterKey }) } ?? MemoryInstallRepository())
        }
    }

    /// Installs first seen on `day` (and on no other), per version.
    private func fresh(_ repository: any InstallRepository, day: Int = InstallDayBoundaryTests.today) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for group in try await repository.impactGroups(appID: "notes", fromDay: day, today: day, limit: 100).entries where group.fresh > 0 {
            counts[group.version, default: 0] += group.fresh
        }
        return counts
    }

    private func counts(_ repository: any InstallRepository, day: Int) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for group in try await repository.groups(appID: "notes", platform: nil, fromDay: day) where group.day == day {
            counts[group.version, default: 0] += group.installs
        }
        return counts
    }

    // MARK: Tests

    @Test("installs first seen today are counted apart until they are seen on another day, late sightings included",
          arguments: TestBackend.available)
    func newInstalls(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            try await repository.record([sighting("f", "1.0.0"), sighting("g", "1.0.0"), sighting("h", "1.0.0", hours: -24)])
            #expect(try await fresh(repository) == ["1.0.0": 2])
            #expect(try await fresh(repository, day: Self.today - 1) == ["1.0.0": 1])
            // g turns out to have been seen yesterday (a late sighting); h comes back today.
            try await repository.record([sighting("g", "1.0.0", hours: -20), sighting("h", "1.0.0", hours: 1)])
            #expect(try await fresh(repository) == ["1.0.0": 1])
            #expect(try await fresh(repository, day: Self.today - 1).isEmpty)
            // An upgrade the same day moves f's part along with it.
            try await repository.record([sighting("f", "2.0.0", hours: 2)])
            #expect(try await fresh(repository) == ["2.0.0": 1])
            // Tomorrow f has been seen on two days: nobody is new.
            try await repository.record([sighting("f", "2.0.0", hours: 24)])
            #expect(try await fresh(repository).isEmpty)
            #expect(try await fresh(repository, day: Self.today + 1).isEmpty)
            #expect(try await counts(repository, day: Self.today) == ["1.0.0": 2], "g and h; f moved on")
        }
    }

    @Test("random versions that fill the group cap just after midnight can't stop kept groups or kept installs being counted",
          arguments: TestBackend.available)
    func groupCapAcrossDays(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            let limits = InstallLimits(groupsPerAppPlatform: 5)
            try await repository.record([sighting("a", "1.0.0"), sighting("b", "1.1.0"), sighting("old", "0.9.0", hours: -48)], limits: limits)
            // Just after midnight: made-up versions take the last rooms for groups.
            let flood = try await repository.record([sighting("x1", "5.0.0", hours: 12.1), sighting("x2", "5.0.1", hours: 12.1),
                                                     sighting("x3", "5.0.2", hours: 12.1)], limits: limits)
            #expect(flood == InstallRecordResult(overGroupCap: 1))
            // A new install in yesterday's group, kept installs coming back (one last seen days ago),
            // an upgrade into a kept group: all counted. Only a group not kept is refused.
            let real = try await repository.record([sighting("n", "1.0.0", hours: 13), sighting("a", "1.0.0", hours: 13),
                                                    sighting("old", "0.9.0", hours: 13), sighting("b", "1.0.0", hours: 13),
                                                    sighting("z", "6.0.0", hours: 13)], limits: limits)
            #expect(real == InstallRecordResult(overGroupCap: 1))
            #expect(try await counts(repository, day: Self.today + 1) == ["5.0.0": 1, "5.0.1": 1, "1.0.0": 3, "0.9.0": 1])
        }
    }
}
