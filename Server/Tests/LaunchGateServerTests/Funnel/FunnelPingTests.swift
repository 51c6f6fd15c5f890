import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import NIOCore
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("Install pings carry prompt counts: strict bodies, published revisions only, capped, first ping of the day only")
struct FunnelPingTests {
    static let ping = "/v1/apps/notes/installs/ping"

    func headers(_ install: String = "i-1", version: String = "2.1.0", json: Bool = true) -> HTTPFields {
        var fields: HTTPFields = [InstallRecordingTests.client: InstallRecordingTests.header(install, version: version)]
        if json { fields[.contentType] = "application/json" }
        return fields
    }

    func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    func totals(_ server: TestServer) async throws -> [String: Int] {
        await server.components.funnelRecorder.fold()
        var totals: [String: Int] = [:]
        for day in try await server.components.funnelRepository.days(appID: "notes", platform: nil, channel: nil, revision: nil, fromDay: 0) {
            let channel = day.channel == .production ? "" : "\(day.channel) "
            for event in PromptFunnel.Event.allCases where day.counts[event] > 0 { totals["\(channel)r\(day.revision) \(event)", default: 0] += day.counts[event] }
        }
        return totals
    }

    // MARK: Tests

    @Test("the signed document names its revision, and counts for it are recorded and reported by the admin API")
    func recorded() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await server.application.test(.router) { client in
                let policy = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get)
                let subject = try #require(try policy.json()["subject"] as? [String: Any])
                #expect(subject["revision"] as? Int == 1)
                let sent = try await client.execute(uri: Self.ping, method: .post, headers: headers(),
                                                    body: body(#"{"funnel": [{"revision": 1, "banner": 2, "update": 1}]}"#))
                #expect(sent.status == .noContent)
                await server.components.funnelRecorder.fold()
                let report = try await client.execute(uri: "/v1/admin/apps/notes/funnel", method: .get, headers: TestServer.bearer(server.adminToken))
                #expect(report.status == .ok)
                let revisions = try #require(try report.json()["revisions"] as? [[String: Any]])
                #expect(revisions.count == 1)
                let totals = try #require(revisions.first?["totals"] as? [String: Any])
                #expect(totals["banner"] as? Int == 2 && totals["update"] as? Int == 1)
                let conversion = try #require(revisions.first?["conversion"] as? [String: Any])
                #expect(conversion["prompted"] as? Int == 1)
            }
        }
    }

    @Test("a revision the app never published is refused with the JSON error, with counts or without (attack s14, H3), and adds nothing")
    func unknownRevision() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await server.application.test(.router) { client in
                for entry in [#""revision": 2, "banner": 1"#, #""revision": 99999, "banner": 1"#, #""revision": 99999"#] {
                    let response = try await client.execute(uri: Self.ping, method: .post, headers: headers(),
                                                            body: body(#"{"funnel": [{\#(entry)}]}"#))
                    #expect(response.status == .badRequest)
                    #expect(response.errorCode == "unknown-revision")
                }
            }
            #expect(try await totals(server).isEmpty)
        }
    }

    @Test("bodies that aren't the SDK's counts are refused with the JSON error: not JSON, unknown keys, negative counts, too large")
    func badBodies() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await server.application.test(.router) { client in
                let cases: [(String, HTTPFields, HTTPResponse.Status, String)] = [
                    (#"{"funnel": [{"revision": 1, "banner": 1}]}"#, headers(json: false), .badRequest, "invalid-body"),
                    ("not json", headers(), .badRequest, "invalid-funnel"),
                    (#"{"funnel": [{"revision": 1, "clicks": 1}]}"#, headers(), .badRequest, "invalid-funnel"),
                    (#"{"funnel": [{"revision": 1, "banner": -5}]}"#, headers(), .badRequest, "invalid-funnel"),
                    (#"{"funnel": [], "device": "d-1"}"#, headers(), .badRequest, "invalid-funnel"),
                    (String(repeating: " ", count: 3000) + "{}", headers(), .contentTooLarge, "body-too-large"),
                ]
                for (text, fields, status, code) in cases {
                    let response = try await client.execute(uri: Self.ping, method: .post, headers: fields, body: body(text))
                    #expect(response.status == status, "\(text.prefix(60))")
                    #expect(response.errorCode == code, "\(text.prefix(60))")
                }
            }
            #expect(try await totals(server).isEmpty)
        }
    }

    @Test("each count is capped per ping, and only an install's first ping of the day counts")
    func capsAndDays() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await server.application.test(.router) { client in
                for _ in 0..<3 {
                    let response = try await client.execute(uri: Self.ping, method: .post, headers: headers(),
                                                            body: body(#"{"funnel": [{"revision": 1, "banner": 1000000}]}"#))
                    #expect(response.status == .noContent)
                }
                _ = try await client.execute(uri: Self.ping, method: .post, headers: headers("i-2"), body: body(#"{"funnel": [{"revision": 1, "notNow": 1}]}"#))
            }
            #expect(try await totals(server) == ["r1 banner": FunnelRecorder.perPingCount, "r1 notNow": 1])
        }
    }

    @Test("with recording off the body is still checked but nothing is recorded")
    func recordingOff() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            var server = server
            server.configuration.adoption.recordInstalls = false
            try await server.application.test(.router) { client in
                let response = try await client.execute(uri: Self.ping, method: .post, headers: headers(), body: body(#"{"funnel": [{"revision": 1, "banner": 1}]}"#))
                #expect(response.status == .noContent)
            }
            #expect(try await totals(server).isEmpty)
        }
    }
}
