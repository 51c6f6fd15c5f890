import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Deciding what the app shows first")
struct UpdateEvaluatorTests {
    private let now = TestClock().date
    private let evaluator = UpdateEvaluator()

    private func context(_ version: AppVersion, build: Int? = nil, os: AppVersion? = "17.0", install: String = "install-1",
                         languages: [String] = ["en"], platform: Platform = .ios) -> EvaluationContext {
        EvaluationContext(version: version, build: build.map(BuildNumber.init), platform: platform, osVersion: os,
                          installID: install, preferredLanguages: languages, now: now)
    }

    private func policy(_ ios: PlatformPolicy) -> UpdatePolicy { UpdatePolicy(platforms: [.ios: ios]) }

    private let standard = PlatformPolicy(
        latest: Release(version: "2.4.1", build: BuildNumber(241), notes: "Faster sync.", minimumOS: "16.0"),
        required: VersionRequirement(version: "2.0.0"),
        recommended: VersionRequirement(version: "2.3.0"),
        blocked: BlockedReleases(versions: ["2.3.5"], builds: [BuildNumber(236)]),
        updateURL: URL(string: "https://apps.apple.com/app/id1")
    )

    // MARK: Tests

    @Test("each outcome follows from the installed version", arguments: [
        ("2.4.1", ScreenKind?.none), ("2.4.0", .updateAvailable), ("2.3.9", .updateAvailable),
        ("2.2.9", .updateRecommended), ("2.0.0", .updateRecommended), ("1.9.9", .updateRequired),
        ("2.3.5", .updateRequired), ("1.10.0", .updateRequired),
    ])
    func outcomes(installed: String, kind: ScreenKind?) throws {
        let decision = evaluator.evaluate(policy(standard), for: context(try AppVersion(parsing: installed)))
        #expect(decision.kind == kind)
    }

    @Test("a required update carries the target, notes, URL and why it is required")
    func requiredPayload() throws {
        let below = evaluator.evaluate(policy(standard), for: context("1.0.0"))
        let prompt = try #require(below.prompt)
        #expect(below.isBlocking)
        #expect(prompt.targetVersion == "2.4.1")
        #expect(prompt.targetBuild == BuildNumber(241))
        #expect(prompt.releaseNotes == "Faster sync.")
        #expect(prompt.updateURL?.host == "apps.apple.com")
        #expect(prompt.reason == .belowMinimum)
        #expect(evaluator.evaluate(policy(standard), for: context("2.3.5")).prompt?.reason == .blocked)
        #expect(evaluator.evaluate(policy(standard), for: context("2.3.6", build: 236)).prompt?.reason == .blocked)
    }

    @Test("end of life outranks everything, even an up-to-date install")
    func endOfLifeFirst() {
        var eol = standard
        eol.endOfLife = EndOfLife(message: "Moved to the web.")
        let decision = evaluator.evaluate(policy(eol), for: context("2.4.1"))
        #expect(decision.kind == .endOfLife)
        #expect(decision.prompt?.endOfLifeMessage == "Moved to the web.")
        #expect(decision.isBlocking)
    }

    @Test("a required update the device's OS can't run becomes device unsupported; an optional one is not offered")
    func minimumOS() {
        #expect(evaluator.evaluate(policy(standard), for: context("1.0.0", os: "15.7")).kind == .deviceUnsupported)
        #expect(evaluator.evaluate(policy(standard), for: context("2.2.0", os: "15.7")).kind == nil)
        #expect(evaluator.evaluate(policy(standard), for: context("2.4.0", os: "15.7")).kind == nil)
        #expect(evaluator.evaluate(policy(standard), for: context("2.4.0", os: nil)).kind == .updateAvailable)
    }

    @Test("a build newer than the latest (App Review, TestFlight) is up to date")
    func newerThanLatest() {
        #expect(evaluator.evaluate(policy(standard), for: context("2.5.0")).kind == nil)
        #expect(evaluator.evaluate(policy(standard), for: context("2.4.1", build: 250)).kind == nil)
        #expect(evaluator.evaluate(policy(standard), for: context("2.4.1", build: 240)).kind == .updateAvailable)
    }

