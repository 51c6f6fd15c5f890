import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The real SDK client (URLSession, FoundationNetworking on Linux) against the real running server.
@Suite("End to end: the SDK's live client against a running server")
struct SDKEndToEndTests {
    private let app = AppInfo(version: "1.9.0", build: BuildNumber(190), platform: .ios, osVersion: "17.4")

    private func fetcher(_ url: String, keys: [PolicyPublicKey] = [], store: InMemoryKeyValueStore = InMemoryKeyValueStore()) -> PolicyFetcher {
        PolicyFetcher(source: PolicySource(url: URL(string: url)!, publicKeys: keys), app: app, installID: "e2e-install",
                      // 30 s, not the SDK's 5: no timeout is under test here, and a loaded CI machine took longer once.
                      transport: URLSessionTransport(), cache: PolicyCache(store: store), configuration: .init(timeout: .seconds(30)))
    }

    // MARK: Tests

    @Test("the signed canonical policy is fetched, verified against the pinned key, decided, and revalidated with 304", arguments: TestBackend.available)
    func canonical(backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            let key = try #require(try await server.components.signingKeys.activePublicKey())
            try await server.application.test(.live) { client in
                let port = try #require(client.port)
                let fetcher = fetcher("http://127.0.0.1:\(port)/v1/apps/notes/policy?platform=ios", keys: [key])
                let first = await fetcher.fetch()
                guard case .updated(let policy) = first else { Issue.record("expected a verified policy, got \(first)"); return }
                let decision = UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: app.version, build: app.build, now: Date()))
                #expect(decision.kind == .updateRequired)
                #expect(decision.prompt?.targetVersion == "2.4.1")
                guard case .notModified = await fetcher.fetch() else { Issue.record("the second check should be a 304"); return }
            }
        }
    }

    @Test("a policy signed by another key is refused by the live client")
    func wrongKey() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            let outcome = await fetcher("http://127.0.0.1:\(port)/v1/apps/notes/policy?platform=ios", keys: [PolicySigningKey().publicKey]).fetch()
            #expect(outcome == .failed(.signatureInvalid))
        }
    }

    @Test("each seed shape is fetched by the live client, detected, and decided as its seed client would", arguments: [
        ("/api/version", PolicyFormat.latestBuild), ("/api/config", .minimumSupportedVersion),
        ("/api/version-lockout", .versionLockout), ("/version.json", .versionJSON),
    ])
    func seedShapes(path: String, format: PolicyFormat) async throws {
        let server = try await TestServer.make()
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            let outcome = await fetcher("http://127.0.0.1:\(port)\(path)").fetch()
            let policy = try #require(outcome.policy, "\(outcome)")
            let decision = UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: app.version, build: app.build, now: Date()))
            switch format {
            case .latestBuild, .minimumSupportedVersion, .versionLockout: #expect(decision.kind == .updateRequired)
            case .versionJSON: #expect(decision.kind == .updateAvailable)
            default: Issue.record("unexpected format")
            }
        }
    }

    @MainActor
    @Test("the UpdateMonitor blocks an old install against the live server, and stays blocked offline from its cache")
    func monitor() async throws {
        let server = try await TestServer.make()
        let key = try #require(try await server.components.signingKeys.activePublicKey())
        let store = InMemoryKeyValueStore()
        let policyURL = try await server.application.test(.live) { client -> URL in
            let url = URL(string: "http://127.0.0.1:\(try #require(client.port))/v1/apps/notes/policy?platform=ios")!
            // A generous wait: the first answer must come from the server, and on a machine busy
            // with every other suite (CI) a short one could end before it, which is not under test.
            let monitor = await UpdateMonitor(configuration: .init(source: PolicySource(url: url, publicKeys: [key]), launchMode: .blocking(timeout: .seconds(30)), fetchTimeout: .seconds(30)),
                                              app: app, store: store, opener: RecordingURLOpener())
            await monitor.start()
            let state = await monitor.state
            #expect(state.screen?.kind == .updateRequired)
            #expect(state.screen?.title == "Update required")
            return url
        }
        // The server is gone now: the next launch is offline and must still be blocked.
        let offline = UpdateMonitor(configuration: .init(source: PolicySource(url: policyURL, publicKeys: [key]),
                                                         launchMode: .blocking(timeout: .seconds(2)), fetchTimeout: .seconds(1)),
                                    app: app, store: store, opener: RecordingURLOpener())
        await offline.start()
        #expect(offline.state.screen?.kind == .updateRequired)
        #expect(offline.lastError != nil)
    }
}
