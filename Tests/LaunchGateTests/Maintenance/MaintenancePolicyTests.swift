import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("A maintenance window in the policy document: its JSON, its publishing rules and its offline cache")
struct MaintenancePolicyTests {
    private func document(_ window: String) -> Data {
        Data("""
        {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.0.0"}, "maintenance": \(window)}}}
        """.utf8)
    }

    private func issues(_ window: String) throws -> [String] {
        try UpdatePolicy(json: document(window)).validate().map(\.field)
    }

    // MARK: Tests

    @Test("the window reads from and writes to the canonical JSON")
    func jsonRoundTrip() throws {
        let policy = try UpdatePolicy(json: document("""
            {"start": "2026-12-01T02:00:00Z", "end": "2026-12-01T04:00:00Z", "message": "Back at 4.", "url": "https://status.example.com"}
            """))
        let window = try #require(policy.platforms[.ios]?.maintenance)
        #expect(window.start == PolicyJSON.parseDate("2026-12-01T02:00:00Z"))
        #expect(window.end == PolicyJSON.parseDate("2026-12-01T04:00:00Z"))
        #expect(window.message == "Back at 4.")
        #expect(window.url?.absoluteString == "https://status.example.com")
        #expect(try UpdatePolicy(json: policy.jsonData()) == policy)
        let text = String(decoding: try policy.jsonData(), as: UTF8.self)
        #expect(text.contains(#""maintenance":{"end":"2026-12-01T04:00:00Z","message":"Back at 4.","start":"2026-12-01T02:00:00Z","url":"https://status.example.com"}"#))
    }

    @Test("a window without a start or a message does not read")
    func requiredFields() {
        #expect(throws: PolicyError.self) { try UpdatePolicy(json: document(#"{"message": "x"}"#)) }
        #expect(throws: PolicyError.self) { try UpdatePolicy(json: document(#"{"start": "2026-12-01T02:00:00Z"}"#)) }
    }

    @Test("a sound window, open-ended or not, may be published")
    func sound() throws {
        #expect(try issues(#"{"start": "2026-12-01T02:00:00Z", "message": "Back soon."}"#).isEmpty)
        #expect(try issues(#"{"start": "2026-12-01T02:00:00Z", "end": "2026-12-01T02:00:01Z", "message": "x", "url": "https://status.example.com/x"}"#).isEmpty)
    }

    @Test("a window that ends at or before its start is refused")
    func endBeforeStart() throws {
        #expect(try issues(#"{"start": "2026-12-01T02:00:00Z", "end": "2026-12-01T02:00:00Z", "message": "x"}"#) == ["platforms.ios.maintenance.end"])
        #expect(try issues(#"{"start": "2026-12-01T02:00:00Z", "end": "2026-11-01T02:00:00Z", "message": "x"}"#) == ["platforms.ios.maintenance.end"])
    }

    @Test("a blank or oversized message is refused for publishing; a client reading a blank one keeps it")
    func message() throws {
        #expect(try issues(#"{"start": "2026-12-01T02:00:00Z", "message": "  "}"#) == ["platforms.ios.maintenance.message"])
        let long = String(repeating: "a", count: PolicyLimits.message + 1)
        #expect(try issues(#"{"start": "2026-12-01T02:00:00Z", "message": "\#(long)"}"#) == ["platforms.ios.maintenance.message"])
        let blank = try UpdatePolicy(json: document(#"{"start": "2026-12-01T02:00:00Z", "message": ""}"#))
        #expect(blank.validate(.reading).isEmpty)
    }

    @Test("the link must be https, with a plain host and no user, as the update URL's rules say")
    func link() throws {
        for url in ["http://status.example.com", "itms-apps://apps.apple.com/app/id1", "https://apps.apple.com@evil.example/x",
                    "https://status.example.com:99999/", "javascript:alert(1)"] {
            #expect(try issues(#"{"start": "2026-12-01T02:00:00Z", "message": "x", "url": "\#(url)"}"#) == ["platforms.ios.maintenance.url"], "\(url)")
        }
    }

    @Test("the offline cache keeps the window and the OS notice, and an entry written before they existed still reads")
    func cache() throws {
        let url = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!
        var entry = PlatformPolicy(latest: Release(version: "2.0.0"), updateURL: URL(string: "https://apps.apple.com/app/id1"))
        var texts = ScreenTexts()
        texts.maintenance = ScreenText(title: "Wartung")
        entry.texts = ["de": texts]
        entry.maintenance = MaintenanceWindow(start: Date(timeIntervalSince1970: 1_800_000_000), end: Date(timeIntervalSince1970: 1_800_003_600),
                                              message: "Back soon.", url: URL(string: "https://status.example.com"))
        entry.osSupportEnds = OSSupportEnd(below: "18.0", after: Date(timeIntervalSince1970: 1_803_859_200))
        let cached = CachedPolicy(policy: UpdatePolicy(app: "notes", platforms: [.ios: entry]), etag: "\"1\"", source: url)
        #expect(try CachedPolicy(binaryData: cached.binaryData()) == cached)

        // Version 3 had no window, no OS notice and no texts for them: the same entry without them,
        // less their two absent-markers at its end, under the version byte 3.
        var old = cached
        old.policy.platforms[.ios]?.maintenance = nil
        old.policy.platforms[.ios]?.osSupportEnds = nil
        old.policy.platforms[.ios]?.texts = [:]
        var bytes = [UInt8](old.binaryData())
        // Version 5 added the storefronts and the subject's revision; this entry has no subject.
        #expect(bytes[3] == 5)
        bytes[3] = 3
        // Version 5's storefronts: an empty map is a count of 0 in eight bytes.
        #expect(bytes.suffix(8) == [UInt8](repeating: 0, count: 8))
        bytes.removeLast(8)
        #expect(bytes.removeLast() == 0 && bytes.removeLast() == 0)
        #expect(try CachedPolicy(binaryData: Data(bytes)) == old)
        bytes[3] = 2
        #expect(throws: (any Error).self) { try CachedPolicy(binaryData: Data(bytes)) }
    }
}
