import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Prompts wait for the device's storefront: an optional update is announced only once its App Store serves it")
struct StorefrontGateTests {
    private let now = TestClock().date

    /// 2.0.0 is out in the US; France still serves 1.9.0, Japan 1.8.0.
    private func policy(latest: AppVersion = "2.0.0", recommended: AppVersion? = nil, required: AppVersion? = nil,
                        storefronts: [String: AppVersion] = ["us": "2.0.0", "fr": "1.9.0", "jp": "1.8.0"]) -> UpdatePolicy {
        UpdatePolicy(platforms: [.ios: PlatformPolicy(
            latest: Release(version: latest, build: BuildNumber(200), notes: "Offline mode.", minimumOS: "17.0"),
            required: required.map { VersionRequirement(version: $0) },
            recommended: recommended.map { VersionRequirement(version: $0) },
            updateURL: URL(string: "https://apps.apple.com/app/id1"), storefronts: storefronts)])
    }

    private func decide(_ policy: UpdatePolicy, installed: AppVersion, in storefront: String?) -> UpdateDecision {
        UpdateEvaluator().evaluate(policy, for: EvaluationContext(
            version: installed, osVersion: "17.4", now: now, storefront: storefront.flatMap { Storefront($0) }))
    }

    // MARK: Tests

    @Test("a device is told of the latest release once its storefront serves it, and not before")
    func bannerWaitsForTheStorefront() throws {
        let us = decide(policy(), installed: "1.9.0", in: "us")
        #expect(us.kind == .updateAvailable)
        #expect(us.prompt?.targetVersion == "2.0.0")
        #expect(decide(policy(), installed: "1.9.0", in: "fr") == .upToDate, "France serves 1.9.0, which is installed")
    }

    @Test("a storefront that is behind names the version it serves, without the latest release's build, notes or minimum OS")
    func nameCappedToWhatIsServed() throws {
        let prompt = try #require(decide(policy(), installed: "1.8.0", in: "fr").prompt)
        #expect(prompt.kind == .updateAvailable)
        #expect(prompt.targetVersion == "1.9.0")
        #expect(prompt.targetBuild == nil && prompt.releaseNotes == nil && prompt.minimumOS == nil)
        let us = try #require(decide(policy(), installed: "1.8.0", in: "us").prompt)
        #expect(us.targetVersion == "2.0.0" && us.releaseNotes == "Offline mode." && us.targetBuild == BuildNumber(200))
    }

    @Test("the recommended screen shows only where the recommended version is served; elsewhere what is served is a banner")
    func recommendedWaits() {
        let linked = policy(recommended: "2.0.0")
        #expect(decide(linked, installed: "1.8.0", in: "us").kind == .updateRecommended)
        let france = decide(linked, installed: "1.8.0", in: "fr")
        #expect(france.kind == .updateAvailable && france.prompt?.targetVersion == "1.9.0")
        #expect(decide(linked, installed: "1.8.0", in: "jp") == .upToDate)
        // Served at least the recommended version, the screen names no more than the storefront has.
        let partly = decide(policy(recommended: "1.9.0"), installed: "1.8.0", in: "fr")
        #expect(partly.kind == .updateRecommended && partly.prompt?.targetVersion == "1.9.0")
    }

    @Test("an unknown storefront, or one the policy doesn't list, waits for the slowest storefront listed")
    func unknownStorefrontWaitsForAll() {
        let mixed = policy(storefronts: ["us": "2.0.0", "fr": "1.9.0"])
        #expect(decide(mixed, installed: "1.8.0", in: nil).prompt?.targetVersion == "1.9.0")
        #expect(decide(mixed, installed: "1.9.0", in: nil) == .upToDate)
        #expect(decide(mixed, installed: "1.9.0", in: "de") == .upToDate)
        let everywhere = policy(storefronts: ["us": "2.0.0", "fr": "2.0.0"])
        #expect(decide(everywhere, installed: "1.9.0", in: nil).prompt?.targetVersion == "2.0.0")
        #expect(decide(everywhere, installed: "1.9.0", in: "de").kind == .updateAvailable)
    }

    @Test("without storefronts (a platform not linked to the App Store) nothing waits")
    func unlinkedDoesNotWait() {
        #expect(decide(policy(storefronts: [:]), installed: "1.9.0", in: "jp").prompt?.targetVersion == "2.0.0")
        #expect(decide(policy(storefronts: [:]), installed: "1.9.0", in: nil).kind == .updateAvailable)
    }

    @Test("a required update doesn't wait: the operator's minimum blocks in every storefront, and names the latest release")
    func requiredDoesNotWait() {
        let decision = decide(policy(required: "2.0.0"), installed: "1.8.0", in: "jp")
        #expect(decision.kind == .updateRequired)
        #expect(decision.prompt?.targetVersion == "2.0.0")
    }

    @Test("a blocked version and end of life don't wait either")
    func blockedAndEndOfLifeDoNotWait() {
        var blocked = policy()
        blocked.platforms[.ios]?.blocked = BlockedReleases(versions: ["1.8.0"])
        #expect(decide(blocked, installed: "1.8.0", in: "jp").kind == .updateRequired)
        var ended = policy()
        ended.platforms[.ios]?.endOfLife = EndOfLife(message: "Thanks for everything.")
        #expect(decide(ended, installed: "1.8.0", in: "jp").kind == .endOfLife)
    }
}
