import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateServer

@Suite("The read fast path answers exactly as the router does")
struct FastPathTests {
    private let uri = "/v1/apps/notes/policy?platform=ios"

    // MARK: Tests

    @Test("repeat requests get the same bytes, ETag and headers, and 304 still works; the hits are counted")
    func sameAnswers() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            let first = try await client.execute(uri: uri, method: .get)
            #expect(server.components.policies.cache.prepared(for: uri) != nil)
            let second = try await client.execute(uri: uri, method: .get)
            #expect(first.headers[.init("X-Request-ID")!] != nil, "the first answer comes from the router")
            #expect(second.headers[.init("X-Request-ID")!] == nil, "the second comes from the fast path")
            #expect(second.headers[.date] != nil)
            #expect(second.data == first.data)
            for name in [HTTPField.Name.eTag, .cacheControl, .contentType, .init("LaunchGate-Signature")!] {
                #expect(second.headers[name] == first.headers[name], "\(name)")
            }
            let revalidated = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: try #require(first.headers[.eTag])])
            #expect(revalidated.status == .notModified)
            #expect(revalidated.body.readableBytes == 0)
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            let line = metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_fast_path_responses_total ") }
            #expect((line?.split(separator: " ").last.flatMap { Double($0) } ?? 0) >= 2)
        }
    }

    @Test("a publish drops prepared answers at once, so the next request gets the new document")
    func publishDrops() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            _ = try await client.execute(uri: uri, method: .get)
            _ = try await server.components.policies.publish(Samples.policy(required: "2.3.0"), app: "notes", channel: .production, author: "t")
            #expect(server.components.policies.cache.prepared(for: uri) == nil)
            let after = try await client.execute(uri: uri, method: .get)
            #expect(try UpdatePolicy(json: after.data).platforms[.ios]?.required?.version == "2.3.0")
        }
    }

    @Test("a request with LaunchGate-Client gets the prepared public answer: exemptions live in the signed document")
    func clientHeaderFast() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            let first = try await client.execute(uri: uri, method: .get)
            let withClient = try await client.execute(uri: uri, method: .get, headers: [.init("LaunchGate-Client")!: #"version="1.0", install="tester""#])
            #expect(withClient.headers[.init("X-Request-ID")!] == nil, "answered by the fast path")
            #expect(withClient.data == first.data)
        }
    }

    @Test("errors are never prepared: an unknown app keeps going through the router")
    func errorsNotPrepared() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            _ = try await client.execute(uri: "/v1/apps/ghost/policy", method: .get)
            #expect(server.components.policies.cache.prepared(for: "/v1/apps/ghost/policy") == nil)
        }
    }

    @Test("junk query strings are answered but never prepared, so they can't push the real URL off the fast path")
    func junkQueriesNotPrepared() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let junk = ["?platform=ios&x=%d", "?platform=IOS&channel=production&n=%d", "?channel=production&channel=beta&platform=ios&%d",
                        "?platform=ios&platform=android&k%d=1"]
            for index in 0..<4_200 {
                let target = "/v1/apps/notes/policy" + String(format: junk[index % junk.count], index)
                let response = try await client.execute(uri: target, method: .get)
                #expect(response.status == .ok, "junk is still answered: \(target)")
            }
            #expect(server.components.policies.cache.sizes.prepared == 0)
            for canonical in [uri, uri + "&channel=production", "/v1/apps/notes/policy?channel=production&platform=ios"] {
                _ = try await client.execute(uri: canonical, method: .get)
                #expect(server.components.policies.cache.prepared(for: canonical) != nil, "\(canonical)")
            }
        }
    }
    @Test("other spellings of the target (doubled or trailing slashes, fragments, percent-encoded names) are answered but take no prepared slot")
    func pathSpellingsNotPrepared() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let spellings = ["//v1/apps/notes/policy?platform=ios", "/v1/apps/notes//policy?platform=ios", "/v1//apps/notes/policy?platform=ios",
                             "//v1/apps/notes/version.json", "/v1/apps/notes//version", "/v1/apps/notes/policy/?platform=ios",
                             "/v1/apps/notes/policy?platform=ios#1", "/v1/apps/notes/policy?platform=ios#2"]
            for target in spellings {
                let response = try await client.execute(uri: target, method: .get)
                #expect(response.status == .ok, "the router still answers \(target): \(response.text)")
            }
            _ = try await client.execute(uri: "/v1/apps/%6Eotes/policy?platform=ios", method: .get)
            #expect(server.components.policies.cache.sizes.prepared == 0)
            for canonical in [uri, "/v1/apps/notes/version.json", "/version.json"] {
                _ = try await client.execute(uri: canonical, method: .get)
                #expect(server.components.policies.cache.prepared(for: canonical) != nil, "\(canonical)")
            }
        }
    }
}
