import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import LaunchGate
import NIOCore
import Testing
@testable import LaunchGateServer

@Suite("/check on the fast path answers exactly as the router does")
struct CheckFastPathTests {
    private let requestID = HTTPField.Name("X-Request-ID")!
    private let clientHeader = HTTPField.Name("LaunchGate-Client")!

    @Test("a repeated /check gets the router's bytes and content type from the fast path, and a publish replaces it at once")
    func repeats() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            let uri = "/v1/apps/notes/check?platform=ios&version=2.2.0&build=220&os=17.4&install=A"
            let first = try await client.execute(uri: uri, method: .get)
            #expect(first.headers[requestID] != nil, "the first answer comes from the router")
            // Another install on the same version shares the answer, so it is fast at once.
            let second = try await client.execute(uri: uri.replacingOccurrences(of: "install=A", with: "install=B"), method: .get)
            #expect(second.headers[requestID] == nil, "the second comes from the fast path")
            #expect(second.status == .ok)
            #expect(second.data == first.data)
            #expect(second.headers[.contentType] == first.headers[.contentType])
            #expect(first.headers[.cacheControl] == "private, no-store" && second.headers[.cacheControl] == first.headers[.cacheControl],
                    "no shared cache may keep an answer that depends on who asks")
            #expect(second.headers[.date] != nil)
            #expect(try second.json()["decision"] as? String == "updateRecommended")
            _ = try await server.components.policies.publish(Samples.policy(required: "2.3.0"), app: "notes", channel: .production, author: "t")
            let after = try await client.execute(uri: uri, method: .get)
            #expect(try after.json()["decision"] as? String == "updateRequired")
        }
    }

    @Test("an exempt install is told up to date by the fast path too, whether its ID is in the query or only in the client header")
    func exemptions() async throws {
        let server = try await TestServer.make()
        _ = try await server.components.policies.addExemption(app: "notes", kind: .install, id: "tester", note: nil, author: "t")
        _ = try await server.components.policies.addExemption(app: "notes", kind: .device, id: "dev-1", note: nil, author: "t")
        try await server.application.test(.live) { client in
            let base = "/v1/apps/notes/check?version=1.0.0"
            // Warm both answers through the router: the blocked one and the exempt one.
            _ = try await client.execute(uri: base + "&install=someone", method: .get)
            _ = try await client.execute(uri: base + "&install=tester", method: .get)
            let cases: [(String, HTTPFields, String)] = [
                (base + "&install=tester", [:], "upToDate"),
                (base + "&install=other", [:], "updateRequired"),
                (base, [clientHeader: #"version="1.0.0", install="tester""#], "upToDate"),
                (base + "&install=other", [clientHeader: #"version="1.0.0", install="x", device="dev-1""#], "upToDate"),
                (base + "&install=other&device=dev-2", [clientHeader: #"device="dev-1""#], "updateRequired"),
            ]
            for (uri, headers, expected) in cases {
                let response = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(response.headers[requestID] == nil, "fast: \(uri) \(headers)")
                #expect(try response.json()["decision"] as? String == expected, "\(uri) \(headers)")
            }
        }
    }

    @Test("under a phased rollout each install gets the SDK's own decision from the fast path")
    func rollout() async throws {
        let server = try await TestServer.make()
        var policy = Samples.policy()
        policy.platforms[.ios]?.rollout = .percentage(50)
        _ = try await server.components.policies.publish(policy, app: "notes", channel: .production, author: "t")
        let served = try await server.components.policies.served(app: "notes", channel: .production)
        try await server.application.test(.live) { client in
            var fast = 0
            for index in 0..<60 {
                let install = "install-\(index)"
                let expected = UpdateEvaluator().evaluate(served, for: EvaluationContext(version: "2.4.0", installID: install, now: Date()))
                let response = try await client.execute(uri: "/v1/apps/notes/check?version=2.4.0&install=\(install)", method: .get)
                #expect(try response.json()["decision"] as? String == (expected.prompt?.kind.rawValue ?? "upToDate"), "\(install)")
                if response.headers[requestID] == nil { fast += 1 }
            }
            #expect(fast >= 58, "after one answer per side of the rollout, the rest are fast")
        }
    }

    @Test("requests the router must judge still reach it: bad values, percent-encoding, repeated names, unknown apps")
    func leftToRouter() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            let good = "/v1/apps/notes/check?version=2.2.0"
            _ = try await client.execute(uri: good, method: .get)
            #expect(try await client.execute(uri: good, method: .get).headers[requestID] == nil)
            let routed: [(String, HTTPResponse.Status)] = [
                ("/v1/apps/notes/check?version=banana", .badRequest),
                ("/v1/apps/notes/check?build=1", .badRequest),
                ("/v1/apps/notes/check?version=2.2.0&platform=plan9", .badRequest),
                ("/v1/apps/notes/check?version=2.2.0&channel=nightly", .badRequest),
                ("/v1/apps/notes/check?version=2.2.0&version=1.0.0", .ok),
                ("/v1/apps/notes/check?version=2%2E2.0", .ok),
                ("/v1/apps/ghost/check?version=2.2.0", .notFound),
            ]
            for (uri, status) in routed {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == status, "\(uri)")
                #expect(response.headers[requestID] != nil, "the router answered \(uri)")
            }
        }
    }

    @Test("the raw query reader agrees with the router's reading, and gives up on anything it could read differently")
    func rawQuery() throws {
        let read = try #require(CheckQuery(rawQuery: "platform=android&version=2.1.3&build=213&os=14&install=ABC&lang=de,,en&x=1"[...]))
        #expect(read.platform == .android)
        #expect(read.version == "2.1.3")
        #expect(read.build == BuildNumber(213))
        #expect(read.os == "14")
        #expect(read.install == "ABC")
        #expect(read.device == nil)
        #expect(read.languages == ["de", "en"])
        #expect(read.channel == .production)
        #expect(CheckQuery(rawQuery: "version=1.0&lang="[...])?.languages == [])
        #expect(CheckQuery(rawQuery: "version=1.0"[...])?.languages == ["en"])
        #expect(CheckQuery(rawQuery: "version=1.0&install="[...])?.install == "", "an empty install stays empty, as the router reads it")
        #expect(CheckQuery(rawQuery: "version=1.0&channel=BETA"[...])?.channel == .beta)
        // Found by fuzzing: bytes that are not UTF-8 grow when decoded, and the bound is on what is kept.
        let notUTF8 = Array("version=1.0&lang=".utf8) + [UInt8](repeating: 0xCC, count: 20) + Array(",de".utf8)
        let decoded = try #require(notUTF8.withUnsafeBytes { CheckQuery(rawQuery: $0) })
        #expect(decoded.languages == ["de"])
        for refused in ["", "build=2", "version=", "version=x", "version=1.0&version=1.0", "version=1.0&&x=1", "version=1.0&flag",
                        "version=1.0&=1", "version=1%2E0", "version=1.0#frag", "version=1.0&build=b", "version=1.0&os=q",
                        "version=1.0&platform=plan9", "version=1.0&channel=nightly"] {
            #expect(CheckQuery(rawQuery: refused[...]) == nil, "\(refused)")
        }
    }

    @Test("what the raw reader reads, the router reads the same from the same target (FuzzCheckQuery checks this at scale)")
    func rawQueryMatchesRouter() throws {
        for query in ["platform=android&version=2.1.3&build=213&os=14&install=ABC&lang=de,,en&x=1", "version=1.0&channel=BETA&lang=",
                      "version=1.0&install=&device=d", "version=2.4.1-rc.1+b.5&build=7&platform=ios&lang=a,b,c,d,e,f,g,h,i",
                      "version=1.0&channel=Beta&os=17.4.1&lang=" + String(repeating: "x", count: 36) + ",fr", "version=1.0&x=a=b&y=?"] {
            let fast = try #require(CheckQuery(rawQuery: query[...]), "\(query)")
            #expect(try CheckQuery(uri: URI("/v1/apps/a/check?" + query)) == fast, "\(query)")
        }
        #expect(throws: InputError.missingVersion) { try CheckQuery(uri: URI("/v1/apps/a/check?build=2")) }
    }

    @Test("only /v1/apps/{app}/check with a query is taken for a check target")
    func targets() {
        func split(_ target: String) -> (appEnd: Int, queryStart: Int)? {
            Array(target.utf8).withUnsafeBytes { CheckFastPath.split($0) }
        }
        #expect(split("/v1/apps/notes/check?version=1")! == (14, 21))
        for other in ["/v1/apps/notes/check", "/v1/apps/notes/check/?v=1", "/v1/apps//check?v=1", "/v1/apps/notes/policy?platform=ios",
                      "//v1/apps/notes/check?v=1", "/v1/apps/no%74es/check?v=1", "/v1/apps/a/b/check?v=1", "/v2/apps/notes/check?v=1"] {
            #expect(split(other) == nil, "\(other)")
        }
    }
}
