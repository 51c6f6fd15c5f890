import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// `/check` from the hot path: the same key as the router's, so exemptions and rollouts decide
/// per install there too.
@Suite("/check on the hot path decides per install as the router does")
struct HotPathCheckTests {
    private let clientHeader = HTTPField.Name("LaunchGate-Client")!

    @Test("an exempt install is told up to date by the hot path too, whether its ID is in the query or only in the client header")
    func exemptions() async throws {
        let server = try await TestServer.make()
        _ = try await server.components.policies.addExemption(app: "notes", kind: .install, id: "tester", note: nil, author: "t")
        _ = try await server.components.policies.addExemption(app: "notes", kind: .device, id: "dev-1", note: nil, author: "t")
        let log = RouterLog()
        try await buildApplication(server.components, configuration: server.configuration, logger: log.logger).test(.live) { client in
            let base = "/v1/apps/notes/check?version=1.0.0"
            // Warm both answers through the router: the blocked one and the exempt one.
            _ = try await client.execute(uri: base + "&install=someone", method: .get)
            _ = try await client.execute(uri: base + "&install=tester", method: .get)
            let routed = log.requests
            let cases: [(String, HTTPFields, String)] = [
                (base + "&install=tester", [:], "upToDate"),
                (base + "&install=other", [:], "updateRequired"),
                (base, [clientHeader: #"version="1.0.0", install="tester""#], "upToDate"),
                (base + "&install=other", [clientHeader: #"version="1.0.0", install="x", device="dev-1""#], "upToDate"),
                (base + "&install=other&device=dev-2", [clientHeader: #"device="dev-1""#], "updateRequired"),
            ]
            for (uri, headers, expected) in cases {
                let response = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(try response.json()["decision"] as? String == expected, "\(uri) \(headers)")
            }
            #expect(log.requests == routed, "all answered by the hot path")
        }
    }

    @Test("under a phased rollout each install gets the SDK's own decision, and after one answer per side the hot path gives it")
    func rollout() async throws {
        let server = try await TestServer.make()
        var policy = Samples.policy()
        policy.platforms[.ios]?.rollout = .percentage(50)
        _ = try await server.components.policies.publish(policy, app: "notes", channel: .production, author: "t")
        let served = try await server.components.policies.served(app: "notes", channel: .production)
        let log = RouterLog()
        try await buildApplication(server.components, configuration: server.configuration, logger: log.logger).test(.live) { client in
            for index in 0..<60 {
                let install = "install-\(index)"
                let expected = UpdateEvaluator().evaluate(served, for: EvaluationContext(version: "2.4.0", installID: install, now: Date()))
                let response = try await client.execute(uri: "/v1/apps/notes/check?version=2.4.0&install=\(install)", method: .get)
                #expect(try response.json()["decision"] as? String == (expected.prompt?.kind.rawValue ?? "upToDate"), "\(install)")
            }
            #expect(log.requests <= 2, "one router answer per side of the rollout: \(log.requests)")
        }
    }
}
