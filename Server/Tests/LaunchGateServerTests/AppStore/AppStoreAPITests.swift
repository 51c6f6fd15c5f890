import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("The admin API links, lists and unlinks App Store apps, publish scope to change, read scope to look")
struct AppStoreAPITests {
    private func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    /// A server whose own poller is off and whose lookup URL is a loopback port nothing answers: only a sync polls, and fails at once.
    private func offlineServer() async throws -> TestServer {
        var server = try await TestServer.make()
        server.configuration.appStorePolling = false
        server.configuration.appStoreLookupURL = URL(string: "http://127.0.0.1:9")!
        return server
    }

    /// `app`'s `launchgate_appstore_failures` line on the server's /metrics, if there is one.
    private func failuresLine(_ server: TestServer, app: String) async throws -> Substring? {
        try await server.application.test(.router) { client in
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(server.adminToken)).text
            return metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_appstore_failures{") && $0.contains(#"app="\#(app)""#) }
        }
    }

    /// The value of a metrics line.
    private func value(_ line: Substring?) -> Double? { line.flatMap { Double($0.split(separator: " ").last ?? "") } }

    // MARK: Tests

    @Test("a link is stored with its storefronts normalised, listed with its status, and unlinked once")
    func roundTrip() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let put = try await client.execute(uri: "/v1/admin/apps/notes/appstore", method: .put, headers: auth,
                                               body: body(#"{"platform": "ios", "bundleId": "com.example.notes", "storefronts": ["US", "jp", "us"], "pins": ["notes"]}"#))
            #expect(put.status == .ok)
            #expect(try put.json()["storefronts"] as? [String] == ["us", "jp"], "lowercased, once each, in the order given")
            let listed = try await client.execute(uri: "/v1/admin/apps/notes/appstore", method: .get, headers: auth)
            let links = try #require(try JSONSerialization.jsonObject(with: listed.data) as? [[String: Any]])
            #expect(links.count == 1 && links[0]["bundleId"] as? String == "com.example.notes" && links[0]["pins"] as? [String] == ["notes"])
            #expect((links[0]["status"] as? [String: Any])?["failures"] as? Int == 0)
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/appstore?platform=ios", method: .delete, headers: auth).status == .noContent)
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/appstore?platform=ios", method: .delete, headers: auth).errorCode == "appstore-not-linked")
        }
    }

