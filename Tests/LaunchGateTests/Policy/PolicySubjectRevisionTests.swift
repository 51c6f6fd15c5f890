import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The subject's revision: optional on the wire, at least 1, and kept by the offline cache")
struct PolicySubjectRevisionTests {
    private func policy(_ subject: String) throws -> UpdatePolicy {
        try UpdatePolicy(json: Data(#"{"schemaVersion": 1, "subject": \#(subject), "platforms": {"ios": {"latest": {"version": "2.0.0"}}}}"#.utf8))
    }

    @Test("a subject reads with or without a revision, and writes it back only when there is one")
    func wire() throws {
        #expect(try policy(#"{"app": "notes", "channel": "production", "revision": 12}"#).subject?.revision == 12)
        #expect(try policy(#"{"app": "notes", "channel": "production"}"#).subject?.revision == nil)
        let encoded = String(decoding: try JSONEncoder().encode(PolicySubject(app: "notes", revision: 3)), as: UTF8.self)
        #expect(encoded.contains(#""revision":3"#))
        #expect(!String(decoding: try JSONEncoder().encode(PolicySubject(app: "notes")), as: UTF8.self).contains("revision"))
    }

    @Test("a revision below 1 is refused")
    func refused() {
        #expect(throws: PolicyError.self) { try policy(#"{"app": "notes", "channel": "production", "revision": 0}"#) }
    }

    @Test("the offline cache keeps the revision, so prompts after a relaunch offline count under it")
    func cache() throws {
        let url = URL(string: "https://gate.example.com/v1/apps/notes/policy")!
        let cached = CachedPolicy(policy: try policy(#"{"app": "notes", "channel": "production", "platform": "ios", "revision": 7}"#), etag: nil, source: url)
        #expect(try CachedPolicy(binaryData: cached.binaryData()).policy.subject?.revision == 7)
    }
}
