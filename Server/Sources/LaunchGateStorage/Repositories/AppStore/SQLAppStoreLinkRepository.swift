import Foundation
import LaunchGate
import Logging
import SQLKit

/// App Store links over SQLKit, for SQLite and PostgreSQL alike.
public struct SQLAppStoreLinkRepository: AppStoreLinkRepository {
    package let database: Database
    /// The unreadable `newest_release` values already logged: a link's is read every tick while unanswered.
    let warnings = OnceWarnings()

    /// Creates a repository; run ``Migrator`` first.
    public init(database: Database) { self.database = database }

    public func save(_ link: AppStoreLink) async throws {
        try await database.transaction { db in
            var link = link
            // Read under the row's lock (PostgreSQL; SQLite's writer lock is held already), the lock a poll's
            // record takes first: a record that committed meanwhile is read and its floor kept, not written over.
            let old = try await Self.query(db).where("app_id", .equal, link.app).where("platform", .equal, link.platform.rawValue)
                .for(.update).first().map { try Self.link($0, logger: db.logger, warnings: warnings) }
            link.served = old.map { old in old.identity == link.identity ? old.served.filter { link.storefronts.contains($0.key) } : [:] } ?? [:]
            if let old, old.identity == link.identity {
                link.status.keepTrust(of: old.status)
                link.status.keepHeld(of: old.status, storefronts: link.storefronts)
                link.resetGeneration = old.resetGeneration
            }
            // Like the floor, the storefronts' rows outlive a relink only to the same App Store app.
            let kept = try await Self.withStorefronts(old.map { [$0] } ?? [], db).first { $0.identity == link.identity }
            link.status.storefronts = kept?.status.storefronts ?? [:]
            try await Self.delete(app: link.app, platform: link.platform, db)
            try await db.insert(into: "appstore_links")
                .columns("app_id", "platform", "bundle_id", "apple_id", "storefronts", "pins", "served", "created_at",
                         "last_poll_at", "last_success_at", "last_error", "failures", "next_poll_at", "phased_release", "ignored_answers",
                         "trusted_version", "newest_version", "newest_since", "newest_minor_since", "newest_release", "reset_generation")
                .values(SQLBind(link.app), SQLBind(link.platform.rawValue), SQLBind(link.identity.bundleID), SQLBind(Self.appleID(link.identity)),
                        SQLBind(link.storefronts.joined(separator: ",")), SQLBind(Self.pinsText(link.pins)), SQLBind(try Self.servedText(link.served)),
                        SQLBind(link.createdAt.milliseconds), SQLBind(link.status.lastPollAt?.milliseconds),
                        SQLBind(link.status.lastSuccessAt?.milliseconds), SQLBind(link.status.lastError), SQLBind(Int64(link.status.failures)),
                        SQLBind(link.status.nextPollAt.milliseconds), SQLBind(link.status.phasedRelease),
                        SQLBind(try Self.ignoredText(link.status.ignoredAnswers)), SQLBind(link.status.trustedVersion?.description),
                        SQLBind(link.status.newestVersion?.description), SQLBind(link.status.newestSince?.milliseconds),
                        SQLBind(link.status.newestMinorSince?.milliseconds), SQLBind(try Self.newestReleaseText(link.status.newestRelease)), SQLBind(Int64(link.resetGeneration)))
                .run()
            try await Self.writeStorefronts(link.status.storefronts, of: link, db)
        }
    }

    public func find(app: String, platform: Platform) async throws -> AppStoreLink? {
        try await database.read { db in
            try await Self.withStorefronts(Self.query(db).where("app_id", .equal, app).where("platform", .equal, platform.rawValue).all().map { try Self.link($0, logger: db.logger, warnings: warnings) }, db).first
        }
    }

    public func links(app: String) async throws -> [AppStoreLink] {
        try await database.read { db in try await Self.withStorefronts(Self.query(db).where("app_id", .equal, app).orderBy("platform").all().map { try Self.link($0, logger: db.logger, warnings: warnings) }, db) }
    }

