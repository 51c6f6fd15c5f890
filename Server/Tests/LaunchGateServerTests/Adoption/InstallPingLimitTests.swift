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

@Suite("The install ping spends its client's recording budget and refuses headers that would never be counted")
struct InstallPingLimitTests {
    static let ping = "/v1/apps/notes/installs/ping"

    /// A server that believes X-Forwarded-For from loopback, so one test can speak as many clients,
    /// and whose clients may each record `budget` installs a minute. Its clock stands still, so a
    /// slow run never crosses into the next window.
    private func server(trusting proxies: [String] = ["127.0.0.1/32", "::1/128"], budget: Int = 3) async throws -> TestServer {
        let base = try await TestServer.make(now: { Samples.now })
        let adoption = AdoptionConfiguration(sightingsPerClient: budget)
        let components = ServerComponents(database: nil, repository: base.components.repository, adoption: adoption,
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)), now: { Samples.now })
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes", trustedProxies: try proxies.map(IPNetwork.init(parsing:)),
                                                adoption: adoption)
        return TestServer(components: components, configuration: configuration, adminToken: base.adminToken, location: base.location)
    }

    private func headers(install: String = "i-1", from client: String?) -> HTTPFields {
        var fields: HTTPFields = [InstallRecordingTests.client: InstallRecordingTests.header(install)]
        if let client { fields[.xForwardedFor] = client }
        return fields
    }

    // MARK: Tests

    @Test("a client past its budget gets 429 with Retry-After until the window ends, and the JSON error; another client behind the proxy does not")
    func limited() async throws {
        let server = try await server()
        try await server.application.test(.live) { client in
            for index in 0..<3 {
                let status = try await client.execute(uri: Self.ping, method: .post, headers: headers(install: "i-\(index)", from: "203.0.113.1")).status
                #expect(status == .noContent)
            }
            let limited = try await client.execute(uri: Self.ping, method: .post, headers: headers(from: "203.0.113.1"))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.errorCode == "rate-limited")
            // The clock stands at Samples.now: the budget is whole again when its minute ends.
            let window = Int(Samples.now.timeIntervalSince1970) % 60
            #expect(limited.headers[.retryAfter].flatMap(Int.init) == 60 - window)
            // Bad pings spend the budget too: the limit comes before anything is looked at.
            let garbage = try await client.execute(uri: "/v1/apps/ghost/installs/ping", method: .post, headers: [.xForwardedFor: "203.0.113.1"])
            #expect(garbage.status == .tooManyRequests)
            let other = try await client.execute(uri: Self.ping, method: .post, headers: headers(install: "j-1", from: "203.0.113.2")).status
            #expect(other == .noContent)
            let policy = try await client.execute(uri: "/v1/apps/notes/policy", method: .get, headers: headers(from: "203.0.113.1")).status
            #expect(policy == .ok, "policy reads are not limited")
        }
        await server.components.recorder.fold()
        let recorded = try await server.components.installs.groups(appID: "notes", platform: nil, fromDay: 0).reduce(0) { $0 + $1.installs }
        #expect(recorded == 4, "three pings of the first client and one of the other, each spending the budget once")
    }

    @Test("the budget is the ping's only limit: with a budget of 0, or with recording off, one client's pings are all answered 204",
          arguments: [true, false])
    func unlimited(recording: Bool) async throws {
        var server = try await server(budget: recording ? 0 : 3)
        server.configuration.adoption.recordInstalls = recording
        try await server.application.test(.live) { client in
            for index in 0..<8 {
                let status = try await client.execute(uri: Self.ping, method: .post, headers: headers(install: "u-\(index)", from: "203.0.113.9")).status
                #expect(status == .noContent)
            }
            // Checked all the same.
            let unknown = try await client.execute(uri: "/v1/apps/ghost/installs/ping", method: .post, headers: headers(from: "203.0.113.9"))
            #expect(unknown.status == .notFound)
        }
    }

    @Test("policy reads spend the same budget as pings, so a client that read past it gets 429 on its ping")
    func sharedBudget() async throws {
        let server = try await server()
        try await server.application.test(.live) { client in
            for index in 0..<3 {
                _ = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get, headers: headers(install: "r-\(index)", from: "203.0.113.7"))
            }
            #expect(try await client.execute(uri: Self.ping, method: .post, headers: headers(from: "203.0.113.7")).status == .tooManyRequests)
        }
    }

    @Test("X-Forwarded-For from an untrusted peer is ignored, so forging it buys no new pings")
    func forged() async throws {
        let server = try await server(trusting: [])
        try await server.application.test(.live) { client in
            for index in 0..<3 {
                _ = try await client.execute(uri: Self.ping, method: .post, headers: headers(from: "192.0.2.\(index)"))
            }
            let status = try await client.execute(uri: Self.ping, method: .post, headers: headers(from: "192.0.2.99")).status
            #expect(status == .tooManyRequests)
        }
    }

    @Test("a build, OS, version or install ID out of format or length is a 400 that says which, and nothing is recorded")
    func strictHeader() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let long = "1.0.0-" + String(repeating: "a", count: 60)
                let cases: [(String, ClientHeader)] = [
                    ("build", ClientHeader(version: "2.0.0", build: "not a build", platform: "ios", os: "17.4", install: "x")),
                    ("build", ClientHeader(version: "2.0.0", build: String(repeating: "1.", count: 20) + "1", platform: "ios", install: "x")),
                    ("os", ClientHeader(version: "2.0.0", platform: "ios", os: "x.y", install: "x")),
                    ("os", ClientHeader(version: "2.0.0", platform: "ios", os: "17.4-beta", install: "x")),
                    ("os", ClientHeader(version: "2.0.0", platform: "ios", os: "1.2.3.4.5", install: "x")),
                    ("version", ClientHeader(version: long, platform: "ios", install: "x")),
                    ("install", ClientHeader(version: "2.0.0", platform: "ios", install: String(repeating: "i", count: 129))),
                ]
                for (field, header) in cases {
                    let refused = try await client.execute(uri: Self.ping, method: .post, headers: [InstallRecordingTests.client: header.rendered()])
                    #expect(refused.status == .badRequest, "\(header.rendered())")
                    #expect(refused.errorCode == "invalid-client-header")
                    let message = ((try? refused.json())?["error"] as? [String: Any])?["message"] as? String ?? ""
                    #expect(message.contains("its \(field)"), "\(message)")
                }
                let fits = ClientHeader(version: "1.0.0-" + String(repeating: "a", count: 58), build: "1.4.2", platform: "ios", os: "17.4.1",
                                        install: String(repeating: "i", count: 128))
                #expect(try await client.execute(uri: Self.ping, method: .post, headers: [InstallRecordingTests.client: fits.rendered()]).status == .noContent)
            }
            await server.components.recorder.fold()
            let groups = try await server.components.installs.groups(appID: "notes", platform: nil, fromDay: 0)
            #expect(groups.map { "\($0.version) \($0.build) \($0.os) \($0.installs)" } == ["1.0.0-" + String(repeating: "a", count: 58) + " 1.4.2 17.4.1 1"],
                    "only the one that fits")
        }
    }
}
