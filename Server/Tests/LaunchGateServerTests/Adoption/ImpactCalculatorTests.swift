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

/// The calculator alone, over a page of groups written out by hand.
@Suite("The impact evaluates each group once and counts its active, established and new installs apart")
struct ImpactCalculatorTests {
    /// Refusals whose versions are unknown (stored before they were), which count for any change to what blocks.
    private func counts(_ page: ImpactGroupPage, refused: [Platform: Int] = [:]) -> PolicyImpact {
        let impact = PolicyImpact(app: "notes", channel: .production, activeDays: 30, proposed: Samples.policy(required: "2.2.0"), current: Samples.policy())
        return ImpactCalculator(now: Samples.now).counts(impact, over: page, groupLimit: 2,
                                                         refused: refused.mapValues { RefusedSightings(count: $0, versions: nil) })
    }

    @Test("a group's installs count in each part by the group's own counts, and the page's remainder is named per platform")
    func parts() {
        let page = ImpactGroupPage(entries: [
            ImpactGroupCount(platform: .ios, version: "2.1.0", build: "210", os: "17.0", installs: 10, established: 6, fresh: 3),
            ImpactGroupCount(platform: .ios, version: "2.4.1", build: "241", os: "17.0", installs: 5, established: 5),
        ], totals: [.ios: ImpactGroupPage.Totals(groups: 4, installs: 25, established: 20)])
        let impact = counts(page, refused: [.ipados: 2])
        let ios = impact.platforms[.ios]
        #expect(ios?.active == ImpactCounts(installs: 15, blocked: 10, newlyBlocked: 10))
        #expect(ios?.established == ImpactCounts(installs: 11, blocked: 6, newlyBlocked: 6))
        #expect(ios?.new == ImpactCounts(installs: 3, blocked: 3, newlyBlocked: 3))
        #expect(ios?.unevaluatedGroups == 2 && ios?.unevaluatedInstalls == 10 && ios?.unevaluatedEstablished == 9)
        #expect(impact.groups == 2 && impact.outcomes[.updateRequired] == 10 && impact.currentOutcomes[.updateRecommended] == 10)
        // iPads read the iOS entry, so raising it changes what blocks them too.
        #expect(ios?.changesBlocking == true && impact.platforms[.ipados]?.changesBlocking == true && impact.platforms[.ipados]?.refusedSightings == 2)
        #expect(impact.platforms[.android]?.changesBlocking != true, "Android's entry is the same")
    }
}
