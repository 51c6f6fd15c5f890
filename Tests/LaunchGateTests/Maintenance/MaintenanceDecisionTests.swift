import Foundation
import Testing
@testable import LaunchGate

@Suite("A maintenance window: a blocking screen during it, nothing before or after, and its place among the other screens")
struct MaintenanceDecisionTests {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)
    private static let end = start + 7_200
    private static let window = MaintenanceWindow(start: start, end: end, message: "Moving to a new data centre.",
                                                  url: URL(string: "https://status.example.com")!)

    private func policy(_ window: MaintenanceWindow? = window, required: String? = nil, minimumOS: String? = nil,
                        endOfLife: Bool = false) -> UpdatePolicy {
        UpdatePolicy(platforms: [.ios: PlatformPolicy(
            latest: Release(version: "2.0.0", minimumOS: minimumOS.map { AppVersion(stringLiteral: $0) }),
            required: required.map { VersionRequirement(version: AppVersion(stringLiteral: $0)) },
            endOfLife: endOfLife ? EndOfLife(message: "Retired.") : nil,
            updateURL: URL(string: "https://apps.apple.com/app/id1"), maintenance: window)])
    }

    private func decide(_ policy: UpdatePolicy, at now: Date, version: AppVersion = "2.0.0", os: AppVersion = "17.4") -> UpdateDecision {
        UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: version, osVersion: os, now: now))
    }

    // MARK: Tests

    @Test("before the window starts the app is up to date")
    func before() {
        #expect(decide(policy(), at: Self.start - 1) == .upToDate)
    }

    @Test("from its first second to its last the decision is a blocking maintenance screen with the window's link, which is not an update URL")
    func during() {
        for now in [Self.start, Self.start + 3_600, Self.end - 1] {
            let decision = decide(policy(), at: now)
            #expect(decision.kind == .maintenance, "at \(now)")
            #expect(decision.isBlocking)
            #expect(decision.prompt?.maintenance == Self.window)
            #expect(decision.prompt?.maintenance?.url == Self.window.url)
            #expect(decision.prompt?.updateURL == nil, "an app's own Update button must not open the status page, nor the App Store")
        }
    }

    @Test("an exempt install sees no maintenance screen either, on purpose: staff check the service before it is stopped (docs/sdk.md)")
    func exempt() {
        var exempted = policy()
        exempted.exemptions = PolicyExemptions(installs: [PolicyExemptions.hash("tester")])
        let context = EvaluationContext(version: "2.0.0", osVersion: "17.4", installID: "tester", now: Self.start + 60)
        #expect(UpdateEvaluator().evaluate(exempted, for: context) == .upToDate)
        #expect(UpdateEvaluator(isExempt: { _ in true }).evaluate(policy(), for: context) == .upToDate)
        #expect(decide(exempted, at: Self.start + 60).kind == .maintenance, "another install still sees it")
    }

    @Test("at its end the app is back: the end is exclusive")
    func after() {
        #expect(decide(policy(), at: Self.end) == .upToDate)
    }

    @Test("an open-ended window lasts until a policy removes it")
    func openEnded() {
        let open = MaintenanceWindow(start: Self.start, message: "Back soon.")
        #expect(decide(policy(open), at: Self.start + 365 * 86_400).kind == .maintenance)
        #expect(decide(policy(nil), at: Self.start + 365 * 86_400) == .upToDate)
    }

    @Test("maintenance outranks a required update: no version can be used while it runs")
    func outranksRequired() {
        #expect(decide(policy(required: "2.0.0"), at: Self.start, version: "1.0.0").kind == .maintenance)
        #expect(decide(policy(required: "2.0.0"), at: Self.end, version: "1.0.0").kind == .updateRequired)
    }

    @Test("end of life and an unsupported device outrank maintenance: waiting fixes neither")
    func permanentScreensFirst() {
        #expect(decide(policy(endOfLife: true), at: Self.start).kind == .endOfLife)
        #expect(decide(policy(required: "2.0.0", minimumOS: "18.0"), at: Self.start, version: "1.0.0", os: "17.4").kind == .deviceUnsupported)
    }

    @Test("the next boundary is the start while ahead, the end while running, and none after")
    func boundaries() {
        #expect(Self.window.nextBoundary(after: Self.start - 10) == Self.start)
        #expect(Self.window.nextBoundary(after: Self.start) == Self.end)
        #expect(Self.window.nextBoundary(after: Self.end) == nil)
        #expect(MaintenanceWindow(start: Self.start, message: "x").nextBoundary(after: Self.start) == nil)
    }
}
