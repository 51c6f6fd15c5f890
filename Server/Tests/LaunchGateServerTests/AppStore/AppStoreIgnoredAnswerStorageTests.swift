import Foundation
import InMemoryLogging
import LaunchGate
import Logging
import SQLKit
import Testing
@testable import LaunchGateStorage

@Suite("A link's ignored answers are stored as JSON with named keys; one that doesn't decode reads as none, logged, and the link stays")
struct AppStoreIgnoredAnswerStorageTests {
    /// One answer of each reason, and the JSON each is stored as, word for word (attack s16, 8).
    static let answers: [(IgnoredAnswer, String)] = [
        (IgnoredAnswer(storefront: "us", version: "12.0.0", reason: .held(trusted: "2.3.0", jump: .majors(5)),
                       answeredAt: Date(timeIntervalSinceReferenceDate: 800_000_000)),
         #"{"answeredAt":800000000,"reason":{"jump":{"count":5,"kind":"majors"},"kind":"held","trusted":"2.3.0"},"storefront":"us","version":"12.0.0"}"#),
        (IgnoredAnswer(storefront: "fr", version: "2.40.0", reason: .held(trusted: "2.3.0", jump: .minorFactor(4))),
         #"{"reason":{"jump":{"factor":4,"kind":"minorFactor"},"kind":"held","trusted":"2.3.0"},"storefront":"fr","version":"2.40.0"}"#),
        (IgnoredAnswer(storefront: "jp", version: "2.2.0", reason: .stale(floor: "2.3.0")),
         #"{"reason":{"floor":"2.3.0","kind":"stale"},"storefront":"jp","version":"2.2.0"}"#),
        (IgnoredAnswer(storefront: "gb", version: "99999.0", reason: .implausible(maximumComponent: 9999)),
         #"{"reason":{"kind":"implausible","maximumComponent":9999},"storefront":"gb","version":"99999.0"}"#),
        (IgnoredAnswer(storefront: "de", version: "1.0.0.1", reason: .tooManyComponents(maximum: 3)),
         #"{"reason":{"kind":"tooManyComponents","maximum":3},"storefront":"de","version":"1.0.0.1"}"#),
        (IgnoredAnswer(storefront: "it", version: "2.0.0", reason: .belowPublished(latest: "2.3.0")),
         #"{"reason":{"kind":"belowPublished","latest":"2.3.0"},"storefront":"it","version":"2.0.0"}"#),
        (IgnoredAnswer(storefront: "es", version: "2.1.0", reason: .recorded("2.1.0 is below the 2.3.0 it served before")),
         #"{"reason":{"kind":"recorded","text":"2.1.0 is below the 2.3.0 it served before"},"storefront":"es","version":"2.1.0"}"#),
    ]

    @Test("each reason is stored under its named keys, exactly, and reads back as it was", arguments: TestBackend.sql)
    func storedJSON(backend: TestBackend) async throws {
        try await Self.withLink(backend: backend) { database, links, link, _ in
            var status = AppStoreLinkStatus(nextPollAt: Samples.now)
            status.ignoredAnswers = Self.answers.map(\.0)
            #expect(try await links.record(link, served: ["us": "2.3.0"], status: status, reset: false))
            let row = try #require(try await database.read { try await $0.select().column("ignored_answers").from("appstore_links").first() })
            #expect(try row.decode(column: "ignored_answers", as: String?.self) == "[" + Self.answers.map(\.1).joined(separator: ",") + "]")
            #expect(try await links.find(app: "notes", platform: .ios)?.status.ignoredAnswers == status.ignoredAnswers)
        }
    }

    @Test("an unreadable ignored_answers (Swift's synthesized form, an unknown kind, garbage) reads as none with one warning per link and value, however often read; the link stays and is polled",
          arguments: TestBackend.sql)
    func unreadableReadsAsNone(backend: TestBackend) async throws {
        try await Self.withLink(backend: backend) { database, links, link, log in
            var status = AppStoreLinkStatus(nextPollAt: Samples.now, trustedVersion: "2.3.0")
            status.ignoredAnswers = [Self.answers[0].0]
            #expect(try await links.record(link, served: ["us": "2.3.0"], status: status, reset: false))
            let synthesized = #"[{"reason":{"held":{"jump":{"majors":{"_0":5}},"trusted":"2.3.0"}},"storefront":"us","version":"12.0.0"}]"#
            let unknown = #"[{"reason":{"kind":"sideways"},"storefront":"us","version":"12.0.0"}]"#
            for stored in [synthesized, unknown, "[{", "no storefront here"] {
                try await database.transaction { sql in
                    try await sql.update("appstore_links").set("ignored_answers", to: SQLBind(stored)).where("app_id", .equal, "notes").run()
                }
                let found = try #require(try await links.find(app: "notes", platform: .ios), "the link stays: \(stored)")
                #expect(found.status.ignoredAnswers.isEmpty && found.status.trustedVersion == "2.3.0", "\(stored)")
                #expect(try await links.due(at: Samples.now, limit: 10).map(\.app) == ["notes"], "still polled: \(stored)")
            }
            // Each of the 4 values was read twice (find, then due), and is logged once.
            #expect(log.entries.filter { $0.level == .warning && "\($0.message)".contains("ignored_answers") }.count == 4, "\(log.entries)")
        }
    }

    /// A fresh database with the app `notes` linked on iOS in `us`, its warnings logged to the handler given to `body`.
    static func withLink(backend: TestBackend,
                          _ body: (Database, SQLAppStoreLinkRepository, AppStoreLink, InMemoryLogHandler) async throws -> Void) async throws {
        let log = InMemoryLogHandler()
        var logger = Logger(label: "launchgate-tests") { _ in log }
        logger.logLevel = .warning
        try await backend.withFreshLocation { location in
            let database = try await Database.open(try #require(location), leaseTimeout: .seconds(10), leaseWait: .seconds(30), logger: logger)
            do {
                try await Migrator(database: database).migrate()
                try await SQLRepository(database: database).createApp(Samples.app("notes"))
                let links = SQLAppStoreLinkRepository(database: database)
                let link = AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"], createdAt: Samples.now)
                try await links.save(link)
                try await body(database, links, link, log)
            } catch {
                await database.close()
                throw error
            }
            await database.close()
        }
    }
}
