import Foundation
import LaunchGate
import Synchronization
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("The poller follows Apple's phased release into the optional prompt's rollout, and says what it found")
struct PhasedReleasePollingTests {
    /// Records what the poller emits, in place of the webhooks.
    final class RecordingEvents: WebhookEvents {
        private let recorded = Mutex<[(WebhookEventType, String)]>([])
        var events: [(type: WebhookEventType, json: String)] { recorded.withLock { $0.map { (type: $0.0, json: $0.1) } } }

        func emit<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload, occurredAt: Date) async {
            _ = prepare(type, appID: appID, data: data, occurredAt: occurredAt)
        }

        /// The poller's event is prepared for the publish's transaction, which calls this as it
        /// stores the revision: recorded here, and nothing to queue.
        func prepare<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload,
                                                    occurredAt: Date) -> PendingWebhookEvent? {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let json = String(decoding: (try? encoder.encode(data)) ?? Data(), as: UTF8.self)
            recorded.withLock { $0.append((type, json)) }
            return nil
        }
    }

    /// One App Store Connect whose phase the test moves.
    final class Phase: Sendable {
        let answer = Mutex<AppStoreConnectResponse>(.json(AppStoreConnectFixture.phasedBody(state: "ACTIVE", day: 3)))
        func set(_ state: String, _ day: Int?) { answer.withLock { $0 = .json(AppStoreConnectFixture.phasedBody(state: state, day: day)) } }
        func fail(status: Int) { answer.withLock { $0 = .json("{}", status: status) } }

        var transport: ScriptedConnectTransport {
            ScriptedConnectTransport { [self] url in
                if url.path.hasSuffix("/appStoreVersionPhasedRelease") { return .success(answer.withLock { $0 }) }
                if url.path.hasSuffix("/appStoreVersions") { return .success(.json(AppStoreConnectFixture.versionsBody("2.5.0"))) }
                return .success(.json(AppStoreConnectFixture.appsBody))
            }
        }
    }

    private func link(_ server: TestServer, key: Bool = true) async throws {
        try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID(AppStoreConnectFixture.bundleID),
                                                             storefronts: ["us"])
        if key {
            _ = try await server.components.appStoreConnectKeys.set(app: "notes", issuerID: AppStoreConnectFixture.issuerID,
                                                                    keyID: AppStoreConnectFixture.keyID,
                                                                    privateKeyPEM: AppStoreConnectFixture.privateKeyPEM)
        }
    }

    private func poll(_ server: TestServer, _ phase: Phase, events: RecordingEvents = RecordingEvents()) async throws -> AppStorePollOutcome {
        let phased = server.components.phasedReleaseService(connectURL: try AppStoreConnectURL(parsing: "http://127.0.0.1:9", allowLoopbackHTTP: true),
                                                            transport: phase.transport, logger: TestBackend.logger)
        let poller = AppStorePoller(links: server.components.appStoreLinks,
                                    lookup: AppStoreLookupClient(transport: FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: "2.5.0")])),
                                    publisher: GuardedAppStorePublisher(policies: server.components.policies, adoption: server.components.adoption),
                                    phased: phased, events: events, now: server.components.now, logger: TestBackend.logger)
        return try await poller.poll(app: "notes", platform: .ios, reset: false).outcome
    }

    private func rollout(_ server: TestServer) async throws -> Rollout? {
        try await server.components.policies.current(app: "notes", channel: .production).1.platforms[.ios]?.rollout
    }

    private func status(_ server: TestServer) async throws -> AppStoreLinkStatus {
        try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)).status
    }

    private func revisions(_ server: TestServer) async throws -> Int {
        try await server.components.repository.revisions(appID: "notes", channel: .production).count
    }

    // MARK: Tests

    @Test("day 3 publishes a 5 % rollout, the same day again publishes nothing, paused publishes 0 % and complete 100 %")
    func followsTheDays() async throws {
        try await TestServer.with { server in
            try await link(server)
            let phase = Phase()
            guard case .published = try await poll(server, phase) else { Issue.record("expected a publish"); return }
            #expect(try await rollout(server) == .percentage(5))
            #expect(try await status(server).phasedRelease == "ACTIVE day 3: 5 %")
            let published = try await revisions(server)

            #expect(try await poll(server, phase) == .unchanged)
            #expect(try await revisions(server) == published, "an unchanged phase publishes no revision")

            phase.set("PAUSED", 3)
            guard case .published = try await poll(server, phase) else { Issue.record("expected a publish"); return }
            #expect(try await rollout(server) == .percentage(0))
            #expect(try await status(server).phasedRelease == "PAUSED day 3: 0 %")

            phase.set("COMPLETE", nil)
            guard case .published = try await poll(server, phase) else { Issue.record("expected a publish"); return }
            #expect(try await rollout(server) == .percentage(100))
            #expect(try await revisions(server) == published + 2)
        }
    }

    @Test("without a key, or when App Store Connect answers 503, the policy's own rollout stands and the status says why")
    func fallsBack() async throws {
        try await TestServer.with { server in
            try await link(server, key: false)
            let before = try await rollout(server)
            let phase = Phase()
            _ = try await poll(server, phase)
            #expect(try await rollout(server) == before)
            #expect(try await status(server).phasedRelease == "policy's own rollout: no App Store Connect key is set")

            _ = try await server.components.appStoreConnectKeys.set(app: "notes", issuerID: AppStoreConnectFixture.issuerID,
                                                                    keyID: AppStoreConnectFixture.keyID,
                                                                    privateKeyPEM: AppStoreConnectFixture.privateKeyPEM)
            phase.fail(status: 503)
            #expect(try await poll(server, phase) == .unchanged)
            #expect(try await rollout(server) == before)
            let status = try await status(server)
            #expect(status.phasedRelease?.hasPrefix("policy's own rollout: ") == true && status.phasedRelease != "policy's own rollout: no App Store Connect key is set")
            #expect(status.lastError == nil, "the lookup itself succeeded")
        }
    }

    @Test("each revision the poller publishes is an appstore.changed event with the version, storefronts and rollout; an unchanged poll is none")
    func emitsAppStoreChanged() async throws {
        try await TestServer.with { server in
            try await link(server)
            let events = RecordingEvents()
            let phase = Phase()
            _ = try await poll(server, phase, events: events)
            _ = try await poll(server, phase, events: events)
            let emitted = events.events
            #expect(emitted.count == 1)
            #expect(emitted.first?.type == .appStoreChanged)
            let json = try #require(emitted.first?.json)
            #expect(json.contains(#""rollout":5"#) && json.contains(#""version":"2.5.0""#) && json.contains(#""storefronts":{"us":"2.5.0"}"#)
                    && json.contains(#""phasedRelease":"ACTIVE day 3: 5 %""#), "\(json)")
        }
    }
}
