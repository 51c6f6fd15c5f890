import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("Admin API for App Store Connect credentials: write-only, admin to change, read to ask whether they are set")
struct AppStoreCredentialsAPITests {
    private static let path = "/v1/admin/apps/notes/appstore/credentials"

    private func put(_ json: String, _ client: some TestClientProtocol, headers: HTTPFields) async throws -> TestResponse {
        var fields = headers
        fields[.contentType] = "application/json"
        return try await client.execute(uri: Self.path, method: .put, headers: fields, body: ByteBuffer(string: json))
    }

    private func body(privateKey: String, keyID: String = AppStoreConnectFixture.keyID) throws -> String {
        let object = ["issuerId": AppStoreConnectFixture.issuerID, "keyId": keyID, "privateKey": privateKey]
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test("an admin stores the key; GET says it is set with its IDs and never the key; DELETE forgets it")
    func lifecycle() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = TestServer.bearer(server.adminToken)
                let unset = try await client.execute(uri: Self.path, method: .get, headers: admin)
                let unsetJSON = try unset.json()
                #expect(unset.status == .ok && unsetJSON["set"] as? Bool == false)
                let stored = try await put(try body(privateKey: AppStoreConnectFixture.privateKeyPEM), client, headers: admin)
                #expect(stored.status == .ok)
                #expect(!stored.text.contains("PRIVATE"))
                let read = TestServer.bearer(try await server.token(scope: .read))
                let shown = try await client.execute(uri: Self.path, method: .get, headers: read)
                let json = try shown.json()
                #expect(shown.status == .ok && json["set"] as? Bool == true && json["keyId"] as? String == AppStoreConnectFixture.keyID)
                #expect(!shown.text.contains("PRIVATE") && json["privateKey"] == nil)
                #expect(try await client.execute(uri: Self.path, method: .delete, headers: admin).status == .noContent)
                let again = try await client.execute(uri: Self.path, method: .delete, headers: admin)
                #expect(again.status == .notFound && again.text.contains("appstore-connect-credentials-not-set"))
            }
        }
    }

    @Test("a key that is not P-256 is 400 with a stable code; an unknown app is 404; a publish token is forbidden")
    func refusals() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = TestServer.bearer(server.adminToken)
                let bad = try await put(try body(privateKey: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"), client, headers: admin)
                #expect(bad.status == .badRequest && bad.text.contains("appstore-connect-invalid-credentials"))
                var fields = admin
                fields[.contentType] = "application/json"
                let unknown = try await client.execute(uri: "/v1/admin/apps/maps/appstore/credentials", method: .put, headers: fields,
                                                       body: ByteBuffer(string: try body(privateKey: AppStoreConnectFixture.privateKeyPEM)))
                #expect(unknown.status == .notFound)
                let publisher = TestServer.bearer(try await server.token(scope: .publish))
                #expect(try await put(try body(privateKey: AppStoreConnectFixture.privateKeyPEM), client, headers: publisher).status == .forbidden)
                #expect(try await client.execute(uri: Self.path, method: .delete, headers: publisher).status == .forbidden)
                let unset = try await client.execute(uri: Self.path, method: .get, headers: admin)
                let unsetJSON = try unset.json()
                #expect(unsetJSON["set"] as? Bool == false)
            }
        }
    }
}
