import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The public API: signed policy, check, and the seed-compatible shapes")
struct PublicAPITests {
    // MARK: Tests

    @Test("the policy is signed over its exact bytes, with a strong ETag, 304 on If-None-Match, and CDN cache headers", arguments: TestBackend.available)
    func policy(backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            let key = try #require(try await server.components.signingKeys.activePublicKey())
            try await server.application.test(.router) { client in
                let response = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get)
                #expect(response.status == .ok)
                let etag = try #require(response.headers[.eTag])
                #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
                #expect(response.headers[.cacheControl] == "public, max-age=60, stale-while-revalidate=300, stale-if-error=86400")
                let signature = try #require(response.headers[.init("LaunchGate-Signature")!].flatMap(PolicySignature.init))
                #expect(signature.isValid(for: response.data, keys: [key]))
                let policy = try UpdatePolicy(json: response.data)
                #expect(Array(policy.platforms.keys) == [.ios])
                #expect(policy.issuedAt != nil)

                let again = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get, headers: [.ifNoneMatch: etag])
                #expect(again.status == .notModified)
                #expect(again.body.readableBytes == 0)
                #expect(again.headers[.eTag] == etag)
                let stale = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get, headers: [.ifNoneMatch: "\"other\""])
                #expect(stale.status == .ok)
                let head = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .head)
                #expect(head.status == .ok)
                #expect(head.headers[.eTag] == etag)
                #expect(head.body.readableBytes == 0)
                let whole = try await client.execute(uri: "/v1/apps/notes/policy", method: .get)
                #expect(Set(try UpdatePolicy(json: whole.data).platforms.keys) == [.ios, .android])
            }
        }
    }

    @Test("HEAD answers every public GET route with the GET's status and headers and no body, on the live server too")
    func head() async throws {
        let server = try await TestServer.make()
        for mode in [TestingSetup.router, .live] {
            try await server.application.test(mode) { client in
                for uri in ["/healthz", "/readyz", "/v1/apps/notes/check?version=1.0.0", "/api/version", "/version.json",
                            "/v1/apps/notes/version.json?platform=ios", "/v1/apps/notes/policy?platform=ios", "/openapi.yaml"] {
                    let get = try await client.execute(uri: uri, method: .get)
                    let head = try await client.execute(uri: uri, method: .head)
                    #expect(get.status == .ok, "\(uri)")
                    #expect(head.status == get.status, "\(uri)")
                    #expect(head.body.readableBytes == 0, "\(uri)")
                    #expect(head.headers[.contentType] == get.headers[.contentType], "\(uri)")
                    #expect(head.headers[.contentLength] == get.headers[.contentLength], "\(uri)")
                }
            }
        }
    }

    @Test("a publish changes the ETag and the document at once on this instance")
    func publishInvalidates() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let before = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get)
            _ = try await server.components.policies.publish(Samples.policy(required: "2.2.0"), app: "notes", channel: .production, author: "t")
            let after = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get)
            #expect(after.headers[.eTag] != before.headers[.eTag])
            #expect(try UpdatePolicy(json: after.data).platforms[.ios]?.required?.version == "2.2.0")
        }
    }

    @Test("unknown apps, platforms and channels, and apps without a policy, get the one error shape")
    func errors() async throws {
        let server = try await TestServer.make()
        try await server.components.repository.createApp(Samples.app("empty"))
        try await server.application.test(.router) { client in
            for (uri, status, code) in [
                ("/v1/apps/ghost/policy", HTTPResponse.Status.notFound, "app-not-found"),
                ("/v1/apps/notes/policy?platform=blackberry", .badRequest, "unknown-platform"),
                ("/v1/apps/notes/policy?channel=nightly", .badRequest, "unknown-channel"),
                ("/v1/apps/empty/policy", .notFound, "no-policy"),
                ("/v1/apps/notes/check", .badRequest, "missing-version"),
                ("/v1/apps/notes/check?version=1..2", .badRequest, "invalid-version"),
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == status, "\(uri)")
                #expect(response.errorCode == code, "\(uri): \(response.text)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(response.headers[.init("X-Request-ID")!] != nil)
            }
        }
    }

    @Test("check returns the SDK's decision and screen text", arguments: [
        ("1.9.0", "updateRequired", true), ("2.0.0&build=150", "updateRequired", true), ("2.2.0", "updateRecommended", false),
        ("2.4.0", "updateAvailable", false), ("2.4.1", "upToDate", false), ("1.0.0&os=15.0", "deviceUnsupported", true),
    ])
    func check(query: String, decision: String, blocking: Bool) async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let response = try await client.execute(uri: "/v1/apps/notes/check?platform=ios&version=\(query)", method: .get)
            let body = try response.json()
            #expect(body["decision"] as? String == decision)
            #expect(body["blocking"] as? Bool == blocking)
            if decision != "upToDate" {
                let screen = try #require(body["screen"] as? [String: Any])
                #expect((screen["title"] as? String)?.isEmpty == false)
                #expect(screen["dismissable"] as? Bool == !blocking)
            }
        }
    }

    @Test("check words its screen in the asked language with the SDK's own texts, and answers each language apart")
    func checkLanguages() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            func title(_ lang: String) async throws -> String? {
                let response = try await client.execute(uri: "/v1/apps/notes/check?platform=ios&version=1.9.0&lang=\(lang)", method: .get)
                return try (response.json()["screen"] as? [String: Any])?["title"] as? String
            }
            let german = LaunchGateStrings.forLanguages(["de"]).text(.updateRequiredTitle)
            #expect(german != StringKey.updateRequiredTitle.english)
            let austrian = try await title("de-AT,en")
            let english = try await title("en")
            let unknown = try await title("xx")
            #expect(austrian == german)
            #expect(english == StringKey.updateRequiredTitle.english, "the German answer isn't served for English")
            #expect(unknown == StringKey.updateRequiredTitle.english, "an unknown language gets English")
        }
    }

    @Test("every seed shape is exactly what its client parses, and the SDK's readers decide the same from it")
    func seedShapes() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let version = try await client.execute(uri: "/api/version", method: .get).json()
            #expect(version["latest_build"] as? Int == 200)
            #expect(version["testflight_url"] as? String == "https://apps.apple.com/app/id1")
            let config = try await client.execute(uri: "/api/config", method: .get).json()
            #expect(config["min_supported_version_ios"] as? String == "2.0.0")
            #expect(config["min_supported_version_android"] as? String == "1.9.0")
            let lockout = try await client.execute(uri: "/api/version-lockout", method: .get).json()
            #expect(lockout["recommendedVersion"] as? String == "2.3.0")
            #expect(lockout["requiredVersion"] as? String == "2.0.0")
            #expect(lockout["eol"] as? Bool == false)
            let versionJSON = try await client.execute(uri: "/version.json", method: .get).json()
            #expect(versionJSON["latestVersion"] as? String == "2.4.1")

            for (path, format) in [("/v1/apps/notes/version", PolicyFormat.latestBuild), ("/v1/apps/notes/config", .minimumSupportedVersion),
                                   ("/v1/apps/notes/version-lockout", .versionLockout), ("/v1/apps/notes/version.json", .versionJSON)] {
                let data = try await client.execute(uri: path, method: .get).data
                #expect(try PolicyFormat.detect(in: data) == format)
                let policy = try PolicyReader.read(data)
                let below = UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: "1.0.0", build: BuildNumber(100), now: Samples.now))
                #expect(below.kind != nil, "\(path) must still prompt an old install")
            }
        }
    }

    @Test("the seed root paths answer for the default app only, and say so when none is configured")
    func defaultApp() async throws {
        var server = try await TestServer.make()
        server = TestServer(components: server.components, configuration: ServerConfiguration(host: "127.0.0.1", port: 0), adminToken: server.adminToken,
                            location: server.location)
        try await server.application.test(.router) { client in
            let response = try await client.execute(uri: "/api/version", method: .get)
            #expect(response.status == .notFound)
            #expect(response.errorCode == "no-default-app")
        }
    }

    @Test("health, readiness, metrics and the API description are served")
    func operations() async throws {
        try await TestServer.with(.sqlite) { server in
            try await server.application.test(.router) { client in
                #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
                #expect(try await client.execute(uri: "/readyz", method: .get).status == .ok)
                _ = try await client.execute(uri: "/v1/apps/notes/policy", method: .get)
                #expect(try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(server.adminToken)).text.contains("hb_requests"))
                let spec = try await client.execute(uri: "/openapi.yaml", method: .get)
                #expect(spec.text.hasPrefix("openapi: 3.1"))
            }
        }
    }
}
