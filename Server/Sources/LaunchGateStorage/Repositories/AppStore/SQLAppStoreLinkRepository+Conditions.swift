import Foundation
import LaunchGate
import SQLKit

/// The conditions a publish carries (``PublishCondition``), checked in its own transaction.
extension SQLAppStoreLinkRepository {
    public func stillLinked(_ link: AppStoreLink) -> PublishCondition { stillLinked(link, since: true) }

    /// ``stillLinked(_:)``; with `since` also unchanged since read (``AppStoreLink/isUnchangedSinceRead(_:)``): an unlink
    /// isn't raced by a reset, only a poll's publish is.
    func stillLinked(_ link: AppStoreLink, since: Bool) -> PublishCondition {
        let holds: @Sendable (AppStoreLink) -> Bool = { since ? link.isUnchangedSinceRead($0) : link.isSameLink(as: $0) }
        return PublishCondition(sql: { db in try await lockedLink(link, db).map(holds) == true },
                                memory: { try await find(app: link.app, platform: link.platform).map(holds) == true })
    }

    /// The stored link of `link`'s app and platform, read under the row's lock.
    private func lockedLink(_ link: AppStoreLink, _ db: any SQLDatabase) async throws -> AppStoreLink? {
        // On PostgreSQL the row's lock holds an unlink's withdrawal (``removing(_:)`` takes the
        // same lock before its publish reads the revision) until this publish commits, so the
        // withdrawal reads the revision published here; SQLite's transaction holds the writer lock already.
        if db.dialect.name != "sqlite" {
            try await db.raw("""
                SELECT app_id FROM appstore_links WHERE app_id = \(bind: link.app) AND platform = \(bind: link.platform.rawValue) FOR UPDATE
                """).run()
        }
        return try await Self.query(db).where("app_id", .equal, link.app).where("platform", .equal, link.platform.rawValue)
            .first().map { try Self.link($0, logger: db.logger, warnings: warnings) }
    }

    public func removing(_ link: AppStoreLink) -> PublishCondition {
        let linked = stillLinked(link, since: false)
        return PublishCondition(sql: { db in
            // stillLinked has locked the row (PostgreSQL) or holds the writer lock (SQLite): the
            // delete commits with the withdrawal, or rolls back with it.
            guard try await linked.holds(on: db) else { return false }
            return try await Self.delete(app: link.app, platform: link.platform, db)
        }, memory: {
            // A memory publish over SQL links has no transaction to share: removed just before the publish.
            guard try await linked.holds() else { return false }
            return try await remove(app: link.app, platform: link.platform)
        }, undo: {
            // Put back as it was linked; its storefronts' floor starts afresh.
            if (try? await find(app: link.app, platform: link.platform)) == .some(nil) { try? await save(link) }
        })
    }

    /// ``AppStoreLinkRepository/resetting(_:floor:reset:)``: the floor and the generation are written under the row's lock
    /// (PostgreSQL) or the writer lock (SQLite), and commit with the publish or roll back with it.
    public func resetting(_ link: AppStoreLink, floor: [String: AppVersion], reset: Bool) -> PublishCondition {
        // What the write replaced, for the undo of a memory publish over SQL links (tests only): a floor a poll
        // raised after the sync read the link is put back as it was, not as the sync read it.
        let replaced = ReplacedLink()
        let write: @Sendable (any SQLDatabase) async throws -> Bool = { db in
            guard let stored = try await lockedLink(link, db), link.isUnchangedSinceRead(stored) else { return false }
            try await Self.setFloor(stored.floor(recording: floor, reset: reset, status: stored.status), generation: stored.resetGeneration + 1, of: link, db)
            replaced.keep(stored)
            return true
        }
        return PublishCondition(sql: write, memory: {
            // A memory publish over SQL links has no transaction to share: written just before the publish.
            try await database.transaction { try await write($0) }
        }, undo: {
            guard let before = replaced.kept else { return }
            // Unless a record moved the generation on since.
            try? await database.transaction { db in
                guard let stored = try await lockedLink(link, db), stored.isSameLink(as: before),
                      stored.resetGeneration == before.resetGeneration + 1 else { return }
                try await Self.setFloor(before.served, generation: before.resetGeneration, of: link, db)
            }
        })
    }

    private static func setFloor(_ served: [String: AppVersion], generation: Int, of link: AppStoreLink, _ db: any SQLDatabase) async throws {
        try await db.update("appstore_links").set("served", to: SQLBind(try servedText(served)))
            .set("reset_generation", to: SQLBind(Int64(generation)))
            .where("app_id", .equal, link.app).where("platform", .equal, link.platform.rawValue).run()
    }
}