    public func due(at now: Date, limit: Int) async throws -> [AppStoreLink] {
        try await database.read { db in
            let due = try await Self.query(db).where("next_poll_at", .lessThanOrEqual, now.milliseconds)
                .orderBy("next_poll_at").orderBy("app_id").orderBy("platform").limit(max(limit, 0)).all().map { try Self.link($0, logger: db.logger, warnings: warnings) }
            return try await Self.withStorefronts(due, db)
        }
    }

    public func claim(app: String, platform: Platform, expected: Date, until: Date) async throws -> Bool {
        try await database.transaction { db in
            // One statement decides: of two instances running it with the same `expected`, the
            // second finds next_poll_at moved and matches no row.
            let claimed = try await db.update("appstore_links").set("next_poll_at", to: SQLBind(until.milliseconds))
                .where("app_id", .equal, app).where("platform", .equal, platform.rawValue)
                .where("next_poll_at", .equal, expected.milliseconds)
                .returning("app_id").all()
            return !claimed.isEmpty
        }
    }

    public func remove(app: String, platform: Platform) async throws -> Bool {
        try await database.transaction { db in
            try await Self.delete(app: app, platform: platform, db)
        }
    }

    public func remove(_ link: AppStoreLink, if condition: PublishCondition) async throws -> Bool {
        let linked = stillLinked(link, since: false)
        return try await database.transaction { db in
            // stillLinked locks the row (PostgreSQL; SQLite's writer lock is held already), so a poll's
            // publish has committed, and the condition reads its revision, or it finds the link gone.
            guard try await linked.holds(on: db), try await condition.holds(on: db) else { return false }
            return try await Self.delete(app: link.app, platform: link.platform, db)
        }
    }

    public func record(_ polled: AppStoreLink, served: [String: AppVersion], status: AppStoreLinkStatus, reset: Bool) async throws -> Bool {
        try await database.transaction { db in
            // The read, the max and the write in one transaction: SQLite's writer lock, and on
            // PostgreSQL the row's lock, keep a concurrent record from slipping between them.
            if db.dialect.name != "sqlite" {
                try await db.raw("""
                    SELECT app_id FROM appstore_links WHERE app_id = \(bind: polled.app) AND platform = \(bind: polled.platform.rawValue) FOR UPDATE
                    """).run()
            }
            guard let stored = try await Self.query(db).where("app_id", .equal, polled.app).where("platform", .equal, polled.platform.rawValue)
                .first().map({ try Self.link($0, logger: db.logger, warnings: warnings) }), polled.isUnchangedSinceRead(stored) else { return false }
            try await db.update("appstore_links").set("served", to: SQLBind(try Self.servedText(stored.floor(recording: served, reset: reset, status: status))))
                .set("last_poll_at", to: SQLBind(status.lastPollAt?.milliseconds)).set("last_success_at", to: SQLBind(status.lastSuccessAt?.milliseconds))
                .set("last_error", to: SQLBind(status.lastError)).set("failures", to: SQLBind(Int64(status.failures)))
                .set("next_poll_at", to: SQLBind(status.nextPollAt.milliseconds)).set("phased_release", to: SQLBind(status.phasedRelease))
                .set("ignored_answers", to: SQLBind(try Self.ignoredText(status.ignoredAnswers)))
                .set("trusted_version", to: SQLBind(stored.trusted(recording: status, readAs: polled)?.description))
                .set("newest_version", to: SQLBind(status.newestVersion?.description)).set("newest_since", to: SQLBind(status.newestSince?.milliseconds))
                .set("newest_minor_since", to: SQLBind(status.newestMinorSince?.milliseconds))
                .set("newest_release", to: SQLBind(try Self.newestReleaseText(status.newestRelease)))
                .set("reset_generation", to: SQLBind(Int64(stored.resetGeneration + (polled.lowers(recording: status, reset: reset) ? 1 : 0))))
                .where("app_id", .equal, polled.app).where("platform", .equal, polled.platform.rawValue).run()
            // Only the storefronts this poll asked (their status changed from the one it read).
            try await Self.writeStorefronts(status.storefronts.filter { polled.status.storefronts[$0.key] != $0.value }, of: stored, db)
            return true
        }
    }

