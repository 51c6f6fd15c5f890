import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The examples in docs/examples read as documented")
struct DocumentedExamplesTests {
    private static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/examples")

    private static let expectedFormats: [String: PolicyFormat] = [
        "canonical.json": .canonical, "build-only.json": .canonical, "per-feature.json": .canonical, "signed-subject.json": .canonical,
        "latest-build.json": .latestBuild, "min-supported-version.json": .minimumSupportedVersion,
        "version-lockout.json": .versionLockout, "version.json": .versionJSON, "app-store-lookup.json": .appStoreLookup,
    ]

    // MARK: Tests

    @Test("every documented example is detected as its format, reads, and passes validation: a canonical one as it is published, an older format as a client reads it",
          arguments: expectedFormats.keys.sorted())
    func example(name: String) throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent(name))
        let format = try PolicyFormat.detect(in: data)
        #expect(format == Self.expectedFormats[name])
        let policy = try PolicyReader.read(data)
        #expect(!policy.platforms.isEmpty)
        // An older format is served by its own server, never published through LaunchGate's checks,
        // and min_supported_version_<platform> has no field for an update URL at all.
        #expect(policy.validate(format == .canonical ? .publishing : .reading) == [])
    }

    @Test("the per-feature example covers every platform")
    func everyPlatform() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("per-feature.json"))
        #expect(Set(try UpdatePolicy(json: data).platforms.keys) == Set(Platform.allCases))
    }

    @Test("the signed example names its subject and hashed exemptions, which exempt the documented IDs")
    func signedExample() throws {
        let policy = try UpdatePolicy(json: Data(contentsOf: Self.examples.appendingPathComponent("signed-subject.json")))
        #expect(policy.subject == PolicySubject(app: "notes", channel: .production, platform: .ios))
        #expect(policy.exemptions?.contains(installID: "6F9619FF-8B86-D011-B42D-00C04FC964FF", deviceID: nil) == true)
        #expect(policy.exemptions?.contains(installID: "other", deviceID: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") == true)
    }

    @Test("no example is left untested")
    func allListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.expectedFormats.keys))
    }
}
