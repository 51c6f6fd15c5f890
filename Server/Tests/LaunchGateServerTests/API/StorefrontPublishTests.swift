import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateServer

@Suite("A policy's storefronts: published and served signed, refused when malformed, left out of the older formats")
struct StorefrontPublishTests {
    private func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    private func linked(_ storefronts: String) -> String {
        #"{"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.4.1", "build": 241}, "required": {"version": "2.0.0"}, "#
            + #""recommended": {"version": "2.3.0"}, "updateURL": "https://apps.apple.com/app/id1", "storefronts": \#(storefronts)}}}"#
    }

    /// Publishes a policy linked with `storefronts` as the admin, and hands the answer on with the client.
    private func publishing(_ storefronts: String,
                            _ check: @Sendable (any TestClientProtocol, TestResponse, TestServer) async throws -> Void) async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let put = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: TestServer.bearer(server.adminToken),
                                               body: body(linked(storefronts)))
            try await check(client, put, server)
        }
    }

    // MARK: Tests

    @Test("a policy with storefronts publishes, and the signed document carries them to the SDK")
    func published() async throws {
        try await publishing(#"{"us": "2.4.1", "fr": "2.4.0"}"#) { client, put, _ in
            #expect(put.status == .created, "\(put.text)")
            let served = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get)
            let policy = try UpdatePolicy(json: served.data)
            #expect(policy.platforms[.ios]?.storefronts == ["us": "2.4.1", "fr": "2.4.0"])
        }
    }

    @Test("unknown storefront keys are a 400 naming the field, and the current revision keeps serving")
    func refused() async throws {
        try await publishing(#"{"us": "2.4.1", "uk": "2.4.0"}"#) { _, put, server in
            #expect(put.status == .badRequest)
            #expect(put.errorCode == "invalid-policy")
            #expect(put.text.contains("platforms.ios.storefronts"))
            let history = try await server.components.repository.revisions(appID: "notes", channel: .production)
            #expect(history.count == 1)
        }
    }

    @Test("the seed-compatible documents leave the storefronts out")
    func seedsLeaveThemOut() async throws {
        try await publishing(#"{"us": "2.4.1", "fr": "2.4.0"}"#) { client, put, _ in
            #expect(put.status == .created)
            for path in ["/v1/apps/notes/version", "/v1/apps/notes/config", "/v1/apps/notes/version-lockout", "/v1/apps/notes/version.json"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
                #expect(!response.text.contains("storefront") && !response.text.contains("\"fr\""), "\(path): \(response.text)")
            }
        }
    }
}
