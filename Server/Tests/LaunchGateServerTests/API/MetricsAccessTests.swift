import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// `/metrics` counts requests per route, the admin API's among them: only an admin token of
/// `read` scope or more may read it.
@Suite("/metrics is refused without an admin token, in the one JSON error shape, and served to a read token")
struct MetricsAccessTests {
    // MARK: Tests

    @Test("without a token, or with a wrong one, /metrics is 401 in the JSON error shape and shows no counts")
    func refused() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            _ = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: TestServer.bearer(server.adminToken))
            for headers in [HTTPFields(), TestServer.bearer("lgt_nope_0000"), [.authorization: "Basic YWRtaW46YWRtaW4="]] {
                let response = try await client.execute(uri: "/metrics", method: .get, headers: headers)
                #expect(response.status == .unauthorized)
                #expect(response.errorCode == "unauthorized")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(response.headers[.requestID] != nil)
                #expect(!response.text.contains("hb_requests"))
            }
        }
    }

    @Test("a read token gets the counts, the admin routes' among them")
    func readToken() async throws {
        let server = try await TestServer.make()
        let (_, reader) = try await server.components.tokens.create(name: "prometheus", scope: .read)
        try await server.application.test(.router) { client in
            _ = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: TestServer.bearer(server.adminToken))
            let response = try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(reader))
            #expect(response.status == .ok)
            #expect(response.text.contains("hb_requests"))
            #expect(response.text.contains("/v1/admin/apps"))
        }
    }
}