    // MARK: Rows

    /// Deletes the link's row, the one lock every writer takes first (review s15, M4): the foreign key's
    /// `ON DELETE CASCADE` then takes its storefront rows. Whether there was one.
    @discardableResult
    static func delete(app: String, platform: Platform, _ db: any SQLDatabase) async throws -> Bool {
        try await !db.delete(from: "appstore_links").where("app_id", .equal, app).where("platform", .equal, platform.rawValue)
            .returning("app_id").all().isEmpty
    }

    static func query(_ db: any SQLDatabase) -> SQLSelectBuilder {
        db.select().columns("app_id", "platform", "bundle_id", "apple_id", "storefronts", "pins", "served", "created_at",
                            "last_poll_at", "last_success_at", "last_error", "failures", "next_poll_at", "phased_release", "ignored_answers",
                            "trusted_version", "newest_version", "newest_since", "newest_minor_since", "newest_release", "reset_generation")
            .from("appstore_links")
    }

    private static func appleID(_ identity: AppStoreIdentity) -> String? {
        if case .appleID(let id) = identity { id } else { nil }
    }

    private static func pinsText(_ pins: Set<AppStorePin>) -> String { pins.map(\.rawValue).sorted().joined(separator: ",") }

    static func servedText(_ served: [String: AppVersion]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(served), as: UTF8.self)
    }

    /// The answers as JSON, `NULL` for none.
    private static func ignoredText(_ answers: [IgnoredAnswer]) throws -> String? {
        guard !answers.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(answers), as: UTF8.self)
    }

    /// The stored answers: JSON, or the lines migration 045's poller wrote (`us: 2.4.1 is below …`),
    /// which read as ``IgnoredAnswer/Reason/recorded(_:)`` with their text, so an upgrade loses none.
    /// A value that reads as neither (edited by hand, or an unreleased build's JSON, attack s16, 8)
    /// reads as none, logged once per link and value (`key`, as ``newestRelease(_:key:logger:warnings:)``), rather than
    /// losing the link: the next poll lists again what it doesn't believe, and the trusted version, not this list, is
    /// what holds an answer back.
    private static func ignoredAnswers(_ text: String?, key: String, logger: Logger, warnings: OnceWarnings) -> [IgnoredAnswer] {
        guard let text else { return [] }
        func unreadable(_ error: String) -> [IgnoredAnswer] {
            if warnings.first("ignored\u{0}\(key)\u{0}\(text.hashValue)") {
                logger.warning("appstore_links holds unreadable ignored_answers; read as none until the next poll records them",
                               metadata: ["link": "\(key)", "error": "\(error)"])
            }
            return []
        }
        if text.hasPrefix("[") {
            do { return try JSONDecoder().decode([IgnoredAnswer].self, from: Data(text.utf8)) } catch { return unreadable("\(error)") }
        }
        var answers: [IgnoredAnswer] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let word = parts[1].split(separator: " ").first, let version = try? AppVersion(parsing: String(word)) else {
                return unreadable("a line with no storefront and version")
            }
            answers.append(IgnoredAnswer(storefront: String(parts[0]), version: version,
                                         reason: .recorded(String(parts[1].dropFirst(parts[1].hasPrefix(" ") ? 1 : 0)))))
        }
        return answers
    }

    /// The newest answer's record as JSON, `NULL` for none.
    private static func newestReleaseText(_ release: AppStoreNewestRelease?) throws -> String? {
        guard let release else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(release), as: UTF8.self)
    }

    /// The stored record of the newest answer. One that doesn't decode (edited by hand, or written
    /// by a build before it was typed) reads as none, logged once per link and value (`key` and the text's hash, so the bounded set stays small), rather
    /// than losing the link: the next poll's answer is then taken as the record, which costs at most
    /// one correction of a young version's notes.
    private static func newestRelease(_ text: String?, key: String, logger: Logger, warnings: OnceWarnings) -> AppStoreNewestRelease? {
        guard let text else { return nil }
        do {
            return try JSONDecoder().decode(AppStoreNewestRelease.self, from: Data(text.utf8))
        } catch {
            if warnings.first("\(key)\u{0}\(text.hashValue)") {
                logger.warning("appstore_links holds an unreadable newest_release; read as none until the next poll records one",
                               metadata: ["link": "\(key)", "error": "\(error)"])
            }
            return nil
        }
    }

    static func link(_ row: any SQLRow, logger: Logger, warnings: OnceWarnings) throws -> AppStoreLink {
        func corrupt(_ what: String) -> StorageError { StorageError.corrupt("the appstore_links table holds \(what); was it edited by hand?") }
        guard let platform = Platform(rawValue: try row.decode(column: "platform", as: String.self)) else { throw corrupt("an unknown platform") }
        let app = try row.decode(column: "app_id", as: String.self)
        let identity: AppStoreIdentity
        switch (try row.decode(column: "bundle_id", as: String?.self), try row.decode(column: "apple_id", as: String?.self)) {
        case (let bundle?, nil): identity = .bundleID(bundle)
        case (nil, let apple?): identity = .appleID(apple)
        default: throw corrupt("a link with neither or both of a bundle ID and an Apple ID")
        }
        var pins = Set<AppStorePin>()
        for name in try row.decode(column: "pins", as: String.self).split(separator: ",") {
            guard let pin = AppStorePin(rawValue: String(name)) else { throw corrupt("an unknown pin") }
            pins.insert(pin)
        }
        let served: [String: AppVersion]
        do {
            served = try JSONDecoder().decode([String: AppVersion].self, from: Data(try row.decode(column: "served", as: String.self).utf8))
        } catch { throw corrupt("unreadable storefront versions") }
        func version(_ column: String) throws -> AppVersion? {
            guard let text = try row.decode(column: column, as: String?.self) else { return nil }
            do { return try AppVersion(parsing: text) } catch { throw corrupt("an unreadable \(column)") }
        }
        let status = AppStoreLinkStatus(
            lastPollAt: try row.decode(column: "last_poll_at", as: Int64?.self).map(Date.init(milliseconds:)),
            lastSuccessAt: try row.decode(column: "last_success_at", as: Int64?.self).map(Date.init(milliseconds:)),
            lastError: try row.decode(column: "last_error", as: String?.self), failures: Int(try row.decode(column: "failures", as: Int64.self)),
            nextPollAt: Date(milliseconds: try row.decode(column: "next_poll_at", as: Int64.self)),
            phasedRelease: try row.decode(column: "phased_release", as: String?.self),
            ignoredAnswers: Self.ignoredAnswers(try row.decode(column: "ignored_answers", as: String?.self), key: "\(app)/\(platform.rawValue)",
                                                logger: logger, warnings: warnings),
            trustedVersion: try version("trusted_version"), newestVersion: try version("newest_version"),
            newestSince: try row.decode(column: "newest_since", as: Int64?.self).map(Date.init(milliseconds:)),
            newestMinorSince: try row.decode(column: "newest_minor_since", as: Int64?.self).map(Date.init(milliseconds:)),
            newestRelease: Self.newestRelease(try row.decode(column: "newest_release", as: String?.self), key: "\(app)/\(platform.rawValue)",
                                              logger: logger, warnings: warnings))
        var link = AppStoreLink(app: app, platform: platform, identity: identity,
                            storefronts: try row.decode(column: "storefronts", as: String.self).split(separator: ",").map(String.init),
                            pins: pins, served: served, createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)),
                            status: status)
        link.resetGeneration = Int(try row.decode(column: "reset_generation", as: Int64.self))
        return link
    }
}
