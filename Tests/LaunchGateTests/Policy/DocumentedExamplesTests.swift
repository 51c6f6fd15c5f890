import Foundation
import Testing
@testable import LaunchGate

@Suite("The examples in docs/examples read as documented")
struct DocumentedExamplesTests {
    private static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/examples")

    private static let expectedFormats: [String: PolicyFormat] = [
        "canonical.json": .canonical, "build-only.json": .canonical, "per-feature.json": .canonical,
        "latest-build.json": .latestBuild, "min-supported-version.json": .minimumSupportedVersion,
        "version-lockout.json": .versionLockout, "version.json": .versionJSON, "app-store-lookup.json": .appStoreLookup,
    ]

    // MARK: Tests

    @Test("every documented example is detected as its format, reads, and passes validation",
          arguments: expectedFormats.keys.sorted())
    func example(name: String) throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent(name))
        #expect(try PolicyFormat.detect(in: data) == Self.expectedFormats[name])
        let policy = try PolicyReader.read(data)
        #expect(!policy.platforms.isEmpty)
        #expect(policy.validate() == [])
    }

    @Test("the per-feature example covers every platform")
    func everyPlatform() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("per-feature.json"))
        #expect(Set(try UpdatePolicy(json: data).platforms.keys) == Set(Platform.allCases))
    }

    @Test("no example is left untested")
    func allListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.expectedFormats.keys))
    }
}
