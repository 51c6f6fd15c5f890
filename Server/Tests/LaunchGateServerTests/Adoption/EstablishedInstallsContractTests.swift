import Foundation
import LaunchGate
import Testing
@testable import LaunchGateServer

/// The part of the install contract the publish guard measures by: established installs per
/// group, today's new installs kept off the impact's ranking, and the bounded new-install read.
@Suite("Install storage counts established installs per group and ranks the impact's groups without today's new installs")
struct EstablishedInstallsContractTests {
    private var noon: Date { InstallRepositoryContractTests.noon }
    private var today: Int { InstallRepositoryContractTests.today }

    private func sighting(_ install: String, _ version: String, hours: Double, platform: Platform = .ios) -> InstallSighting {
        InstallSighting(appID: "notes", platform: platform, installHash: install, version: version, build: "", os: "17.0",
                        at: noon.addingTimeInterval(hours * 3600))
    }

    private func withInstalls(_ backend: TestBackend, _ body: (any InstallRepository) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLInstallRepository(database: $0) } ?? MemoryInstallRepository())
        }
    }

    private func summary(_ page: ImpactGroupPage) -> [String] {
        page.entries.map { "\($0.version) \($0.installs) \($0.established)" }
    }

    @Test("an install is established once two sightings are a day apart, also later the same day, late or after an upgrade",
          arguments: TestBackend.available)
    func established(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            try await repository.record([sighting("a", "1.0.0", hours: -24), sighting("b", "1.0.0", hours: -24), sighting("e", "1.0.0", hours: -30)])
            // a: 23 h after its first sighting, not yet; b: 25 h; c: new today; d: one sighting so far; e: 28 h.
            try await repository.record([sighting("a", "1.0.0", hours: -1), sighting("b", "1.0.0", hours: 1), sighting("c", "1.0.0", hours: 0),
                                         sighting("d", "2.0.0", hours: 0), sighting("e", "1.0.0", hours: -2)])
            #expect(summary(try await repository.impactGroups(appID: "notes", fromDay: 0, today: today, limit: 10)) == ["1.0.0 3 2"],
                    "b and e are established; c and d, new today, are left out")
            // a becomes established within today's row; e upgrades and takes its count along; d's earlier sighting arrives late.
            try await repository.record([sighting("a", "1.0.0", hours: 0.5)])
            try await repository.record([sighting("e", "3.0.0", hours: 2)])
            try await repository.record([sighting("d", "2.0.0", hours: -48)])
            let page = try await repository.impactGroups(appID: "notes", fromDay: 0, today: today, limit: 10)
            #expect(summary(page) == ["1.0.0 2 2", "2.0.0 1 1", "3.0.0 1 1"], "c, new today, is left out of 1.0.0")
            #expect(page.totalEntries == 3 && page.totalInstalls == 4 && page.totalEstablished == 4)
            let tomorrow = try await repository.impactGroups(appID: "notes", fromDay: 0, today: today + 1, limit: 1)
            #expect(summary(tomorrow) == ["1.0.0 3 2"], "seen from the next day, c counts")
            #expect(tomorrow.otherEntries == 2 && tomorrow.otherInstalls == 2 && tomorrow.otherEstablished == 2)
            #expect(try await repository.impactGroups(appID: "other", fromDay: 0, today: today, limit: 10).entries.isEmpty)
        }
    }

    @Test("groups with only today's new installs don't rank on the impact's page, however many installs they have", arguments: TestBackend.available)
    func newGroupsLeftOut(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            try await repository.record([sighting("real", "1.0.0", hours: -30), sighting("real", "1.0.0", hours: 0)])
            try await repository.record((0..<5).map { sighting("made-up-\($0)", "9.0.0", hours: 0, platform: .android) })
            let page = try await repository.impactGroups(appID: "notes", fromDay: 0, today: today, limit: 1)
            #expect(summary(page) == ["1.0.0 1 1"] && page.otherEntries == 0 && page.otherInstalls == 0)
        }
    }

    @Test("the new-install read returns at most its limit of groups, those with most new installs", arguments: TestBackend.available)
    func newInstallsLimit(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            try await repository.record((0..<3).map { sighting("a\($0)", "1.0.0", hours: 0) } + (0..<2).map { sighting("b\($0)", "2.0.0", hours: 0) }
                + [sighting("c", "3.0.0", hours: 0)])
            let fresh = try await repository.newInstalls(appID: "notes", platform: nil, day: today, limit: 2)
            #expect(fresh.map { "\($0.version) \($0.installs)" } == ["1.0.0 3", "2.0.0 2"])
        }
    }
}
