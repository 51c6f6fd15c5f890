import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("A required update must say where to update before it is published, and is enforced without one when read")
struct RequiredUpdateURLTests {
    private static let field = "platforms.ios.updateURL"

    // MARK: Tests

    @Test("a required version or a block list without an update URL is refused at publish, naming the field and what to give",
          arguments: [
            PlatformPolicy(required: VersionRequirement(version: "2.0.0")),
            PlatformPolicy(required: VersionRequirement(build: BuildNumber(200))),
            PlatformPolicy(blocked: BlockedReleases(versions: ["1.2.0"])),
            PlatformPolicy(blocked: BlockedReleases(builds: [BuildNumber(120)])),
          ])
    func refusedAtPublish(entry: PlatformPolicy) throws {
        let issues = UpdatePolicy(platforms: [.ios: entry]).validate()
        let issue = try #require(issues.first { $0.field == Self.field }, "\(issues)")
        #expect(issue.reason.contains("https://apps.apple.com/app/id"))
        #expect(throws: PolicyValidationError.self) { try UpdatePolicy(platforms: [.ios: entry]).validated() }
    }

    @Test("with a link, or with nothing required, the same policy may be published")
    func acceptedWithLink() {
        for url in ["https://apps.apple.com/app/id1", "itms-apps://itunes.apple.com/app/id1", "itms-beta://testflight.apple.com/join/x"] {
            #expect(UpdatePolicy(platforms: [.ios: PlatformPolicy(required: VersionRequirement(version: "2.0.0"), updateURL: URL(string: url))])
                .validate().isEmpty, "\(url)")
        }
        #expect(UpdatePolicy(platforms: [.ios: PlatformPolicy(latest: Release(version: "2.0.0"))]).validate().isEmpty)
        #expect(UpdatePolicy(platforms: [.ios: PlatformPolicy(endOfLife: EndOfLife(message: "Retired."))]).validate().isEmpty)
    }

    @Test("a client reading a document without a link still accepts it, so the required version is enforced")
    func readerAccepts() throws {
        let policy = try PolicyReader.read(Data(#"{"min_supported_version_ios": "2.0"}"#.utf8))
        #expect(policy.validate().map(\.field) == [Self.field], "publishing would refuse it")
        #expect(policy.validate(.reading).isEmpty)
        #expect(try policy.validated(.reading) == policy)
    }
}
