import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore

@Suite("The App Store Connect client finds the version on sale and its phased release, and refuses what it can't trust")
struct AppStoreConnectClientTests {
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func client(_ transport: ScriptedConnectTransport) throws -> AppStoreConnectClient {
        AppStoreConnectClient(baseURL: try AppStoreConnectURL(parsing: "http://127.0.0.1:9/", allowLoopbackHTTP: true), transport: transport,
                              tokens: AppStoreConnectTokens(now: { Self.now }))
    }

    private func observe(_ transport: ScriptedConnectTransport, platform: Platform = .ios) async throws -> AppStoreConnectClient.Observation? {
        try await client(transport).observe(bundleID: AppStoreConnectFixture.bundleID, platform: platform,
                                            credentials: AppStoreConnectFixture.credentials())
    }

    @Test("it asks for the app by bundle ID, its version ready for sale, then that version's phased release, with one token")
    func requests() async throws {
        let transport = AppStoreConnectFixture.transport(phased: .json(AppStoreConnectFixture.phasedBody(state: "ACTIVE", day: 3)))
        let observation = try await observe(transport)
        #expect(observation == .init(version: "2.4.1", phasedRelease: ApplePhasedRelease(state: .active, currentDayNumber: 3)))
        let requests = transport.requests
        try #require(requests.count == 3)
        let query = try #require(URLComponents(url: requests[0].url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(requests[0].url.path == "/v1/apps")
        #expect(query.contains(URLQueryItem(name: "filter[bundleId]", value: "com.example.notes")))
        #expect(requests[1].url.path == "/v1/apps/1234567890/appStoreVersions")
        let versionQuery = try #require(URLComponents(url: requests[1].url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(versionQuery.contains(URLQueryItem(name: "filter[platform]", value: "IOS")))
        #expect(versionQuery.contains(URLQueryItem(name: "filter[appStoreState]", value: "READY_FOR_SALE")))
        #expect(requests[2].url.path == "/v1/appStoreVersions/ver-1/appStoreVersionPhasedRelease")
        #expect(Set(requests.map(\.bearer)).count == 1, "one token for the three requests")
        #expect(requests.allSatisfy { $0.maxBytes == 1 << 20 })
    }

    @Test("a version with no phased release (data null, or 404) is observed without one")
    func noPhasedRelease() async throws {
        for phased in [AppStoreConnectResponse.json(#"{"data":null}"#), .json(#"{"errors":[]}"#, status: 404)] {
            #expect(try await observe(AppStoreConnectFixture.transport(phased: phased)) == .init(version: "2.4.1", phasedRelease: nil))
        }
    }

    @Test("no version ready for sale is observed as nothing on sale")
    func nothingOnSale() async throws {
        let transport = AppStoreConnectFixture.transport(versions: .json(#"{"data":[]}"#), phased: .json(#"{"data":null}"#))
        #expect(try await observe(transport) == nil)
        #expect(transport.requests.count == 2)
    }

    @Test("401 and 403 are a refused key; 503 and a 404 on the app are API errors", arguments: [
        (401, AppStoreConnectError.Reason.unauthorized), (403, .unauthorized), (503, .apiError), (404, .apiError), (302, .apiError),
    ])
    func statuses(status: Int, reason: AppStoreConnectError.Reason) async throws {
        let transport = AppStoreConnectFixture.transport(apps: .json(#"{"errors":[{"status":"\#(status)"}]}"#, status: status),
                                                         phased: .json(#"{"data":null}"#))
        await #expect { try await observe(transport) } throws: { ($0 as? AppStoreConnectError)?.reason == reason }
        #expect(transport.requests.count == 1)
    }

    @Test("malformed answers are refused, never guessed at", arguments: [
        "not json",
        #"{"data":{"type":"appStoreVersionPhasedReleases","id":"p","attributes":{"phasedReleaseState":"ROLLING"}}}"#,
        #"{"data":{"type":"appStoreVersionPhasedReleases","id":"p","attributes":{}}}"#,
        #"{"data":{"type":"apps","id":"p","attributes":{"phasedReleaseState":"ACTIVE"}}}"#,
        #"{"data":{"type":"appStoreVersionPhasedReleases","id":"p","attributes":{"phasedReleaseState":"ACTIVE","currentDayNumber":"3"}}}"#,
    ])
    func malformed(body: String) async throws {
        await #expect { try await observe(AppStoreConnectFixture.transport(phased: .json(body))) } throws: {
            ($0 as? AppStoreConnectError)?.reason == .malformed
        }
    }

    @Test("an app ID that would climb out of the path is refused")
    func hostileID() async throws {
        let apps = #"{"data":[{"type":"apps","id":"../../v1/users","attributes":{"bundleId":"com.example.notes"}}]}"#
        let transport = AppStoreConnectFixture.transport(apps: .json(apps), phased: .json(#"{"data":null}"#))
        await #expect { try await observe(transport) } throws: { ($0 as? AppStoreConnectError)?.reason == .malformed }
        #expect(transport.requests.count == 1)
    }

    @Test("a bundle ID App Store Connect doesn't know is said to be missing")
    func unknownApp() async throws {
        let transport = AppStoreConnectFixture.transport(apps: .json(#"{"data":[]}"#), phased: .json(#"{"data":null}"#))
        await #expect { try await observe(transport) } throws: { ($0 as? AppStoreConnectError)?.reason == .appNotFound }
    }

    @Test("a body over the cap, or a timeout, from the transport fails the check", arguments: [
        AppStoreConnectError.tooLarge(limit: 1 << 20), .timeout,
    ])
    func transportFailures(error: AppStoreConnectError) async throws {
        let transport = ScriptedConnectTransport { _ in .failure(error) }
        await #expect { try await observe(transport) } throws: { ($0 as? AppStoreConnectError) == error }
    }

    @Test("a body the transport let past the cap is refused all the same")
    func oversizedBody() async throws {
        let huge = AppStoreConnectResponse(status: 200, body: Data(repeating: 0x20, count: (1 << 20) + 1))
        await #expect { try await observe(AppStoreConnectFixture.transport(apps: huge, phased: .json(#"{"data":null}"#))) } throws: {
            ($0 as? AppStoreConnectError)?.reason == .tooLarge
        }
    }

    @Test("Android asks nothing of App Store Connect")
    func android() async throws {
        let transport = AppStoreConnectFixture.transport(phased: .json(#"{"data":null}"#))
        #expect(try await observe(transport, platform: .android) == nil)
        #expect(transport.requests.isEmpty)
    }

    @Test("the base URL is https, or http on loopback only when allowed (--appstore-allow-loopback-http)", arguments: [
        ("https://api.appstoreconnect.apple.com", true), ("http://127.0.0.1:8080", true), ("http://localhost:1", true), ("http://[::1]:1", true),
        ("http://api.appstoreconnect.apple.com", false), ("http://10.0.0.1", false), ("ftp://x", false), ("https://u:p@x", false),
        ("https://x?y=1", false), ("http://127.0.0.1.example.com", false),
    ])
    func baseURL(text: String, accepted: Bool) {
        #expect(((try? AppStoreConnectURL(parsing: text, allowLoopbackHTTP: true)) != nil) == accepted)
        let https = text.hasPrefix("https:")
        #expect(((try? AppStoreConnectURL(parsing: text)) != nil) == (accepted && https), "plain http is refused by default")
    }
}
