import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("The server's poller publishes through the real publish path: signed revisions with the reason App Store, refusals kept out")
struct GuardedAppStorePublisherTests {
    private func poll(_ server: TestServer, version: String, reset: Bool = false) async throws -> AppStorePollOutcome {
        let transport = FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: version)])
        return try await server.components.appStorePoller(transport: transport, logger: TestBackend.logger)
            .poll(app: "notes", platform: .ios, reset: reset).outcome
    }

    // MARK: Tests

    @Test("a new version is a revision by appstore with the note App Store; a version below required is refused and nothing is published")
    func publishAndRefuse() async throws {
        try await TestServer.with { server in
            try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"),
                                                                 storefronts: ["us"])
            guard case .published = try await poll(server, version: "2.5.0") else { Issue.record("expected a publish"); return }
            let history = try await server.components.repository.revisions(appID: "notes", channel: .production)
            let newest = try #require(history.max { $0.number < $1.number })
            #expect(newest.author == "appstore" && newest.note == "App Store")
            let (_, policy) = try await server.components.policies.current(app: "notes", channel: .production)
            #expect(policy.platforms[.ios]?.storefronts == ["us": "2.5.0"] && policy.platforms[.ios]?.latest?.version == "2.5.0")
            #expect(policy.platforms[.android] == Samples.policy().platforms[.android], "other platforms stay as they were")

            // Pulled below the required 2.0.0 (a release taken back, or a lie that parses): the policy would be invalid.
            guard case .refused = try await poll(server, version: "1.0.0", reset: true) else { Issue.record("expected a refusal"); return }
            #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == history.count)
            let link = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios))
            #expect(link.status.lastError?.hasPrefix("publish refused") == true && link.served == ["us": "2.5.0"])
        }
    }

    @Test("unlink and link of the same bundle measure the first poll from the latest an operator published, not one the poller took untrusted (review s15b, N7)")
    func freshLinkTrustsTheOperatorsLatest() async throws {
        try await TestServer.with { server in
            let service = server.components.appStoreLinkService
            func link() async throws {
                try await service.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
            }
            try await link()
            // The operator published 2.4.1; the poller takes 7.0.0 (within 5 majors), never trusted.
            guard case .published = try await poll(server, version: "7.0.0") else { Issue.record("expected 7.0.0 taken"); return }
            #expect(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status.trustedVersion == "2.4.1")
            try await service.unlink(app: "notes", platform: .ios)
            try await link()
            #expect(try await poll(server, version: "12.0.0") == .unchanged, "12.0.0 is held: more than 5 majors past 2.4.1, not 7.0.0")
            let status = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status)
            #expect(status.trustedVersion == "2.4.1" && status.ignoredAnswers.waiting.count == 1, "\(status)")
        }
    }
}