    @Test("the listed status carries the phased release the poller last found, beside the lookup's, and the trusted and newest versions (review s15, M12)")
    func phasedReleaseStatus() async throws {
        let server = try await TestServer.make()
        try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
        let status = AppStoreLinkStatus(lastPollAt: Samples.now, lastSuccessAt: Samples.now, nextPollAt: Samples.now.addingTimeInterval(1800),
                                        phasedRelease: "ACTIVE day 3: 5 %", trustedVersion: "2.4.1", newestVersion: "2.5.0", newestSince: Samples.now, newestMinorSince: Samples.now)
        _ = try await server.components.appStoreLinks.record(try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)),
                                                                           served: ["us": "2.5.0"], status: status, reset: false)
        try await server.application.test(.router) { client in
            let listed = try await client.execute(uri: "/v1/admin/apps/notes/appstore", method: .get, headers: TestServer.bearer(server.adminToken))
            let links = try #require(try JSONSerialization.jsonObject(with: listed.data) as? [[String: Any]])
            #expect((links.first?["status"] as? [String: Any])?["phasedRelease"] as? String == "ACTIVE day 3: 5 %")
            #expect((links.first?["status"] as? [String: Any])?["ignoredAnswers"] as? [String] == [], "always present, empty when none")
            let trust = try #require(links.first?["status"] as? [String: Any])
            #expect(trust["trustedVersion"] as? String == "2.4.1" && trust["newestVersion"] as? String == "2.5.0" && trust["newestMinorSince"] is String)
        }
    }

    @Test("a sync follows serve's poller configuration: after a failed sync the next poll is serve's interval, not the default's, and not backed off (attack s14, 6)")
    func syncFollowsServeConfiguration() async throws {
        var configured = try await TestServer.make()
        configured.configuration.appStorePoller.interval = .seconds(60)
        // The router test runs serve's services too: without this, serve's own poller could be the one that records.
        configured.configuration.appStorePolling = false
        // Nothing listens on the discard port: the lookup fails at once, so the link backs off.
        configured.configuration.appStoreLookupURL = URL(string: "http://127.0.0.1:9")!
        let server = configured
        try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
        try await server.application.test(.router) { client in
            let sync = try await client.execute(uri: "/v1/admin/apps/notes/appstore/sync", method: .post, headers: TestServer.bearer(server.adminToken),
                                                body: body(#"{"platform": "ios"}"#))
            #expect(sync.status == .ok)
            let json = try sync.json()
            #expect(json["result"] as? String == "error" && json["answered"] as? [String: String] == [:] && json["notPolled"] as? [String] == [])
        }
        let status = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status)
        let wait = try #require(status.lastPollAt.map { status.nextPollAt.timeIntervalSince($0) })
        #expect((54...66).contains(wait), "60 s ± 10 %, not the default's 900 s nor a backoff; was \(wait)")
        #expect(status.failures == 0, "an operator's sync adds no failure")
    }

    @Test("a sync with accept that no storefront answers is a 409 appstore-accept-not-answered in the one error shape; a bad version, or accept with reset, is a 400")
    func syncAcceptNotAnswered() async throws {
        let server = try await offlineServer()
        try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let sync = try await client.execute(uri: "/v1/admin/apps/notes/appstore/sync", method: .post, headers: auth,
                                                body: body(#"{"platform": "ios", "accept": "12.0.0"}"#))
            #expect(sync.status == .conflict)
            #expect((try sync.json()["error"] as? [String: Any])?["code"] as? String == "appstore-accept-not-answered", "\(sync.text)")
            let bad = try await client.execute(uri: "/v1/admin/apps/notes/appstore/sync", method: .post, headers: auth,
                                               body: body(#"{"platform": "ios", "accept": "twelve"}"#))
            #expect(bad.status == .badRequest)
            #expect((try bad.json()["error"] as? [String: Any])?["code"] as? String == "invalid-version", "\(bad.text)")
            // One no storefront's answer would be taken as is refused the same way, before any lookup (attack s16, 5).
            for implausible in ["99999999999.0", "1.0.0.0.1"] {
                let refused = try await client.execute(uri: "/v1/admin/apps/notes/appstore/sync", method: .post, headers: auth,
                                                       body: body(#"{"platform": "ios", "accept": "\#(implausible)"}"#))
                #expect(refused.status == .badRequest)
                #expect((try refused.json()["error"] as? [String: Any])?["code"] as? String == "invalid-version", "\(refused.text)")
            }
            // A reset trusts the newest served, not the version accepted: the pair is refused, nothing asked (review s16, P4).
            let both = try await client.execute(uri: "/v1/admin/apps/notes/appstore/sync", method: .post, headers: auth,
                                                body: body(#"{"platform": "ios", "reset": true, "accept": "12.0.0"}"#))
            #expect(both.status == .badRequest)
            #expect((try both.json()["error"] as? [String: Any])?["code"] as? String == "invalid-sync", "\(both.text)")
        }
        let lastPollAt = try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status.lastPollAt
        #expect(lastPollAt == nil, "nothing recorded")
    }

    @Test("a link that never succeeded has a failures series on /metrics for an alert, and its storefronts' own errors in the listed status (attack s14, 10 and 12)")
    func failuresGaugeAndStorefrontStatus() async throws {
        let server = try await offlineServer()
        // An app of its own: the metrics registry is the process's, shared by every test.
        try await server.components.repository.createApp(Samples.app("never-succeeded"))
        try await server.components.appStoreLinkService.link(app: "never-succeeded", platform: .ios, identity: .bundleID("com.example.never"),
                                                             storefronts: ["us"])
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let sync = try await client.execute(uri: "/v1/admin/apps/never-succeeded/appstore/sync", method: .post, headers: auth,
                                                body: body(#"{"platform": "ios"}"#))
            #expect(try sync.json()["result"] as? String == "error")
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: auth).text
            let line = metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_appstore_failures{") && $0.contains(#"app="never-succeeded""#) }
            #expect(line.map { Double($0.split(separator: " ").last ?? "") == 0 } == true, "a series, 0 after a sync: \(line ?? "none")")
            let listed = try await client.execute(uri: "/v1/admin/apps/never-succeeded/appstore", method: .get, headers: auth)
            let links = try #require(try JSONSerialization.jsonObject(with: listed.data) as? [[String: Any]])
            let us = ((links.first?["status"] as? [String: Any])?["storefronts"] as? [String: Any])?["us"] as? [String: Any]
            #expect((us?["lastError"] as? String)?.hasPrefix("us: ") == true && us?["missingPolls"] as? Int == 0 && us?["lastAnswerAt"] == nil)
        }
    }

    @Test("an unlink sets the link's failures series to 0, so an alert on its last value doesn't fire on forever (review s15, M3)")
    func unlinkZeroesFailuresGauge() async throws {
        var configured = try await TestServer.make()
        configured.configuration.appStorePolling = false
        let server = configured
        // An app of its own: the metrics registry is the process's, shared by every test.
        try await server.components.repository.createApp(Samples.app("unlinked-failing"))
        try await server.components.appStoreLinkService.link(app: "unlinked-failing", platform: .ios, identity: .bundleID("com.example.unlinked"),
                                                             storefronts: ["us"])
        AppStorePoller.failuresGauge(app: "unlinked-failing", platform: .ios).record(5)
        try await server.components.appStoreLinkService.unlink(app: "unlinked-failing", platform: .ios)
        let line = try await failuresLine(server, app: "unlinked-failing")
        #expect(value(line) == 0, "0 after the unlink: \(line ?? "none")")
    }

    @Test("a poll whose record is refused (the link was unlinked or relinked meanwhile) leaves the failures series alone (review s15, M3)")
    func refusedRecordLeavesFailuresGauge() async throws {
        let server = try await TestServer.make()
        let links = MemoryAppStoreLinkRepository()
        await links.save(AppStoreLink(app: "relinked-failing", platform: .ios, identity: .bundleID("com.example.relinked"), storefronts: ["us"],
                                          createdAt: Samples.now))
        let transport = FakeAppStoreTransport()
        await transport.set("us", .status(503))
        let poller = AppStorePoller(links: RefusingRecordLinks(links), lookup: AppStoreLookupClient(transport: transport),
                                    publisher: FakeAppStorePublisher(Samples.policy()), now: { Samples.now }, random: { 0.5 })
        AppStorePoller.failuresGauge(app: "relinked-failing", platform: .ios).record(7)
        guard case .failed = try await poller.poll(app: "relinked-failing", platform: .ios, reset: false).outcome else {
            Issue.record("expected a failure"); return
        }
        let line = try await failuresLine(server, app: "relinked-failing")
        #expect(value(line) == 7, "not the unrecorded poll's 1: \(line ?? "none")")
    }

    @Test("a bad storefront, both identities at once and an unknown app are refused in the one error shape")
    func refusals() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let bad = try await client.execute(uri: "/v1/admin/apps/notes/appstore", method: .put, headers: auth,
                                               body: body(#"{"platform": "ios", "bundleId": "com.example.notes", "storefronts": ["usa"]}"#))
            #expect(bad.status == .badRequest && bad.errorCode == "invalid-storefront")
            let both = try await client.execute(uri: "/v1/admin/apps/notes/appstore", method: .put, headers: auth,
                                                body: body(#"{"platform": "ios", "bundleId": "com.example.notes", "appleId": "1", "storefronts": ["us"]}"#))
            #expect(both.status == .badRequest && both.errorCode == "invalid-appstore-app")
            let unknown = try await client.execute(uri: "/v1/admin/apps/nope/appstore", method: .put, headers: auth,
                                                   body: body(#"{"platform": "ios", "bundleId": "com.example.notes", "storefronts": ["us"]}"#))
            #expect(unknown.status == .notFound && unknown.errorCode == "app-not-found")
        }
    }

    @Test("a read token may list links but not change them")
    func scopes() async throws {
        let server = try await TestServer.make()
        let reader = try await server.token(scope: .read)
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(reader)
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/appstore", method: .get, headers: auth).status == .ok)
            let put = try await client.execute(uri: "/v1/admin/apps/notes/appstore", method: .put, headers: auth,
                                               body: body(#"{"platform": "ios", "bundleId": "com.example.notes", "storefronts": ["us"]}"#))
            #expect(put.status == .forbidden)
        }
    }
}

/// Links whose every record is refused, as when the link was unlinked or relinked during the poll.
private struct RefusingRecordLinks: AppStoreLinkRepository {
    let base: any AppStoreLinkRepository

    init(_ base: any AppStoreLinkRepository) { self.base = base }

    func save(_ link: AppStoreLink) async throws { try await base.save(link) }
    func find(app: String, platform: Platform) async throws -> AppStoreLink? { try await base.find(app: app, platform: platform) }
    func links(app: String) async throws -> [AppStoreLink] { try await base.links(app: app) }
    func due(at now: Date, limit: Int) async throws -> [AppStoreLink] { try await base.due(at: now, limit: limit) }
    func claim(app: String, platform: Platform, expected: Date, until: Date) async throws -> Bool {
        try await base.claim(app: app, platform: platform, expected: expected, until: until)
    }
    func remove(app: String, platform: Platform) async throws -> Bool { try await base.remove(app: app, platform: platform) }
    func remove(_ link: AppStoreLink, if condition: PublishCondition) async throws -> Bool { try await base.remove(link, if: condition) }
    func record(_ link: AppStoreLink, served: [String: AppVersion], status: AppStoreLinkStatus, reset: Bool) async throws -> Bool { false }
    func stillLinked(_ link: AppStoreLink) -> PublishCondition { base.stillLinked(link) }
    func removing(_ link: AppStoreLink) -> PublishCondition { base.removing(link) }
    func resetting(_ link: AppStoreLink, floor: [String: AppVersion], reset: Bool) -> PublishCondition {
        base.resetting(link, floor: floor, reset: reset)
    }
}
