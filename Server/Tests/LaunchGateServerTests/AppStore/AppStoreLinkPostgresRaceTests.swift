import Foundation
import LaunchGate
import SQLKit
import Testing
@testable import LaunchGateStorage

/// The writers of an App Store link racing on PostgreSQL, where each is its own transaction on its
/// own connection (SQLite runs one writer at a time, memory is an actor). Every one locks the link's
/// row before anything else (review s15, M4): a relink's save, an unlink's removal, a poll's record
/// and a publish's condition. So none deadlocks (40P01), none writes over what another committed,
/// and an unlink leaves neither the link nor its storefronts' rows, whatever ran beside it. Each pair
/// runs a few rounds in both orders (``LinkRowRace``) and free.
@Suite("App Store link writers racing on PostgreSQL: a relink or an unlink beside a poll's record, two unlinks, an unlink beside a poll's publish")
struct AppStoreLinkPostgresRaceTests {
    private static let rounds = 3
    private static let polledAt = Samples.now.addingTimeInterval(3600)

    @Test("a relink beside a poll's record: no deadlock, the new storefronts only, and the floor and storefront status the record committed first are kept",
          .enabled(if: TestBackend.available.contains(.postgres)), arguments: LinkRowRace.allCases)
    func relinkBesideRecord(_ race: LinkRowRace) async throws {
        try await Self.inRounds { database, _, links, round in
            let polled = try await Self.linked(links, minute: round * 2)
            // The same App Store app, so the floor of a storefront it keeps (gb) outlives the relink.
            let relinked = AppStoreLink(app: "notes", platform: .ios, identity: polled.identity, storefronts: ["fr", "gb"],
                                        createdAt: polled.createdAt.addingTimeInterval(60))
            let (recorded, saved) = try await race.run(on: database, app: "notes", platform: .ios, {
                try await links.record(polled, served: ["gb": "2.0.0", "us": "2.0.0"], status: Self.polledStatus(), reset: false)
            }, { try await links.save(relinked) })
            guard let recorded = recorded.succeeded(), saved.succeeded() != nil else { return }
            let found = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(found.isSameLink(as: relinked))
            #expect(Set(found.served.keys).isSubset(of: ["fr", "gb"]) && Set(found.status.storefronts.keys).isSubset(of: ["fr", "gb"]),
                    "\(found.served), \(found.status.storefronts.keys)")
            // A record that committed is never lost: the relink read the link after it, under its lock.
            #expect(found.served["gb"] == (recorded ? "2.0.0" : "1.0.0"), "recorded: \(recorded)")
            #expect(found.status.storefronts["gb"]?.lastPollAt == (recorded ? Self.polledAt : Samples.now), "recorded: \(recorded)")
        }
    }

    @Test("an unlink's removal under its condition beside a poll's record: no deadlock, and neither the link nor a storefront's row is left",
          .enabled(if: TestBackend.available.contains(.postgres)), arguments: LinkRowRace.allCases)
    func unlinkBesideRecord(_ race: LinkRowRace) async throws {
        try await Self.inRounds { database, repository, links, round in
            let polled = try await Self.linked(links, minute: round)
            let unpublished = repository.atRevision(appID: "notes", channel: .production, number: 0)
            let (recorded, removed) = try await race.run(on: database, app: "notes", platform: .ios, {
                try await links.record(polled, served: ["gb": "2.0.0", "us": "2.0.0"], status: Self.polledStatus(), reset: false)
            }, { try await links.remove(polled, if: unpublished) })
            _ = recorded.succeeded()
            #expect(removed.succeeded() == true)
            try await Self.expectUnlinked(database, links)
        }
    }

    @Test("two unlinks at once, each way an unlink removes (a plain removal, under a revision's condition, in a withdrawal's publish): no deadlock, one removes, nothing is left",
          .enabled(if: TestBackend.available.contains(.postgres)), arguments: LinkRowRace.allCases)
    func twoUnlinks(_ race: LinkRowRace) async throws {
        try await Self.inRounds { database, repository, links, round in
            for pair in 0..<3 {
                let (polled, number, unchanged) = try await Self.linked(links, repository, minute: round * 3 + pair)
                let conditional: @Sendable () async throws -> Bool = { try await links.remove(polled, if: unchanged) }
                let other: @Sendable () async throws -> Bool = switch pair {
                case 0: { try await links.remove(app: "notes", platform: .ios) }
                case 1: conditional
                default: Self.withdrawal(of: polled, at: number, repository, links)
                }
                let (first, second) = try await race.run(on: database, app: "notes", platform: .ios, other, conditional)
                let removals = [pair == 2 ? first.publishedOrRaced() ?? false : first.succeeded(), second.succeeded()]
                #expect(removals.filter { $0 == true }.count == 1, "pair \(pair): \(removals)")
                try await Self.expectUnlinked(database, links)
            }
        }
    }

    @Test("an unlink beside a poll's publish that carries stillLinked: no deadlock, exactly one goes through, and an unlink that did leaves neither the link, its rows nor the poll's revision",
          .enabled(if: TestBackend.available.contains(.postgres)), arguments: LinkRowRace.allCases)
    func unlinkBesidePublish(_ race: LinkRowRace) async throws {
        try await Self.inRounds { database, repository, links, round in
            for withdrawal in [false, true] {
                let (polled, number, unchanged) = try await Self.linked(links, repository, minute: round * 2 + (withdrawal ? 1 : 0))
                // The empty-storefronts unlink (review s15, M11), or the withdrawal's publish that removes the link (review s14, L5).
                let unlink: @Sendable () async throws -> Bool = switch withdrawal {
                case true: Self.withdrawal(of: polled, at: number, repository, links)
                case false: { try await links.remove(polled, if: unchanged) }
                }
                let poll: @Sendable () async throws -> Bool = { try await Self.publish(repository, expected: number, condition: links.stillLinked(polled)) }
                let (unlinkOutcome, pollOutcome) = try await race.run(on: database, app: "notes", platform: .ios, unlink, poll)
                let unlinked = (withdrawal ? unlinkOutcome.publishedOrRaced() : unlinkOutcome.succeeded()) ?? false
                let published = pollOutcome.publishedOrRaced() ?? false
                #expect(unlinked != published, "withdrawal \(withdrawal): unlinked \(unlinked), the poll published \(published)")
                let revision = try await repository.currentRevision(appID: "notes", channel: .production)?.number ?? 0
                #expect(revision == number + ((published || (withdrawal && unlinked)) ? 1 : 0))
                if unlinked {
                    try await Self.expectUnlinked(database, links)
                } else {
                    #expect(try await links.find(app: "notes", platform: .ios)?.isSameLink(as: polled) == true, "the poll published; its link stays")
                }
            }
        }
    }

    // MARK: Fixture

    /// ``rounds`` rounds on one fresh database (``withLinks(_:)``), numbered from 0.
    private static func inRounds(_ body: (Database, SQLRepository, SQLAppStoreLinkRepository, Int) async throws -> Void) async throws {
        try await withLinks { database, repository, links in
            for round in 0..<rounds { try await body(database, repository, links, round) }
        }
    }

    /// A fresh PostgreSQL database with the app "notes".
    private static func withLinks(_ body: (Database, SQLRepository, SQLAppStoreLinkRepository) async throws -> Void) async throws {
        try await TestBackend.postgres.withRepository { repository, database in
            try await repository.createApp(Samples.app("notes"))
            let database = try #require(database)
            try await body(database, try #require(repository as? SQLRepository), SQLAppStoreLinkRepository(database: database))
        }
    }

    /// Links "notes" on iOS to gb and us afresh, and records a first poll: each storefront at 1.0.0, with its row.
    private static func linked(_ links: SQLAppStoreLinkRepository, minute: Int) async throws -> AppStoreLink {
        _ = try await links.remove(app: "notes", platform: .ios)
        let link = AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["gb", "us"],
                                createdAt: Samples.now.addingTimeInterval(Double(minute) * 60))
        try await links.save(link)
        let first = AppStoreStorefrontStatus(lastPollAt: Samples.now, lastAnswerAt: Samples.now, lastAnswer: "1.0.0")
        let status = AppStoreLinkStatus(lastPollAt: Samples.now, nextPollAt: Samples.now.addingTimeInterval(3600), storefronts: ["gb": first, "us": first])
        try #require(try await links.record(link, served: ["gb": "1.0.0", "us": "1.0.0"], status: status, reset: false))
        return try #require(try await links.find(app: "notes", platform: .ios))
    }

    /// ``linked(_:minute:)``, with the policy's revision then and the condition that no publish came since, an unlink's.
    private static func linked(_ links: SQLAppStoreLinkRepository, _ repository: SQLRepository,
                               minute: Int) async throws -> (link: AppStoreLink, revision: Int, unchanged: PublishCondition) {
        let link = try await linked(links, minute: minute)
        let revision = try await repository.currentRevision(appID: "notes", channel: .production)?.number ?? 0
        return (link, revision, repository.atRevision(appID: "notes", channel: .production, number: revision))
    }

    /// A later poll's status, each storefront asked again.
    private static func polledStatus() -> AppStoreLinkStatus {
        let asked = AppStoreStorefrontStatus(lastPollAt: polledAt, lastAnswerAt: polledAt, lastAnswer: "2.0.0")
        return AppStoreLinkStatus(lastPollAt: polledAt, nextPollAt: polledAt.addingTimeInterval(3600), storefronts: ["gb": asked, "us": asked])
    }

    private static func publish(_ repository: SQLRepository, expected: Int, condition: PublishCondition) async throws -> Bool {
        _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil,
                                         at: Samples.now, expectedRevision: expected, condition: condition, events: nil)
        return true
    }

    /// An unlink's withdrawal: its publish over `revision`, removing `link` in its transaction.
    private static func withdrawal(of link: AppStoreLink, at revision: Int, _ repository: SQLRepository,
                                   _ links: SQLAppStoreLinkRepository) -> @Sendable () async throws -> Bool {
        { try await publish(repository, expected: revision, condition: links.removing(link)) }
    }

    /// Neither the link nor a row of its storefronts is left.
    private static func expectUnlinked(_ database: Database, _ links: SQLAppStoreLinkRepository,
                                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await links.find(app: "notes", platform: .ios) == nil, sourceLocation: sourceLocation)
        let rows = try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM appstore_storefront_status").first().map { try $0.decode(column: "n", as: Int.self) } ?? 0
        }
        #expect(rows == 0, "storefront rows left with no link", sourceLocation: sourceLocation)
    }
}
