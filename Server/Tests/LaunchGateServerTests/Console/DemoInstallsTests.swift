import Foundation
import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// `serve --demo` started with no installs, so the adoption page and the editor's impact showed
/// zeros until someone sent pings.
@Suite("The demo seeds installs first seen days ago and seen again today, by the injected clock")
struct DemoInstallsTests {
    @Test("on a fresh demo the impact counts every seeded install as established, some of them blocked, none new")
    func impactOnFreshStart() async throws {
        let clock = TestClock()
        let components = ServerComponents(database: nil, repository: MemoryRepository(), masterKey: SignInFixture.masterKey, now: clock.now)
        _ = try await DemoSeeder(components: components, now: clock.now).seedIfEmpty()
        let impact = try await components.adoption.impact(of: DemoSeeder.policy(releasedAt: clock.date), app: DemoSeeder.appID, channel: .production)
        #expect(impact.active.installs == DemoSeeder.demoInstalls)
        #expect(impact.active.blocked > 0 && impact.active.blocked < impact.active.installs)
        #expect(impact.new.installs == 0, "seen first days ago, so not new today")
        #expect(impact.established.installs == DemoSeeder.demoInstalls, "seen twice, at least two days apart")
        let report = try await components.adoption.report(app: DemoSeeder.appID, platform: nil, windows: [1, 7], since: nil)
        #expect(report.windows.map(\.activeInstalls) == [DemoSeeder.demoInstalls, DemoSeeder.demoInstalls])
    }

    @Test("the sightings follow the clock: each install's first sighting is two to six days before it, its last at it")
    func followsClock() {
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        let sightings = DemoSeeder.installSightings(now: now)
        let byInstall = Dictionary(grouping: sightings, by: \.installHash)
        #expect(byInstall.count == DemoSeeder.demoInstalls)
        for (_, seen) in byInstall {
            let days = seen.map { now.timeIntervalSince($0.at) / 86_400 }.sorted()
            #expect(days.first == 0 && (2...6).contains(days.last ?? 0))
        }
    }
}
