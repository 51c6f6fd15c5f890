import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Admin API for console operators: add, list and remove with the admin scope")
struct OperatorsAPITests {
    @Test("an admin adds, lists and removes an operator; a publish token is forbidden; mistakes have stable codes")
    func lifecycle() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = TestServer.bearer(server.adminToken)
                let added = try await client.post("/v1/admin/operators", json: #"{"email":" Ada@Example.com","scope":"publish"}"#, headers: admin)
                #expect(added.status == .created)
                let body = try added.json()
                #expect(body["email"] as? String == "ada@example.com" && body["scope"] as? String == "publish")
                let again = try await client.post("/v1/admin/operators", json: #"{"email":"ada@example.com","scope":"read"}"#, headers: admin)
                #expect(again.status == .conflict && again.text.contains("operator-exists"))
                let badScope = try await client.post("/v1/admin/operators", json: #"{"email":"bo@example.com","scope":"root"}"#, headers: admin)
                #expect(badScope.status == .badRequest && badScope.text.contains("invalid-scope"))
                let list = try await client.execute(uri: "/v1/admin/operators", method: .get, headers: admin)
                #expect(list.status == .ok && list.text.contains("ada@example.com"))
                let publisher = TestServer.bearer(try await server.token(scope: .publish))
                #expect(try await client.execute(uri: "/v1/admin/operators", method: .get, headers: publisher).status == .forbidden)
                let removed = try await client.execute(uri: "/v1/admin/operators/ada%40example.com", method: .delete, headers: admin)
                #expect(removed.status == .noContent)
                let missing = try await client.execute(uri: "/v1/admin/operators/ada%40example.com", method: .delete, headers: admin)
                #expect(missing.status == .notFound && missing.text.contains("operator-not-found"))
            }
        }
    }
}
