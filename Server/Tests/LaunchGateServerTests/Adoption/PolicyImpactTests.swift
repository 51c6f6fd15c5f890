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

@Suite("Impact: what a proposed policy does to active installs, computed per group with the SDK's evaluator")
struct PolicyImpactTests {
    private func impact(_ change: (inout PlatformPolicy) -> Void) async throws -> PolicyImpact {
        try await TestServer.with(now: { Samples.now }) { server in
            try await AdoptionFixture.seed(server.components.installs)
            var policy = Samples.policy()
            change(&policy.platforms[.ios]!)
            return try await server.components.adoption.impact(of: policy, app: "notes", channel: .production)
        }
    }

    private func summary(_ impact: PolicyImpact) -> String { ImpactSentences(impact).summary }

    private func outcomes(_ impact: PolicyImpact) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: impact.outcomes.filter { $0.value != 0 }.map { ($0.key.rawValue, $0.value) })
    }

    // MARK: Tests

    @Test("the current policy, proposed again, blocks only those it already blocks")
    func unchanged() async throws {
        let impact = try await impact { _ in }
        #expect(impact.active.installs == 100)
        #expect(impact.groups == 5)
        #expect(outcomes(impact) == ["upToDate": 50, "updateAvailable": 20, "updateRecommended": 20, "updateRequired": 6, "deviceUnsupported": 4])
        #expect(impact.currentOutcomes == impact.outcomes)
        #expect(impact.active == ImpactCounts(installs: 100, blocked: 10, newlyBlocked: 0) && impact.cannotUpdate == 4)
    }

    @Test("raising required blocks the versions below it and names the installs whose OS can't take any allowed version")
    func raiseRequired() async throws {
        let impact = try await impact { $0.required = VersionRequirement(version: "2.2.0", build: BuildNumber(200)) }
        #expect(outcomes(impact) == ["upToDate": 50, "updateAvailable": 20, "updateRequired": 26, "deviceUnsupported": 4])
        #expect(impact.active.blocked == 30 && impact.active.newlyBlocked == 20 && impact.cannotUpdate == 4)
        #expect(ImpactSentences(impact).sentences == ["Raising required on iOS to 2.2.0 blocks 30 of 100 iOS installs (30 %), 20 of them not blocked now.",
                                                      "4 of the blocked iOS installs run iOS below 16.0 and can't update at all."])
        #expect(ImpactSentences(impact).rolloutNote == nil)
    }

    @Test("blocking a release blocks exactly its installs")
    func blockedRelease() async throws {
        let impact = try await impact { $0.blocked = BlockedReleases(versions: ["2.3.0"]) }
        #expect(outcomes(impact) == ["upToDate": 50, "updateRequired": 26, "updateRecommended": 20, "deviceUnsupported": 4])
        #expect(impact.active.newlyBlocked == 20)
        #expect(summary(impact).hasPrefix("Changing the blocked releases on iOS blocks 30 of 100 iOS installs (30 %)"))
    }

    @Test("end of life blocks every install of the platform")
    func endOfLife() async throws {
        let impact = try await impact { $0.endOfLife = EndOfLife(message: "Bye") }
        #expect(outcomes(impact) == ["endOfLife": 100])
        #expect(impact.active.blocked == 100 && impact.active.newlyBlocked == 90)
        #expect(summary(impact).hasPrefix("Ending the app's life on iOS blocks 100 of 100 iOS installs (100 %), 90 of them not blocked now."))
    }

    @Test("a higher minimum OS stops offering the update to older devices and makes their required update impossible")
    func minimumOS() async throws {
        let impact = try await impact { $0.latest?.minimumOS = "17.0" }
        #expect(outcomes(impact) == ["upToDate": 70, "updateAvailable": 20, "updateRequired": 6, "deviceUnsupported": 4])
        #expect(impact.active.newlyBlocked == 0)
        #expect(PolicyImpactJSON(impact).minimumOS == ["ios": "17.0"])
        #expect(summary(impact).hasPrefix("Requiring iOS 17.0 blocks 10 of 100 iOS installs (10 %), all of them blocked already. "
            + "4 of the blocked iOS installs run iOS below 17.0"))
    }

    @Test("a rollout splits the groups it decides by its share, as expected counts, and says so")
    func rollout() async throws {
        let impact = try await impact { $0.rollout = .percentage(25) }
        #expect(outcomes(impact) == ["upToDate": 80, "updateAvailable": 5, "updateRecommended": 5, "updateRequired": 6, "deviceUnsupported": 4])
        #expect(impact.active.newlyBlocked == 0)
        let note = try #require(ImpactSentences(impact).rolloutNote)
        #expect(note.contains("iOS 25 %") && note.contains("HMAC"))
        #expect(summary(impact).hasSuffix(note))
    }

    @Test("without active installs there is nothing to count, and the summary says so")
    func noInstalls() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            let impact = try await server.components.adoption.impact(of: Samples.policy(), app: "notes", channel: .production)
            #expect(impact.active == ImpactCounts() && impact.active.newlyBlockedShare == 0)
            #expect(summary(impact) == "No installs were seen in the last 30 days, so nothing can be counted yet.")
        }
    }

    @Test("installs last seen before the activity window are not counted")
    func window() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await AdoptionFixture.seed(server.components.installs, at: Samples.now.addingTimeInterval(-31 * 86_400))
            let impact = try await server.components.adoption.impact(of: Samples.policy(), app: "notes", channel: .production)
            #expect(impact.active.installs == 0)
        }
    }

    @Test("numbers are grouped by thousands and shares rounded to a tenth")
    func formatting() {
        #expect(FigureText.grouped(1_234_567) == "1,234,567" && FigureText.grouped(999) == "999" && FigureText.grouped(1000) == "1,000")
        #expect(FigureText.percent(0.1234) == "12.3 %" && FigureText.percent(0.2) == "20 %")
    }
}
