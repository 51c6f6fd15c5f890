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

/// The cap on groups kept per app and platform over the retention window: what bounds the groups
/// an impact reads however groups return day after day (attack 14a F3, F5).
@Suite("Install storage keeps at most a set number of groups per app and platform over the retention window")
struct KeptGroupCapContractTests {
    private var noon: Date { InstallRepositoryContractTests.noon }
    private var today: Int { InstallRepositoryContractTests.today }

    private func sighting(_ install: String, _ version: String, day: Int, platform: Platform = .ios) -> InstallSighting {
        InstallSighting(appID: "notes", platform: platform, installHash: install, version: version, build: "", os: "17.0",
                        at: noon.addingTimeInterval(Double(day) * 86_400))
    }

    private func withInstalls(_ backend: TestBackend, _ body: (any InstallRepository) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLInstallRepository(database: $0, filterKey: { Samples.filterKey }) } ?? MemoryInstallRepository())
        }
    }

    @Test("groups returning day after day take their room once: a chain of new groups stops at the cap, kept groups go on updating",
          arguments: TestBackend.available)
    func chainStops(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            let limits = InstallLimits(groupsPerAppPlatform: 3)
            var capped = 0
            for day in 0..<4 {
                // Every group so far seen again by its install, and one brand-new group.
                capped += try await repository.record((0...day).map { sighting("i\($0)", "\($0).0.0", day: day) }, limits: limits).overGroupCap
            }
            #expect(capped == 1, "the fourth group is past the cap of groups kept")
            let lastDay = try await repository.groups(appID: "notes", platform: nil, fromDay: today + 3)
            #expect(Set(lastDay.map(\.version)) == ["0.0.0", "1.0.0", "2.0.0"] && lastDay.allSatisfy { $0.installs == 1 })
            // Another platform has its own room; a kept group takes new installs.
            let other = try await repository.record([sighting("a", "9.0.0", day: 3, platform: .android), sighting("j", "1.0.0", day: 3),
                                                     sighting("k", "8.0.0", day: 3)], limits: InstallLimits(groupsPerAppPlatform: 3))
            #expect(other.overGroupCap == 1 && other.left == 1)
            // Once every kept group aged out, there is room again.
            try await repository.prune(before: today + 4)
            #expect(try await repository.record([sighting("k", "8.0.0", day: 4)], limits: limits).left == 0)
        }
    }

    @Test("a late sighting doesn't move a kept group's last day back, so pruning keeps it while it is seen", arguments: TestBackend.available)
    func lateSighting(_ backend: TestBackend) async throws {
        try await withInstalls(backend) { repository in
            let limits = InstallLimits(groupsPerAppPlatform: 1)
            try await repository.record([sighting("a", "1.0.0", day: 2)], limits: limits)
            try await repository.record([sighting("b", "1.0.0", day: 0)], limits: limits)
            try await repository.prune(before: today + 1)
            #expect(try await repository.record([sighting("c", "2.0.0", day: 2)], limits: limits).overGroupCap == 1,
                    "1.0.0, last seen on day 2, still holds the one room")
        }
    }
}
