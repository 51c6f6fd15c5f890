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

@Suite("Admin authentication: failed attempts are limited per client, by route, behind trusted proxies")
struct AdminAuthTests {
    /// A server that believes X-Forwarded-For from loopback, so one test can speak as many clients.
    private func server(trusting proxies: [String] = ["127.0.0.1/32", "::1/128"], burst: Int = 5) async throws -> TestServer {
        let base = try await TestServer.make()
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, defaultApp: "notes", authFailureBurst: burst, authFailureRefillPerSecond: 0.0001,
            trustedProxies: try proxies.map(IPNetwork.init(parsing:)))
        return TestServer(components: base.components, configuration: configuration, adminToken: base.adminToken, location: base.location)
    }

    private func headers(_ token: String, from client: String?) -> HTTPFields {
        var fields = TestServer.bearer(token)
        if let client { fields[.xForwardedFor] = client }
        return fields
    }

    // MARK: Tests

    @Test("a client that keeps guessing is refused with 429 and Retry-After, even when it finally sends a valid token")
    func guessing() async throws {
        let server = try await server()
        try await server.application.test(.live) { client in
            for _ in 0..<5 {
                let response = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: headers("lgt_guess", from: "203.0.113.1"))
                #expect(response.status == .unauthorized)
            }
            let limited = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: headers(server.adminToken, from: "203.0.113.1"))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.errorCode == "rate-limited")
            #expect(limited.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 } == true)
            let status = try await client.execute(uri: "/v1/apps/notes/policy", method: .get).status
            #expect(status == .ok, "public reads are not limited")
        }
    }

    @Test("anonymous requests from one client don't lock out the admin token used from another")
    func noLockOut() async throws {
        let server = try await server()
        try await server.application.test(.live) { client in
            for _ in 0..<20 {
                _ = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: [.xForwardedFor: "198.51.100.7"])
            }
            let status = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: [.xForwardedFor: "198.51.100.7"]).status
            #expect(status == .tooManyRequests)
            let admin = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: headers(server.adminToken, from: "203.0.113.9"))
            #expect(admin.status == .ok)
        }
    }

    @Test("valid tokens are never counted, however many requests they make")
    func validTokensAreNotCounted() async throws {
        let server = try await server(burst: 3)
        try await server.application.test(.live) { client in
            for _ in 0..<40 {
                let status = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: headers(server.adminToken, from: "203.0.113.5")).status
                #expect(status == .ok)
            }
        }
    }

    @Test("a doubled slash reaches the admin route and its limit: the route decides, not a path prefix")
    func doubledSlash() async throws {
        let server = try await server(burst: 3)
        try await server.application.test(.live) { client in
            for _ in 0..<3 {
                let status = try await client.execute(uri: "//v1/admin/apps", method: .get, headers: headers("lgt_guess", from: "203.0.113.2")).status
                #expect(status == .unauthorized)
            }
            let status = try await client.execute(uri: "//v1/admin/apps", method: .get, headers: headers("lgt_guess", from: "203.0.113.2")).status
            #expect(status == .tooManyRequests)
            let after = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: headers(server.adminToken, from: "203.0.113.2")).status
            #expect(after == .tooManyRequests)
        }
    }

    @Test("X-Forwarded-For from an untrusted peer is ignored, so forging it doesn't buy new attempts")
    func forgedForwardedFor() async throws {
        let server = try await server(trusting: [], burst: 3)
        try await server.application.test(.live) { client in
            for attempt in 0..<3 {
                _ = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: headers("lgt_guess", from: "192.0.2.\(attempt)"))
            }
            let status = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: headers("lgt_guess", from: "192.0.2.99")).status
            #expect(status == .tooManyRequests)
        }
    }

    @Test("the Bearer scheme is case-insensitive")
    func schemeCase() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            for scheme in ["bearer", "BEARER", "Bearer", "bEaReR"] {
                let response = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: [.authorization: "\(scheme) \(server.adminToken)"])
                #expect(response.status == .ok, "\(scheme)")
            }
            let status = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: [.authorization: "Basic \(server.adminToken)"]).status
            #expect(status == .unauthorized)
        }
    }
}
