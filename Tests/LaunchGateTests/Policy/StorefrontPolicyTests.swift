import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The storefronts of a policy: the codes, the JSON, the publishing rules and the offline cache")
struct StorefrontPolicyTests {
    private func document(_ storefronts: String) -> Data {
        Data("""
        {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.0.0"}, "storefronts": \(storefronts)}}}
        """.utf8)
    }

    private func issues(_ storefronts: String) throws -> [PolicyIssue] {
        try UpdatePolicy(json: document(storefronts)).validate()
    }

    // MARK: Tests

    @Test("a storefront reads from StoreKit's alpha-3 code or an alpha-2 code, in any case, as lowercase alpha-2",
          arguments: [("USA", "us"), ("usa", "us"), ("US", "us"), ("fr", "fr"), ("JPN", "jp"), ("GBR", "gb"), ("XKS", "xk")])
    func codes(code: String, expected: String) {
        #expect(Storefront(code)?.code == expected)
    }

    @Test("a code the App Store has no storefront for is nil", arguments: ["uk", "UK", "xx", "", "u", "usaa", "ＵＳ", "u s", "aq", "ATA"])
    func unknownCodes(code: String) {
        #expect(Storefront(code) == nil)
    }

    @Test("the storefronts read from and write to the canonical JSON, and are left out when empty")
    func json() throws {
        let policy = try UpdatePolicy(json: document(#"{"us": "2.0.0", "fr": "1.9.0"}"#))
        #expect(policy.platforms[.ios]?.storefronts == ["us": "2.0.0", "fr": "1.9.0"])
        let again = try UpdatePolicy(json: try policy.jsonData())
        #expect(again == policy)
        var unlinked = policy
        unlinked.platforms[.ios]?.storefronts = [:]
        #expect(!String(decoding: try unlinked.jsonData(), as: UTF8.self).contains("storefronts"))
        #expect(try UpdatePolicy(json: Data(#"{"schemaVersion": 1, "platforms": {"ios": {}}}"#.utf8)).platforms[.ios]?.storefronts == [:])
    }

    @Test("a value that isn't a version doesn't read")
    func valuesAreVersions() {
        #expect(throws: (any Error).self) { try UpdatePolicy(json: document(#"{"us": "soon"}"#)) }
        #expect(throws: (any Error).self) { try UpdatePolicy(json: document(#"{"us": 2}"#)) }
    }

    @Test("known lowercase alpha-2 keys may be published; others are refused in one issue that says how to write them")
    func keys() throws {
        #expect(try issues(#"{"us": "2.0.0", "gb": "2.0.0", "jp": "1.9.0"}"#).isEmpty)
        let bad = try issues(#"{"us": "2.0.0", "USA": "2.0.0", "uk": "1.9.0"}"#)
        #expect(bad.count == 1)
        #expect(bad.first?.field == "platforms.ios.storefronts")
        #expect(bad.first?.reason.contains("2 keys") == true)
        #expect(bad.first?.reason.contains(#"write "us""#) == true, "\(bad)")
    }

    @Test("at most 200 storefronts may be published")
    func limit() throws {
        var entry = PlatformPolicy(latest: Release(version: "2.0.0"))
        entry.storefronts = Dictionary(uniqueKeysWithValues: (0..<201).map { ("k\($0)", "2.0.0" as AppVersion) })
        let issues = UpdatePolicy(platforms: [.ios: entry]).validate()
        #expect(issues.contains { $0.field == "platforms.ios.storefronts" && $0.reason.contains("limit is 200") })
        entry.storefronts = Dictionary(uniqueKeysWithValues: Set(Storefront.alpha3ToAlpha2.values).map { ($0, "2.0.0" as AppVersion) })
        #expect(UpdatePolicy(platforms: [.ios: entry]).validate().isEmpty)
    }

    @Test("a client reading a policy keeps a storefront its table doesn't know, rather than refusing the policy")
    func readingIsLenient() throws {
        let policy = try UpdatePolicy(json: document(#"{"us": "2.0.0", "zz": "1.9.0"}"#))
        #expect(policy.validate(.reading).isEmpty)
    }

    @Test("the offline cache keeps the storefronts, and an entry written before them still reads, with none")
    func cache() throws {
        let url = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!
        let entry = PlatformPolicy(latest: Release(version: "2.0.0"), storefronts: ["us": "2.0.0", "fr": "1.9.0-beta.1"])
        let cached = CachedPolicy(policy: UpdatePolicy(app: "notes", platforms: [.ios: entry]), etag: "\"1\"", source: url)
        let read = try CachedPolicy(binaryData: cached.binaryData())
        #expect(read == cached)
        #expect(read.policy.platforms[.ios]?.storefronts == ["us": "2.0.0", "fr": "1.9.0-beta.1"])

        var old = cached
        old.policy.platforms[.ios]?.storefronts = [:]
        var bytes = [UInt8](old.binaryData())
        #expect(bytes[3] == 5)
        bytes[3] = 4
        bytes.removeLast(8)
        #expect(try CachedPolicy(binaryData: Data(bytes)) == old)
    }
}
