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

@Suite("Requests naming apps that don't exist can't grow the server's tables")
struct UnknownAppTests {
    @Test("thousands of random app names, with and without the SDK's header, are refused from memory and leave every table as it was")
    func randomNames() async throws {
        // The database is closed halfway through; with() closes it again (harmlessly) and removes it.
        try await TestServer.with(.sqlite) { server in
            let cache = server.components.policies.cache
            // The router alone: no change watcher, whose polls would need the database this test closes.
            let application = Application(router: buildRouter(server.components, configuration: server.configuration), logger: TestBackend.logger)
            try await application.test(.router) { client in
                #expect(try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get).status == .ok)
                #expect(try await client.execute(uri: "/v1/apps/notes/check?version=1.0.0", method: .get).status == .ok)
                let before = cache.sizes
                // With the database gone, any answer that needed it would be an error other than app-not-found.
                await server.close()
                let header: HTTPFields = [.init("LaunchGate-Client")!: #"v="1.0.0", b=1, p=ios, os="17.4", i="x""#]
                for index in 0..<2_000 {
                    let name = "random-\(index)-\(UUID().uuidString.prefix(8).lowercased())"
                    for path in ["/v1/apps/\(name)/policy?platform=ios", "/v1/apps/\(name)/check?version=1.0.0", "/v1/apps/\(name)/version.json"] {
                        let response = try await client.execute(uri: path, method: .get, headers: index.isMultiple(of: 2) ? header : [:])
                        #expect(response.status == .notFound)
                        #expect(response.errorCode == "app-not-found")
                    }
                }
                let known = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get)
                #expect(known.status == .ok, "\(known.text)")
                let after = cache.sizes
                #expect(after.documents == before.documents)
                #expect(after.policies == before.policies)
            }
        }
    }

    @Test("an app created on this instance is served at once, though unknown names are answered from memory")
    func createdAppIsKnown() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            #expect(try await client.execute(uri: "/v1/apps/fresh/policy", method: .get).errorCode == "app-not-found")
            let created = try await client.execute(uri: "/v1/admin/apps", method: .post, headers: TestServer.bearer(server.adminToken),
                                                   body: ByteBuffer(string: #"{"id": "fresh"}"#))
            #expect(created.status == .created)
            #expect(try await client.execute(uri: "/v1/apps/fresh/policy", method: .get).errorCode == "no-policy")
        }
    }
    @Test("a known app's channel with nothing published is answered from memory, and a publish there is served at once")
    func unpublishedChannel() async throws {
        let server = try await TestServer.make(.sqlite)
        let cache = server.components.policies.cache
        let application = Application(router: buildRouter(server.components, configuration: server.configuration), logger: TestBackend.logger)
        try await application.test(.router) { client in
            let paths = ["/v1/apps/notes/policy?platform=ios&channel=beta", "/v1/apps/notes/check?version=1.0.0&channel=beta"]
            for path in paths { #expect(try await client.execute(uri: path, method: .get).errorCode == "no-policy") }
            // With the database closed, an answer that still needed it would be unavailable, not no-policy.
            await server.close()
            for _ in 0..<200 {
                for path in paths {
                    let response = try await client.execute(uri: path, method: .get)
                    #expect(response.errorCode == "no-policy", "\(path): \(response.text)")
                }
            }
            #expect(cache.sizes.policies <= 1)
        }
    }

    @Test("publishing to a channel that was answered no-policy serves the new policy at once")
    func publishClearsUnpublished() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let path = "/v1/apps/notes/policy?platform=ios&channel=beta"
            #expect(try await client.execute(uri: path, method: .get).errorCode == "no-policy")
            _ = try await server.components.policies.publish(Samples.policy(), app: "notes", channel: .beta, author: "t")
            #expect(try await client.execute(uri: path, method: .get).status == .ok)
        }
    }
}
