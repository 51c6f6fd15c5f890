import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("Prompt counts are kept per channel: beta's revision 3 is not production's, and a beacon naming no channel counts as production")
struct FunnelChannelTests {
    private let pings = FunnelPingTests()

    /// Production at revision 3 and beta at revision 1: numbers run per channel.
    private func publishChannels(_ server: TestServer) async throws {
        for _ in 0..<2 { _ = try await server.components.policies.publish(Samples.policy(), app: "notes", channel: .production, author: "t") }
        _ = try await server.components.policies.publish(Samples.policy(), app: "notes", channel: .beta, author: "t")
    }

    private func send(_ client: some TestClientProtocol, _ text: String, install: String = "i-1") async throws -> TestResponse {
        try await client.execute(uri: FunnelPingTests.ping, method: .post, headers: pings.headers(install), body: pings.body(text))
    }

    /// One ping with counts for revision 1 on both channels: 2 production banners, 3 beta required screens.
    private func sendBothChannels(_ client: some TestClientProtocol) async throws -> TestResponse {
        try await send(client, #"{"funnel": [{"revision": 1, "channel": "production", "banner": 2}, {"revision": 1, "channel": "beta", "required": 3}]}"#)
    }

    // MARK: Tests

    @Test("a revision is checked against its own channel's newest, not the newest of any channel")
    func revisionPerChannel() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await publishChannels(server)
            try await server.application.test(.router) { client in
                let refused = try await send(client, #"{"funnel": [{"revision": 3, "channel": "beta", "banner": 1}]}"#)
                #expect(refused.status == .badRequest)
                #expect(refused.errorCode == "unknown-revision")
                let accepted = try await send(client, #"{"funnel": [{"revision": 1, "channel": "beta", "banner": 1}]}"#)
                #expect(accepted.status == .noContent)
            }
            #expect(try await pings.totals(server) == ["beta r1 banner": 1])
        }
    }

    @Test("the same revision number on two channels makes two rows, and a body without a channel counts as production")
    func keptApart() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await publishChannels(server)
            try await server.application.test(.router) { client in
                let both = try await sendBothChannels(client)
                let noChannel = try await send(client, #"{"funnel": [{"revision": 1, "banner": 1}]}"#, install: "old-sdk")
                #expect(both.status == .noContent && noChannel.status == .noContent)
            }
            #expect(try await pings.totals(server) == ["r1 banner": 3, "beta r1 required": 3])
        }
    }

    @Test("the admin API filters by channel, names each summary's channel, and refuses an unknown one")
    func adminAPI() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await publishChannels(server)
            try await server.application.test(.router) { client in
                let sent = try await sendBothChannels(client)
                #expect(sent.status == .noContent)
                await server.components.funnelRecorder.fold()
                let uri = "/v1/admin/apps/notes/funnel"
                let all = try #require(try await client.execute(uri: uri, method: .get, headers: TestServer.bearer(server.adminToken)).json()["revisions"] as? [[String: Any]])
                #expect(all.map { "\($0["channel"] ?? "") \($0["revision"] ?? "")" } == ["production 1", "beta 1"])
                let beta = try await client.execute(uri: uri + "?channel=beta&revision=1", method: .get, headers: TestServer.bearer(server.adminToken))
                let revisions = try #require(try beta.json()["revisions"] as? [[String: Any]])
                #expect(revisions.count == 1 && revisions.first?["channel"] as? String == "beta")
                #expect((revisions.first?["totals"] as? [String: Any])?["required"] as? Int == 3)
                let unknown = try await client.execute(uri: uri + "?channel=alpha", method: .get, headers: TestServer.bearer(server.adminToken))
                #expect(unknown.status == .badRequest)
            }
        }
    }
}
