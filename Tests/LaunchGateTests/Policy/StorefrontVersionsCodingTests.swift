import Foundation
import Testing
@testable import LaunchGate

@Suite("A platform's storefronts travel as a map of storefront code to version, and only when there are some")
struct StorefrontVersionsCodingTests {
    private func json(_ policy: PlatformPolicy) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(policy)) as? [String: Any])
    }

    // MARK: Tests

    @Test("storefronts round-trip as {\"us\": \"2.4.0\"}")
    func roundTrip() throws {
        let policy = PlatformPolicy(latest: Release(version: "2.4.0"), storefronts: ["us": "2.4.0", "jp": "2.3.0"])
        #expect(try json(policy)["storefronts"] as? [String: String] == ["us": "2.4.0", "jp": "2.3.0"])
        #expect(try JSONDecoder().decode(PlatformPolicy.self, from: JSONEncoder().encode(policy)) == policy)
    }

    @Test("a platform without storefronts leaves the key out, and a document without it reads as none")
    func absent() throws {
        #expect(try json(PlatformPolicy(latest: Release(version: "2.4.0")))["storefronts"] == nil)
        #expect(try JSONDecoder().decode(PlatformPolicy.self, from: Data(#"{"latest": {"version": "2.4.0"}}"#.utf8)).storefronts.isEmpty)
    }
}
