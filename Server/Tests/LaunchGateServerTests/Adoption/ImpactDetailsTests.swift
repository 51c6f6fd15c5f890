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

@Suite("Impact details: rounding, wording and ordering")
struct ImpactDetailsTests {
    @Test("a share that is neither none nor all never prints as 0 % or 100 %")
    func percentEdges() {
        #expect(FigureText.percent(4.0 / 10_000) == "<0.1 %")
        #expect(FigureText.percent(0.9996) == ">99.9 %")
        #expect(FigureText.percent(0) == "0 %" && FigureText.percent(1) == "100 %" && FigureText.percent(0.0005) == "0.1 %")
    }

    @Test("a required build change on the same version is a change, not a lowering")
    func sameVersionNewBuild() {
        var proposed = Samples.policy()
        proposed.platforms[.ios]?.required = VersionRequirement(version: "2.0.0", build: BuildNumber(201))
        let impact = PolicyImpact(app: "notes", channel: .production, activeDays: 30, proposed: proposed, current: Samples.policy())
        #expect(ImpactSentences(impact).phrase(for: .ios).hasPrefix("Changing required on iOS to 2.0.0"))
    }

    @Test("rounded expected counts add up to the active installs (largest remainder)")
    func apportioned() {
        // Three thirds of 10: plain rounding gives 3 + 3 + 3, or with halves 4 + 4 + 3 = 11.
        let thirds: [InstallOutcome: Double] = [.upToDate: 10.0 / 3, .updateAvailable: 10.0 / 3, .updateRequired: 10.0 / 3]
        #expect(ImpactCalculator.apportioned(thirds, total: 10).values.reduce(0, +) == 10)
        let halves: [InstallOutcome: Double] = [.upToDate: 2.5, .updateAvailable: 2.5, .updateRequired: 5]
        #expect(ImpactCalculator.apportioned(halves, total: 10).values.reduce(0, +) == 10)
    }

    @Test("builds sort as numbers, newest first")
    func buildOrder() {
        #expect(AdoptionReport.buildOrder("100", "99"))
        #expect(!AdoptionReport.buildOrder("99", "100"))
        #expect(AdoptionReport.buildOrder("1.10", "1.9"))
    }
}
