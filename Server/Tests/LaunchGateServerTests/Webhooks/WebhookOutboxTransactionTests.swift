import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

/// The events whose change is a database write are stored in that write's own transaction: the
/// change and its event commit together or not at all, so a crash after the commit can't lose
/// the event (docs/webhooks.md). A trigger makes one statement fail, on SQLite and PostgreSQL.
@Suite("A change and its webhook event commit together: a failed change queues no event, a committed one exactly one delivery per endpoint")
struct WebhookOutboxTransactionTests {
    /// Where a publish's transaction is made to fail.
    enum Failing: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// At its last statement, the change bump, after the revision and its event were written.
        case changeBump
        /// In storing the event: the revision must not go out unreported.
        case eventInsert

        var testDescription: String { rawValue }
        var statement: (Statement, String) { self == .changeBump ? (.update, "launchgate_changes") : (.insert, "webhook_deliveries") }
    }

    @Test("a publish whose transaction fails, after queuing its event or in queuing it, leaves neither the revision nor the event",
          arguments: TestBackend.sql, Failing.allCases)
    func failedPublishLeavesNothing(_ backend: TestBackend, _ failing: Failing) async throws {
        try await TestServer.with(backend) { server in
            let (components, database) = (server.components, try #require(server.components.database))
            try await Self.twoEndpoints(components)
            let before = try await components.repository.currentRevision(appID: "notes", channel: .production)?.number
            try await Self.refuse(failing.statement.0, on: failing.statement.1, database)
            let error = await #expect(throws: (any Error).self) {
                _ = try await components.adoption.publish(Samples.policy(required: "2.2.0"), app: "notes", channel: .production, author: "ada",
                                                          confirmed: true)
            }
            #expect(Self.isRefusal(error), "the failure is the trigger's, inside the publish's transaction")
            #expect(try await components.repository.currentRevision(appID: "notes", channel: .production)?.number == before)
            #expect(try await components.webhooks.deliveries(appID: "notes", failedOnly: false).isEmpty)
        }
    }

    @Test("a committed publish and rollback queue exactly one delivery per endpoint each, with one webhook-id", arguments: TestBackend.available)
    func committedPublishQueuesOnePerEndpoint(_ backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            let components = server.components
            let endpoints = try await Self.twoEndpoints(components)
            let first = try await components.adoption.publish(Samples.policy(), app: "notes", channel: .production, author: "ada", confirmed: true).0
            _ = try await components.adoption.publish(Samples.policy(required: "2.2.0"), app: "notes", channel: .production, author: "ada",
                                                      confirmed: true)
            _ = try await components.adoption.rollback(app: "notes", channel: .production, to: first.number, author: "bo", confirmed: true)
            let queued = try await components.webhooks.deliveries(appID: "notes", failedOnly: false)
            for (type, events) in [("policy.published", 2), ("policy.rolled_back", 1)] {
                let ofType = queued.filter { $0.type == type }
                #expect(ofType.count == 2 * events && Set(ofType.map(\.eventID)).count == events, "\(type): one delivery per endpoint and event")
                for event in Set(ofType.map(\.eventID)) {
                    #expect(ofType.filter { $0.eventID == event }.map(\.endpointID).sorted() == endpoints.sorted(), "\(type): one per endpoint")
                }
            }
        }
    }

    @Test("a deletion that fails at its last statement queues no user.deleted; a sign-in that creates a user queues one user.created per endpoint",
          arguments: TestBackend.sql)
    func userEvents(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        do { try await Self.userEvents(fixture) } catch {
            await fixture.close()
            throw error
        }
        await fixture.close()
    }

    private static func userEvents(_ fixture: SignInFixture) async throws {
        let (components, database) = (fixture.components, try #require(fixture.components.database))
        let endpoints = try await twoEndpoints(components)
        let ada = try await fixture.signIn("ada@example.com")
        fixture.clock.advance(by: 120)
        _ = try await fixture.signIn("ada@example.com", device: "device-2", client: "198.51.100.7")
        let created = try await components.webhooks.deliveries(appID: "notes", failedOnly: false)
        #expect(created.map(\.type) == ["user.created", "user.created"] && created.map(\.endpointID).sorted() == endpoints.sorted(),
                "one per endpoint; the second sign-in created no user")
        // The day's count is the deletion's last statement, after the event.
        try await refuse(.insert, on: "sign_in_deletions", database)
        let error = await #expect(throws: (any Error).self) { try await fixture.service.deleteAccount(app: "notes", token: ada.token) }
        #expect(isRefusal(error))
        #expect(try await components.webhooks.deliveries(appID: "notes", failedOnly: false).count == 2, "no user.deleted")
        #expect(try await fixture.service.session(app: "notes", token: ada.token).1.email == "ada@example.com", "the deletion was undone")
    }

    @Test("a poll's publish stores appstore.changed beside policy.published: one that fails, at its last statement or in storing appstore.changed, stores no revision and neither event; a committed one both (review s14, K8)",
          arguments: TestBackend.sql)
    func pollPublishStoresBothOrNeither(_ backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            let (components, database) = (server.components, try #require(server.components.database))
            try await Self.twoEndpoints(components)
            try await components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
            let poller = components.appStorePoller(transport: FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: "2.5.0")]),
                                                   logger: TestBackend.logger)
            try await Self.refuse(.update, on: "launchgate_changes", database)
            let error = await #expect(throws: (any Error).self) { _ = try await poller.poll(app: "notes", platform: .ios, reset: false) }
            #expect(Self.isRefusal(error), "the publish's transaction failed at its last statement")
            #expect(try await components.webhooks.deliveries(appID: "notes", failedOnly: false).isEmpty, "neither event")
            try await Self.allow(on: "launchgate_changes", database)

            // appstore.changed alone can't be stored: the revision and policy.published go with it.
            let before = try await components.repository.currentRevision(appID: "notes", channel: .production)?.number
            try await Self.refuse(.insert, on: "webhook_deliveries", when: "appstore.changed", database)
            let eventError = await #expect(throws: (any Error).self) { _ = try await poller.poll(app: "notes", platform: .ios, reset: false) }
            #expect(Self.isRefusal(eventError))
            #expect(try await components.repository.currentRevision(appID: "notes", channel: .production)?.number == before)
            #expect(try await components.webhooks.deliveries(appID: "notes", failedOnly: false).isEmpty, "no policy.published without its pair")
            try await Self.allow(on: "webhook_deliveries", database)

            guard case .published = try await poller.poll(app: "notes", platform: .ios, reset: false).outcome else {
                Issue.record("expected a publish")
                return
            }
            let queued = try await components.webhooks.deliveries(appID: "notes", failedOnly: false)
            #expect(queued.map(\.type).sorted() == ["appstore.changed", "appstore.changed", "policy.published", "policy.published"], "\(queued.map(\.type))")
        }
    }

    // MARK: Helpers

    /// Adds two endpoints that receive every event; returns their IDs.
    @discardableResult
    private static func twoEndpoints(_ components: ServerComponents) async throws -> [String] {
        var ids: [String] = []
        for path in ["a", "b"] {
            ids.append(try await components.webhooks.add(appID: "notes", url: "https://hooks.example.com/\(path)", events: []).endpoint.id)
        }
        return ids
    }

    /// Whether the error is the trigger's (PostgreSQL's errors say what happened only when reflected).
    private static func isRefusal(_ error: (any Error)?) -> Bool {
        error.map { String(reflecting: $0).contains("refused by the test") } ?? false
    }

    enum Statement: String { case insert = "INSERT", update = "UPDATE" }

    /// Drops what ``refuse(_:on:_:)`` made.
    static func allow(on table: String, _ database: Database) async throws {
        try await database.read { db in
            if db.dialect.name == "sqlite" {
                try await db.raw("DROP TRIGGER refuse_for_test").run()
            } else {
                try await db.raw("DROP TRIGGER refuse_for_test ON \(ident: table)").run()
                try await db.raw("DROP FUNCTION refuse_for_test()").run()
            }
        }
    }

    /// Makes every `statement` on `table` fail with "refused by the test", inside whatever
    /// transaction runs it; with `type`, only rows of that webhook event type.
    static func refuse(_ statement: Statement, on table: String, when type: String? = nil, _ database: Database) async throws {
        // A test's own constant, never input.
        let condition = type.map { "WHEN (NEW.type = '\($0)')" } ?? ""
        try await database.read { db in
            if db.dialect.name == "sqlite" {
                try await db.raw("""
                    CREATE TRIGGER refuse_for_test BEFORE \(unsafeRaw: statement.rawValue) ON \(ident: table) \(unsafeRaw: condition)
                    BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                    """).run()
            } else {
                try await db.raw("""
                    CREATE FUNCTION refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$
                    """).run()
                try await db.raw("""
                    CREATE TRIGGER refuse_for_test BEFORE \(unsafeRaw: statement.rawValue) ON \(ident: table) FOR EACH ROW \(unsafeRaw: condition)
                    EXECUTE FUNCTION refuse_for_test()
                    """).run()
            }
        }
    }
}