    @Test("seed 000: a build-only gate blocks lower builds and ignores the marketing version")
    func buildOnly() throws {
        let seed = try PolicyReader.read(Fixtures.data(Fixtures.latestBuild))
        #expect(evaluator.evaluate(seed, for: context("9.9.9", build: 41)).kind == .updateRequired)
        #expect(evaluator.evaluate(seed, for: context("1.0.0", build: 42)).kind == nil)
        #expect(evaluator.evaluate(seed, for: context("1.0.0", build: 43)).kind == nil)
        #expect(evaluator.evaluate(seed, for: context("1.0.0", build: nil)).kind == nil, "an unknown build fails open")
    }

    @Test("a gate on version and build lets the build break a tie only")
    func versionAndBuild() {
        let both = policy(PlatformPolicy(required: VersionRequirement(version: "2.0.0", build: BuildNumber(200))))
        #expect(evaluator.evaluate(both, for: context("2.0.0", build: 150)).kind == .updateRequired)
        #expect(evaluator.evaluate(both, for: context("2.0.0", build: 200)).kind == nil)
        #expect(evaluator.evaluate(both, for: context("2.1.0", build: 5)).kind == nil)
        #expect(evaluator.evaluate(both, for: context("1.9.0", build: 900)).kind == .updateRequired)
    }

    @Test("seed 001 and seed 003 documents decide as their clients did, but with numeric ordering")
    func seedDocuments() throws {
        let minimum = try PolicyReader.read(Fixtures.data(Fixtures.minimumSupported))
        #expect(evaluator.evaluate(minimum, for: context("10.9.9")).kind == .updateRequired)
        #expect(evaluator.evaluate(minimum, for: context("10.10.5")).kind == nil)
        #expect(evaluator.evaluate(minimum, for: context("3.0", platform: .android)).kind == .updateRequired)
        let lockout = try PolicyReader.read(Fixtures.data(#"{"recommendedVersion": "1.10.0", "requiredVersion": "1.9.0"}"#))
        #expect(evaluator.evaluate(lockout, for: context("1.9.5")).kind == .updateRecommended)
        #expect(evaluator.evaluate(lockout, for: context("1.10.0")).kind == nil)
        #expect(evaluator.evaluate(lockout, for: context("1.9.5")).prompt?.targetVersion == "1.10.0")
    }

    @Test("exempt installs (testers, App Review) always see up to date, even below the minimum")
    func exemption() {
        let exempting = UpdateEvaluator(isExempt: { $0.installID == "tester" })
        #expect(exempting.evaluate(policy(standard), for: context("1.0.0", install: "tester")).kind == nil)
        #expect(exempting.evaluate(policy(standard), for: context("1.0.0", install: "someone")).kind == .updateRequired)
    }

    @Test("a platform the policy does not mention is up to date")
    func otherPlatform() {
        #expect(evaluator.evaluate(policy(standard), for: context("1.0.0", platform: .android)).kind == nil)
    }

    @Test("the policy's text in the user's language reaches the prompt, falling back to its English text")
    func localizedTexts() {
        var texts = standard
        var french = ScreenTexts()
        french.updateRequired = ScreenText(title: "Mise à jour requise")
        var english = ScreenTexts()
        english.updateRequired = ScreenText(title: "Please update")
        texts.texts = ["fr": french, "en": english]
        #expect(evaluator.evaluate(policy(texts), for: context("1.0.0", languages: ["fr-CA", "en"])).prompt?.text?.title == "Mise à jour requise")
        #expect(evaluator.evaluate(policy(texts), for: context("1.0.0", languages: ["de"])).prompt?.text?.title == "Please update")
        #expect(evaluator.evaluate(policy(standard), for: context("1.0.0")).prompt?.text == nil)
    }
}
