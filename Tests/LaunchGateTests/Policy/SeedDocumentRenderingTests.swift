import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Each seed format is read and rendered by one type")
struct SeedDocumentRenderingTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }

    /// The decision a seed client would reach: render the canonical policy, read it back, evaluate.
    private func decisionAfterRoundTrip(_ render: (UpdatePolicy, Platform) -> Data?, _ read: (Data) throws -> UpdatePolicy,
                                        policy: UpdatePolicy, version: AppVersion, build: BuildNumber? = nil) throws -> UpdateDecision {
        let data = try #require(render(policy, .ios))
        let context = EvaluationContext(version: version, build: build, platform: .ios, now: now)
        return UpdateEvaluator().evaluate(try read(data), for: context)
    }

    // MARK: Tests

    @Test("the rendered bytes are the shapes the server has always served")
    func exactBytes() throws {
        let policy = try Fixtures.canonicalPolicy
        #expect(text(LatestBuildDocument.render(policy, platform: .ios)) == #"{"latest_build":0,"testflight_url":"https://apps.apple.com/app/id1234567890"}"#)
        #expect(text(MinimumSupportedVersionDocument.render(policy, platform: .ios)) == #"{"min_supported_version_android":"1.9.0","min_supported_version_ios":"2.0.0"}"#)
        #expect(text(VersionLockoutDocument.render(policy, platform: .macos)) == #"{"eol":true,"message":"Notes for Mac has moved to the web at notes.example.com.","recommendedVersion":"0.0.0","requiredVersion":"0.0.0","updateUrl":""}"#)
        #expect(text(VersionLockoutDocument.render(policy, platform: .ios)) == #"{"eol":false,"message":"","recommendedVersion":"2.3.0","requiredVersion":"2.0.0","updateUrl":"https://apps.apple.com/app/id1234567890"}"#)
        #expect(text(VersionJSONDocument.render(policy, platform: .ios)) == #"{"latestVersion":"2.4.1","releaseDate":"2026-11-18","releaseNotes":"Faster sync and a new widget.","updateUrl":"https://apps.apple.com/app/id1234567890"}"#)
        #expect(VersionJSONDocument.render(policy, platform: .macos) == nil)
        #expect(LatestBuildDocument.render(policy, platform: .tvos) == nil)
    }

    @Test("render then read gives the same decision for every seed format")
    func roundTrips() throws {
        let policy = try Fixtures.canonicalPolicy
        for version: AppVersion in ["1.9.0", "2.1.0", "2.3.5", "2.4.1"] {
            let direct = UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: version, platform: .ios, now: now))
            let lockout = try decisionAfterRoundTrip(VersionLockoutDocument.render, { try VersionLockoutDocument.read($0) }, policy: policy, version: version)
            let minimum = try decisionAfterRoundTrip(MinimumSupportedVersionDocument.render, MinimumSupportedVersionDocument.read, policy: policy, version: version)
            #expect(lockout.isBlocking == direct.isBlocking, "\(version)")
            #expect(minimum.isBlocking == direct.isBlocking, "\(version)")
        }
        // version.json only ever offers a banner: below the latest it is available, at the latest up to date.
        #expect(try decisionAfterRoundTrip(VersionJSONDocument.render, { try VersionJSONDocument.read($0) }, policy: policy, version: "2.4.0").prompt != nil)
        #expect(try decisionAfterRoundTrip(VersionJSONDocument.render, { try VersionJSONDocument.read($0) }, policy: policy, version: "2.4.1") == .upToDate)
        // Seed 000 gates on the build alone.
        let builds = UpdatePolicy(platforms: [.ios: PlatformPolicy(latest: Release(build: BuildNumber(42)), required: VersionRequirement(build: BuildNumber(42)))])
        #expect(try decisionAfterRoundTrip(LatestBuildDocument.render, { try LatestBuildDocument.read($0) }, policy: builds, version: "1.0", build: BuildNumber(41)).isBlocking)
        #expect(try decisionAfterRoundTrip(LatestBuildDocument.render, { try LatestBuildDocument.read($0) }, policy: builds, version: "1.0", build: BuildNumber(42)) == .upToDate)
    }
}
