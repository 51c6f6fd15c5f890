import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Metrics
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("One client can add only its budget of sightings per window, on the router and the hot path alike")
struct SightingBudgetTests {
    /// A server whose recorder admits `budget` sightings per client per minute, believing
    /// X-Forwarded-For from loopback so one test can speak as several clients. Its clock stands
    /// still, so a slow run never crosses into the next window.
    private func server(budget: Int, trusting proxies: [String] = []) async throws -> TestServer {
        let base = try await TestServer.make(now: { Samples.now })
        let adoption = AdoptionConfiguration(sightingsPerClient: budget)
        let components = ServerComponents(database: nil, repository: base.components.repository, adoption: adoption,
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)), now: { Samples.now })
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes",
                                                trustedProxies: try proxies.map(IPNetwork.init(parsing:)), adoption: adoption)
        return TestServer(components: components, configuration: configuration, adminToken: base.adminToken)
    }

    private func installs(_ server: TestServer) async throws -> Int {
        await server.components.recorder.fold()
        return try await server.components.installs.groups(appID: "notes", platform: nil, fromDay: 0).reduce(0) { $0 + $1.installs }
    }

    private func capped(_ client: some TestClientProtocol, _ server: TestServer) async throws -> Double {
        let metrics = try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(server.adminToken)).text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_install_sightings_capped_total{reason=\"client\"}") }
        return line?.split(separator: " ").last.flatMap { Double($0) } ?? 0
    }

    private func headers(_ install: String, from address: String? = nil) -> HTTPFields {
        var fields: HTTPFields = [InstallRecordingTests.client: InstallRecordingTests.header(install, version: "99.0.0")]
        if let address { fields[.xForwardedFor] = address }
        return fields
    }

    // MARK: Tests

    @Test("a client's sightings past its budget are dropped and counted; the next window admits it again; another client is not affected")
    func window() {
        let budget = SightingBudget(perClient: 3, windowSeconds: 60, slots: 1024, seed: 0, capped: Counter(label: "test_capped"))
        #expect((0..<5).map { _ in budget.admit(client: 1, second: 120) } == [true, true, true, false, false])
        #expect(budget.admit(client: 2, second: 150), "another client has its own budget")
        #expect(!budget.admit(client: 1, second: 179))
        #expect(budget.admit(client: 1, second: 180), "a new window")
        let unlimited = SightingBudget(perClient: 0, windowSeconds: 60, capped: Counter(label: "test_capped"))
        #expect((0..<100).allSatisfy { _ in unlimited.admit(client: 1, second: 0) })
    }

    @Test("the table keeps its size however many clients arrive, and a flood from many of them is still bounded per slot")
    func bounded() {
        let budget = SightingBudget(perClient: 2, windowSeconds: 60, slots: 64, seed: 0, capped: Counter(label: "test_capped"))
        var admitted = 0
        for client in 0..<100_000 where budget.admit(client: client, second: 0) { admitted += 1 }
        #expect(admitted <= 64 * 2, "at most the budget per slot: \(admitted)")
    }

    @Test("a flood of policy reads from one client through the router is capped at its budget, and every read is still answered")
    func router() async throws {
        let server = try await server(budget: 5)
        try await Application(router: buildRouter(server.components, configuration: server.configuration), logger: TestBackend.logger).test(.router) { client in
            let before = try await capped(client, server)
            for index in 0..<20 {
                let response = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get, headers: headers("flood-\(index)"))
                #expect(response.status == .ok)
            }
            // At least: tests running at the same time may cap their own clients in this process.
            #expect(try await capped(client, server) - before >= 15)
        }
        #expect(try await installs(server) == 5)
    }

    @Test("the hot path spends the same budget, per peer, and behind a trusted proxy per forwarded client")
    func hotPath() async throws {
        let server = try await server(budget: 5)
        try await server.application.test(.live) { client in
            for index in 0..<20 {
                let response = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get, headers: headers("hot-\(index)"))
                #expect(response.status == .ok)
            }
        }
        #expect(try await installs(server) == 5)
        let proxied = try await self.server(budget: 5, trusting: ["127.0.0.1/32", "::1/128"])
        try await proxied.application.test(.live) { client in
            for index in 0..<20 {
                let address = index % 2 == 0 ? "203.0.113.1" : "203.0.113.2"
                let response = try await client.execute(uri: "/v1/apps/notes/policy?platform=ios", method: .get, headers: headers("proxied-\(index)", from: address))
                #expect(response.status == .ok)
            }
        }
        #expect(try await installs(proxied) == 10, "two clients behind the proxy, five each")
    }
}
