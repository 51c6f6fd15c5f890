import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The sign-in API under abuse: per-client caps behind trusted proxies, junk bodies")
struct SignInAbuseTests {
    private func server(trusting proxies: [String], clientSends: Int = 2) async throws -> TestServer {
        let base = try await TestServer.make()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes",
                                                trustedProxies: try proxies.map(IPNetwork.init(parsing:)),
                                                signIn: SignInConfiguration(clientSends: clientSends))
        let components = ServerComponents(database: nil, repository: base.components.repository, signInConfiguration: configuration.signIn,
                                          masterKey: SignInFixture.masterKey)
        return TestServer(components: components, configuration: configuration, adminToken: base.adminToken)
    }

    private func send(_ client: some TestClientProtocol, _ email: String, from forwarded: String) async throws -> HTTPResponse.Status {
        try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "\#(email)"}"#, headers: [.xForwardedFor: forwarded]).status
    }

    // MARK: Tests

    @Test("behind a trusted proxy each forwarded client has its own cap on sends")
    func trustedProxy() async throws {
        let server = try await server(trusting: ["127.0.0.1/32", "::1/128"])
        try await server.application.test(.live) { (client: any TestClientProtocol) async throws in
            #expect(try await send(client, "a@example.com", from: "203.0.113.1") == .ok)
            #expect(try await send(client, "b@example.com", from: "203.0.113.1") == .ok)
            #expect(try await send(client, "c@example.com", from: "203.0.113.1") == .tooManyRequests)
            #expect(try await send(client, "c@example.com", from: "203.0.113.2") == .ok)
        }
    }

    @Test("IPv6 clients share one cap per /64: rotating addresses inside a prefix takes no fresh budget")
    func ipv6Prefix() async throws {
        let server = try await server(trusting: ["127.0.0.1/32", "::1/128"])
        try await server.application.test(.live) { (client: any TestClientProtocol) async throws in
            #expect(try await send(client, "a@example.com", from: "2001:db8:1:2::1") == .ok)
            #expect(try await send(client, "b@example.com", from: "2001:db8:1:2:ffff::9") == .ok)
            #expect(try await send(client, "c@example.com", from: "2001:db8:1:2:abcd:1234:5678:9abc") == .tooManyRequests)
            #expect(try await send(client, "c@example.com", from: "2001:db8:1:3::1") == .ok, "another /64 is another client")
        }
    }

    @Test("without a trusted proxy X-Forwarded-For is ignored: a client can't take a fresh budget by writing the header")
    func untrustedHeader() async throws {
        let server = try await server(trusting: [])
        try await server.application.test(.live) { (client: any TestClientProtocol) async throws in
            #expect(try await send(client, "a@example.com", from: "203.0.113.1") == .ok)
            #expect(try await send(client, "b@example.com", from: "203.0.113.2") == .ok)
            #expect(try await send(client, "c@example.com", from: "203.0.113.3") == .tooManyRequests)
        }
    }

    @Test("while the database can't be reached every sign-in endpoint answers 503 unavailable with Retry-After, in the seed's shape")
    func unavailable() async throws {
        let base = try await TestServer.make()
        let components = ServerComponents(database: nil, repository: base.components.repository, signInRepository: UnavailableSignInRepository(),
                                          masterKey: SignInFixture.masterKey)
        let server = TestServer(components: components, configuration: base.configuration, adminToken: base.adminToken)
        try await server.application.test(.router) { client in
            let requests: [(String, HTTPRequest.Method, String?)] = [
                ("/v1/apps/notes/auth/send-code", .post, #"{"email": "ada@example.com"}"#),
                ("/api/auth/verify-code", .post, #"{"email": "ada@example.com", "code": "123456", "device_id": "d"}"#),
                ("/v1/apps/notes/auth/session", .get, nil),
            ]
            for (path, method, body) in requests {
                var headers = TestServer.bearer("lgs_" + String(repeating: "A", count: 43))
                headers[.contentType] = "application/json"
                let response = try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
                #expect(response.status == .serviceUnavailable, "\(path): \(response.text)")
                #expect(response.seedError == "unavailable" && response.seedStatus == "error")
                #expect(response.headers[.retryAfter] != nil)
                #expect(!response.text.contains("PostgreSQL"), "the cause goes to the log, not to the person signing in")
            }
        }
    }

    @Test("random bytes, odd JSON and odd text are answered 400 in the seed's shape, never 500")
    func junk() async throws {
        let server = try await server(trusting: [], clientSends: 0)
        var generator = SystemRandomNumberGenerator()
        var bodies = (0..<150).map { _ in
            ByteBuffer(bytes: (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        for text in ["null", "true", "\"email\"", "{\"email\": {}}", "{\"email\": [\"a@b.c\"]}", "{\"email\": \"\\u0000@b.c\"}",
                     "{\"email\": \"a@b.c\", \"code\": \"\\u0661\\u0662\\u0663\\u0664\\u0665\\u0666\", \"device_id\": \"d\"}",
                     "{\"email\": \"" + String(repeating: "é", count: 300) + "@b.c\"}", "\u{FEFF}{\"email\": \"a@b.c\"}",
                     "{\"email\": 1e400}", "{\"email\": \"a@b.c\", \"email\": 3}"] {
            bodies.append(ByteBuffer(string: text))
        }
        let junk = bodies
        try await server.application.test(.router) { client in
            for body in junk {
                for path in ["/v1/apps/notes/auth/send-code", "/v1/apps/notes/auth/verify-code", "/api/auth/verify-code"] {
                    let response = try await client.execute(uri: path, method: .post, headers: [.contentType: "application/json"], body: body)
                    #expect(response.status.code < 500, "\(path): \(response.text)")
                    #expect(response.seedStatus == "error" || response.status == .ok, "\(path): \(response.text)")
                }
            }
        }
    }
}
