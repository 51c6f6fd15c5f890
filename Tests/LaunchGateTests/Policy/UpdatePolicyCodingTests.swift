import Foundation
import Testing
@testable import LaunchGate

@Suite("Reading and writing the canonical policy document")
struct UpdatePolicyCodingTests {
    // MARK: Tests

    @Test("a complete document decodes every platform feature")
    func decodesEverything() throws {
        let policy = try Fixtures.canonicalPolicy
        #expect(policy.app == "com.example.notes")
        #expect(policy.issuedAt == PolicyJSON.parseDate("2026-11-20T09:00:00Z"))
        let ios = try #require(policy.platforms[.ios])
        #expect(ios.latest?.version == "2.4.1")
        #expect(ios.latest?.build == BuildNumber(241))
        #expect(ios.latest?.minimumOS == "16.0")
        #expect(ios.latest?.notes == "Faster sync and a new widget.")
        #expect(ios.required?.version == "2.0.0")
        #expect(ios.recommended?.version == "2.3.0")
        #expect(ios.blocked.versions == ["2.2.0"])
        #expect(ios.blocked.builds == [BuildNumber(221)])
        #expect(ios.updateURL?.absoluteString == "https://apps.apple.com/app/id1234567890")
        #expect(ios.texts["fr"]?.updateRequired?.title == "Mise à jour requise")
        #expect(ios.rollout == .applePhased)
        #expect(policy.platforms[.android]?.rollout == .percentage(25))
        #expect(policy.platforms[.macos]?.endOfLife?.message?.hasPrefix("Notes for Mac") == true)
        #expect(policy.validate().isEmpty)
    }

    @Test("absent intervals and channel take the documented defaults: 24 h reminder, 3 h refresh, production")
    func defaults() throws {
        let policy = try UpdatePolicy(json: Fixtures.data(#"{"schemaVersion": 1, "platforms": {"ios": {}}}"#))
        let ios = try #require(policy.platforms[.ios])
        #expect(ios.reminderInterval == 86_400)
        #expect(ios.refreshInterval == 10_800)
        #expect(ios.channel == .production)
    }

    @Test("encoding then decoding gives the same policy, and equal policies give equal bytes")
    func roundTrip() throws {
        let policy = try Fixtures.canonicalPolicy
        let bytes = try policy.jsonData()
        #expect(try UpdatePolicy(json: bytes) == policy)
        #expect(try policy.jsonData() == bytes)
    }

    @Test("a server issuedAt with milliseconds survives encoding, so two publishes in one second stay ordered")
    func millisecondIssuedAt() throws {
        let first = UpdatePolicy(issuedAt: Date(timeIntervalSince1970: 1_800_000_000.001), platforms: [.ios: PlatformPolicy()])
        var second = first
        second.issuedAt = Date(timeIntervalSince1970: 1_800_000_000.002)
        let decodedFirst = try UpdatePolicy(json: first.jsonData()).issuedAt
        let decodedSecond = try UpdatePolicy(json: second.jsonData()).issuedAt
        #expect(String(decoding: try first.jsonData(), as: UTF8.self).contains("00.001Z"))
        #expect(try #require(decodedFirst) < #require(decodedSecond))
        let whole = UpdatePolicy(issuedAt: Date(timeIntervalSince1970: 1_800_000_000), platforms: [.ios: PlatformPolicy()])
        #expect(String(decoding: try whole.jsonData(), as: UTF8.self).contains("00Z"))
    }

    @Test("iPadOS falls back to the iOS entry when it has none of its own")
    func ipadFallback() throws {
        let policy = try Fixtures.canonicalPolicy
        #expect(policy.policy(for: .ipados) == policy.platforms[.ios])
        #expect(policy.policy(for: .watchos) == nil)
    }

    @Test("an unknown platform is rejected with the list of known ones")
    func unknownPlatform() {
        let json = #"{"schemaVersion": 1, "platforms": {"blackberry": {}}}"#
        let error = #expect(throws: PolicyError.self) { try UpdatePolicy(json: Fixtures.data(json)) }
        #expect(error?.code == .unknownPlatform)
        #expect(error?.field == "platforms.blackberry")
        #expect(error?.reason.contains("ios, ipados") == true)
    }

    @Test("a newer schema version is refused rather than misread")
    func newerSchema() {
        let error = #expect(throws: PolicyError.self) {
            try UpdatePolicy(json: Fixtures.data(#"{"schemaVersion": 2, "platforms": {}}"#))
        }
        #expect(error?.code == .unsupportedSchemaVersion)
    }

    @Test("a version that does not parse names its field and the parser's reason")
    func badVersionField() {
        let json = #"{"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "1..2"}}}}"#
        let error = #expect(throws: PolicyError.self) { try UpdatePolicy(json: Fixtures.data(json)) }
        #expect(error?.code == .invalidValue)
        #expect(error?.field == "platforms.ios.latest.version")
        #expect(error?.reason.contains("empty") == true)
    }

    @Test("wrong types, missing keys and non-JSON are each a clear PolicyError", arguments: [
        (#"{"schemaVersion": "1", "platforms": {}}"#, "schemaVersion", PolicyError.Code.invalidValue),
        (#"{"platforms": {}}"#, "schemaVersion", .invalidValue),
        (#"{"schemaVersion": 1, "platforms": {"ios": {"reminderInterval": "1d"}}}"#, "platforms.ios.reminderInterval", .invalidValue),
        (#"{"schemaVersion": 1, "platforms": {"ios": {"latest": {"releaseDate": "yesterday"}}}}"#, "platforms.ios.latest.releaseDate", .invalidValue),
        (#"{"schemaVersion": 1, "platforms": {"ios": {"rollout": {"schedule": "weekly"}}}}"#, "platforms.ios.rollout.schedule", .invalidValue),
        ("{\"schemaVersion\": 1, ", "", .malformedJSON),
    ])
    func decodingErrors(json: String, field: String, code: PolicyError.Code) {
        let error = #expect(throws: PolicyError.self) { try UpdatePolicy(json: Fixtures.data(json)) }
        #expect(error?.code == code)
        #expect(error?.field == field)
        #expect(error?.reason.isEmpty == false)
    }
}

@Suite("Narrowing a policy to the app's platform for the cache")
struct UpdatePolicyNarrowingTests {
    @Test("narrowing keeps one platform, and an iPad without its own entry keeps the iOS one under ipados")
    func narrowing() throws {
        let policy = try Fixtures.canonicalPolicy
        #expect(Array(policy.narrowed(to: .android).platforms.keys) == [.android])
        #expect(policy.narrowed(to: .ipados).platforms[.ipados] == policy.platforms[.ios])
        #expect(policy.narrowed(to: .watchos).platforms.isEmpty)
        #expect(policy.narrowed(to: .ios).issuedAt == policy.issuedAt)
    }
}
