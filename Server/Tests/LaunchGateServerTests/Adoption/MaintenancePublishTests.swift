import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("A maintenance window on the server: validated on publish, signed and served, in the history, and never held by the publish guard")
struct MaintenancePublishTests {
    private static let window = MaintenanceWindow(start: Samples.now.addingTimeInterval(-60), end: Samples.now.addingTimeInterval(3_600),
                                                  message: "Moving to a new data centre.", url: URL(string: "https://status.example.com"))

    private func withWindow(_ window: MaintenanceWindow = window) -> UpdatePolicy {
        var policy = Samples.policy()
        policy.platforms[.ios]?.maintenance = window
        return policy
    }

    private func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    // MARK: Tests

    @Test("a window running now blocks every install, yet the guard counts no one as newly blocked when it starts or ends, and asks nothing")
    func guardIgnoresWindow() async throws {
        let server = try await AdoptionFixture.server()
        let (revision, impact) = try await server.components.adoption.publish(withWindow(), app: "notes", channel: .production, author: "t",
                                                                              note: "maintenance", confirmed: false)
        #expect(impact.active.newlyBlocked == 0, "\(impact.active)")
        #expect(impact.platforms[.ios]?.changesBlocking == false)
        let history = try await server.components.repository.revisions(appID: "notes", channel: .production)
        #expect(history.first?.number == revision.number && history.first?.note == "maintenance")
        // Ending it unblocks everyone, and those the policy blocks by version were blocked before it.
        let (_, ended) = try await server.components.adoption.publish(Samples.policy(), app: "notes", channel: .production, author: "t",
                                                                      confirmed: false)
        #expect(ended.active.newlyBlocked == 0 && ended.active.blocked == 10, "\(ended.active)")
        await server.close()
    }

    @Test("the served policy carries the window under its signature", arguments: TestBackend.available)
    func served(_ backend: TestBackend) async throws {
        let server = try await TestServer.make(backend, now: { Samples.now })
        _ = try await server.components.adoption.publish(withWindow(), app: "notes", channel: .production, author: "t", confirmed: false)
        let key = try #require(try await server.components.signingKeys.activePublicKey())
        try await server.application.test(.router) { client in
            let response = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get)
            let signature = try #require(response.headers[.init("LaunchGate-Signature")!].flatMap(PolicySignature.init))
            #expect(signature.isValid(for: response.data, keys: [key]))
            #expect(try UpdatePolicy(json: response.data).platforms[.ios]?.maintenance == Self.window)
            let moved = Data(String(decoding: response.data, as: UTF8.self).replacingOccurrences(of: "Moving", with: "Moved").utf8)
            #expect(!signature.isValid(for: moved, keys: [key]))
        }
        await server.close()
    }

    @Test("the admin API refuses a window that ends before it starts, or whose link is not https, in the one error shape")
    func invalid() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let bad = #"""
                {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.0"}, "maintenance":
                  {"start": "2026-12-01T04:00:00Z", "end": "2026-12-01T02:00:00Z", "message": "x", "url": "http://status.example.com"}}}}
                """#
            let response = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: TestServer.bearer(server.adminToken),
                                                    body: body(bad))
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid-policy")
            let issues = try #require((try response.json()["error"] as? [String: Any])?["issues"] as? [[String: String]])
            #expect(Set(issues.compactMap { $0["field"] }) == ["platforms.ios.maintenance.end", "platforms.ios.maintenance.url"])
        }
        await server.close()
    }

    @Test("the console previews the window's screen, whenever it is scheduled, and says how to get one when there is none")
    func preview() throws {
        let later = MaintenanceWindow(start: Samples.now.addingTimeInterval(30 * 86_400), message: "Back soon.")
        let (groups, _) = ScreenPreviews.groups(for: withWindow(later), now: Samples.now)
        let screens = try #require(groups.first { $0.platformID == "ios" && $0.locale == "en" }).screens
        let shown = try #require(screens.first { $0.id == "maintenance" })
        #expect(shown.absent == nil, "\(shown)")
        #expect(screens.first { $0.id == "required" }?.absent == nil, "the window doesn't hide the update screens' previews")
        let none = try #require(ScreenPreviews.groups(for: Samples.policy(), now: Samples.now).groups.first).screens
        #expect(none.first { $0.id == "maintenance" }?.absent != nil)
    }
}
