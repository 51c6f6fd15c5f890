import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Reading the formats apps in the field already use")
struct PolicyReaderTests {
    // MARK: Tests

    @Test("each format is detected from its keys", arguments: [
        (Fixtures.canonical, PolicyFormat.canonical), (Fixtures.latestBuild, .latestBuild),
        (Fixtures.minimumSupported, .minimumSupportedVersion), (Fixtures.versionLockout, .versionLockout),
        (Fixtures.versionLockoutSnake, .versionLockout), (Fixtures.versionJSON, .versionJSON),
        (Fixtures.appStoreLookup, .appStoreLookup),
    ])
    func detection(document: String, format: PolicyFormat) throws {
        #expect(try PolicyFormat.detect(in: Fixtures.data(document)) == format)
    }

    @Test("seed 000: latest_build is a build-only required update with the TestFlight link, checked on every foreground")
    func latestBuild() throws {
        let ios = try #require(try PolicyReader.read(Fixtures.data(Fixtures.latestBuild)).platforms[.ios])
        #expect(ios.required == VersionRequirement(build: BuildNumber(42)))
        #expect(ios.latest?.build == BuildNumber(42))
        #expect(ios.updateURL?.host == "testflight.apple.com")
        #expect(ios.channel == .beta)
        #expect(ios.refreshInterval == 0)
    }

    @Test("seed 001: min_supported_version_<platform> becomes each platform's required version; other keys are ignored")
    func minimumSupported() throws {
        let policy = try PolicyReader.read(Fixtures.data(Fixtures.minimumSupported))
        #expect(policy.platforms[.ios]?.required?.version == "10.10.5")
        #expect(policy.platforms[.android]?.required?.version == "3.1")
        #expect(policy.platforms.count == 2)
    }

    @Test("seed 001: a non-string or unparseable minimum is an error naming the key")
    func minimumSupportedErrors() {
        let notString = #expect(throws: PolicyError.self) {
            try PolicyReader.read(Fixtures.data(#"{"min_supported_version_ios": 10}"#))
        }
        #expect(notString?.field == "min_supported_version_ios")
        let unparseable = #expect(throws: PolicyError.self) {
            try PolicyReader.read(Fixtures.data(#"{"min_supported_version_ios": "ten"}"#))
        }
        #expect(unparseable?.field == "min_supported_version_ios")
        let unknownOnly = #expect(throws: PolicyError.self) {
            try PolicyReader.read(Fixtures.data(#"{"min_supported_version_web": "1.0"}"#))
        }
        #expect(unknownOnly?.code == .empty)
    }

    @Test("seed 003: VersionLockout's camelCase document maps recommended, required and the update URL")
    func versionLockout() throws {
        let ios = try #require(try PolicyReader.read(Fixtures.data(Fixtures.versionLockout)).platforms[.ios])
        #expect(ios.recommended?.version == "2022.8.25")
        #expect(ios.required?.version == "2022.6.1")
        #expect(ios.updateURL?.absoluteString == "https://apps.apple.com/the-link-to-your-app")
        #expect(ios.endOfLife == nil)
        #expect(ios.refreshInterval == 10_800)
    }

    @Test("seed 003: the snake_case form with eol true becomes end of life with its message, on the platform asked for")
    func versionLockoutSnake() throws {
        let policy = try PolicyReader.read(Fixtures.data(Fixtures.versionLockoutSnake), platform: .android)
        let android = try #require(policy.platforms[.android])
        #expect(android.endOfLife == EndOfLife(message: "Gone."))
        #expect(android.recommended?.version == "1.10.0")
        #expect(android.updateURL?.scheme == "itms-apps")
    }

    @Test("seed 004: version.json offers the latest version with its date and notes")
    func versionJSON() throws {
        let ios = try #require(try PolicyReader.read(Fixtures.data(Fixtures.versionJSON)).platforms[.ios])
        #expect(ios.latest?.version == "1.3.0")
        #expect(ios.latest?.notes == "Meal photos.")
        #expect(ios.latest?.releaseDate == PolicyJSON.parseDate("2026-01-06T00:00:00Z"))
        #expect(ios.required == nil)
        let snake = try PolicyReader.read(Fixtures.data(#"{"latest_version": "2.0", "update_url": "https://x.example/app"}"#))
        #expect(snake.platforms[.ios]?.latest?.version == "2.0.0")
    }

    @Test("the App Store lookup maps version, trackViewUrl, minimumOsVersion, release date and notes")
    func appStoreLookup() throws {
        let ios = try #require(try PolicyReader.read(Fixtures.data(Fixtures.appStoreLookup)).platforms[.ios])
        #expect(ios.latest?.version == "2.4.1")
        #expect(ios.latest?.minimumOS == "16.0")
        #expect(ios.latest?.notes == "Faster sync.")
        #expect(ios.latest?.releaseDate == PolicyJSON.parseDate("2026-11-18T17:00:00Z"))
        #expect(ios.updateURL?.host == "apps.apple.com")
    }

    @Test("an App Store lookup with no results says the app was not found")
    func emptyLookup() {
        let error = #expect(throws: PolicyError.self) {
            try PolicyReader.read(Fixtures.data(#"{"resultCount": 0, "results": []}"#))
        }
        #expect(error?.code == .empty)
        #expect(error?.reason.contains("bundle ID") == true)
    }

    @Test("garbage, arrays, unknown shapes and oversized documents are typed errors", arguments: [
        ("not json", PolicyError.Code.malformedJSON), ("[1, 2]", .malformedJSON),
        (#"{"hello": "world"}"#, .unrecognizedFormat),
        (#"{"latest_build": "forty-two"}"#, .invalidValue),
        (#"{"latest_build": 42, "testflight_url": "not a url"}"#, .invalidValue),
    ])
    func badDocuments(document: String, code: PolicyError.Code) {
        let error = #expect(throws: PolicyError.self) { try PolicyReader.read(Fixtures.data(document)) }
        #expect(error?.code == code)
    }

    @Test("a document over the size cap is refused before parsing")
    func oversized() {
        let big = Data(count: PolicyReader.maximumSize + 1)
        let error = #expect(throws: PolicyError.self) { try PolicyReader.read(big) }
        #expect(error?.reason.contains("limit") == true)
    }

    @Test("an explicit format wins over detection")
    func explicitFormat() {
        #expect(throws: PolicyError.self) { try PolicyReader.read(Fixtures.data(Fixtures.latestBuild), format: .versionJSON) }
    }
}
