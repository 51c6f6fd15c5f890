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

/// The part of the install contract the publish guard measures by: established installs per
/// group, today's new installs counted apart and ranked last, and the page cut per platform.
@Suite("Install storage counts established installs per group, and ranks each platform's groups for the impact with today's new installs last")
struct EstablishedInstallsContractTests {
    private var noon: Date { InstallRepositoryContractTests.noon }
    private var today: Int { InstallRepositoryContractTests.today }

    private func sighting(_ install: String, _ version: String, hours: Double, platform: Platform = .ios) -> InstallSighting {
        InstallSighting(appID: "notes", platform: platform, installHash: install, version: version, build: "", os: "17.0",
                        at: noon.addingTimeInterval(hours * 3600))
    }

    private func withInstalls(_ backend: TestBackend, _ body: (any InstallRepository) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLInstallRepository(database: $0, filterKey: { Samples.filterKey }) } ?? MemoryInstallRepository())
        }
    }

    private func summary(_ page: ImpactGroupPage) -> [String] {
        page.entries.filter { $0.installs > 0 }.map { "\($0.version) \($0.installs) \($0.established)" }
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
            #expect(page.totals == [.ios: ImpactGroupPage.Totals(groups: 3, installs: 4, established: 4)])
            #expect(page.entries.first { $0.version == "1.0.0" }?.fresh == 1, "c, new today, is counted apart")
            let tomorrow = try await repository.impactGroups(appID: "notes", fromDay: 0, today: today + 1, limit: 1)
            #expect(summary(tomorrow) == ["1.0.0 3 2"], "seen from the next day, c counts")
            #expect(tomorrow.unevaluated(on: .ios) == ImpactGroupPage.Totals(groups: 2, installs: 2, established: 2))
            #expect(try await repository.impactGroups(appID: "other", fromDay: 0, today: today, limit: 10).entries.isEmpty)
        }
    }

    @Test("groups with only today's new installs rank after every older group, come on the page in their own list, and count in no total",
          arguments: TestBackend.available)
    func newGroupsLeftOut(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            try await repository.record([sighting("real", "1.0.0", hours: -30), sighting("real", "1.0.0", hours: 0)])
            try await repository.record((0..<5).map { sighting("made-up-\($0)", "9.0.0", hours: 0) })
            let page = try await repository.impactGroups(appID: "notes", fromDay: 0, today: today, limit: 1)
            #expect(page.entries.map { "\($0.version) \($0.installs) \($0.fresh)" } == ["1.0.0 1 0", "9.0.0 0 5"])
            #expect(page.totals == [.ios: ImpactGroupPage.Totals(groups: 1, installs: 1, established: 1)])
            #expect(page.unevaluated(on: .ios) == ImpactGroupPage.Totals(groups: 0, installs: 0, established: 0))
        }
    }

    @Test("the page holds at most its limit of groups per platform, and as many by new installs, so a flood on one platform can't push another's off",
          arguments: TestBackend.available)
    func limitPerPlatform(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            // Seen yesterday only: older than today, not established.
            let older = (0..<3).map { sighting("a\($0)", "1.0.0", hours: -30) } + (0..<2).map { sighting("b\($0)", "2.0.0", hours: -30) }
                + [sighting("c", "3.0.0", hours: -30), sighting("d", "1.0.0", hours: -30, platform: .android)]
            try await repository.record(older + (0..<4).map { sighting("n\($0)", "4.0.0", hours: 0, platform: .android) }
                + (0..<2).map { sighting("m\($0)", "5.0.0", hours: 0) })
            let page = try await repository.impactGroups(appID: "notes", fromDay: 0, today: today, limit: 2)
            #expect(page.entries.map { "\($0.platform) \($0.version) \($0.installs) \($0.fresh)" }
                    == ["android 1.0.0 1 0", "android 4.0.0 0 4", "ios 1.0.0 3 0", "ios 2.0.0 2 0", "ios 5.0.0 0 2"],
                    "by platform, then by rank; iOS's new installs are on the page though its older groups fill it")
            #expect(page.unevaluated(on: .ios) == ImpactGroupPage.Totals(groups: 1, installs: 1, established: 0))
            #expect(page.unevaluated(on: .android) == ImpactGroupPage.Totals(groups: 0, installs: 0, established: 0))
        }
    }
}
