import Foundation
import LaunchGate

/// App Store links in memory, for tests and `--memory` servers.
public actor MemoryAppStoreLinkRepository: AppStoreLinkRepository {
    private struct Key: Hashable {
        let app: String
        let platform: Platform
    }

    private var links: [Key: AppStoreLink] = [:]
    /// Links an unlink's publish removed, until it commits; memory's stand-in for a rollback.
    private var taken: [Key: AppStoreLink] = [:]
    /// How many links ``taken`` holds: none once every unlink's publish committed or failed.
    var takenCount: Int { taken.count }
    /// Links as they were before a sync's publish set their floor (``resetting(_:floor:reset:)``), until it commits.
    private var beforeReset: [Key: AppStoreLink] = [:]

    /// Creates an empty repository.
    public init() {}

    public func save(_ link: AppStoreLink) {
        var link = link
        if let old = links[Key(app: link.app, platform: link.platform)], old.identity == link.identity {
            link.served = old.served.filter { link.storefronts.contains($0.key) }
            link.status.storefronts = old.status.storefronts.filter { link.storefronts.contains($0.key) }
            link.status.keepTrust(of: old.status)
            link.status.keepHeld(of: old.status, storefronts: link.storefronts)
            link.resetGeneration = old.resetGeneration
        } else {
            link.served = [:]
            link.status.storefronts = [:]
        }
        links[Key(app: link.app, platform: link.platform)] = link
    }

    public func find(app: String, platform: Platform) -> AppStoreLink? { links[Key(app: app, platform: platform)] }

    public func links(app: String) -> [AppStoreLink] {
        links.values.filter { $0.app == app }.sorted { $0.platform.rawValue < $1.platform.rawValue }
    }

    public func due(at now: Date, limit: Int) -> [AppStoreLink] {
        Array(links.values.filter { $0.status.nextPollAt <= now }
            .sorted { ($0.status.nextPollAt, $0.app, $0.platform.rawValue) < ($1.status.nextPollAt, $1.app, $1.platform.rawValue) }
            .prefix(max(limit, 0)))
    }

    public func claim(app: String, platform: Platform, expected: Date, until: Date) -> Bool {
        // Compared as stored: the SQL repository keeps milliseconds, and so is the claim's match here.
        guard var link = links[Key(app: app, platform: platform)], link.status.nextPollAt.milliseconds == expected.milliseconds else { return false }
        link.status.nextPollAt = until
        links[Key(app: app, platform: platform)] = link
        return true
    }

    public func remove(app: String, platform: Platform) -> Bool {
        links.removeValue(forKey: Key(app: app, platform: platform)) != nil
    }

    public func remove(_ link: AppStoreLink, if condition: PublishCondition) async throws -> Bool {
        // No transaction: the condition is asked just before the removal, as a memory publish asks its own.
        guard try await condition.holds(), find(app: link.app, platform: link.platform)?.isSameLink(as: link) == true else { return false }
        return remove(app: link.app, platform: link.platform)
    }

    public func record(_ polled: AppStoreLink, served: [String: AppVersion], status: AppStoreLinkStatus, reset: Bool) -> Bool {
        let key = Key(app: polled.app, platform: polled.platform)
        guard var link = links[key], polled.isUnchangedSinceRead(link) else { return false }
        if polled.lowers(recording: status, reset: reset) { link.resetGeneration += 1 }
        link.served = link.floor(recording: served, reset: reset, status: status)
        // Only the storefronts this poll asked (changed from what it read): another's stay (review s15, M7).
        let asked = status.storefronts.filter { link.storefronts.contains($0.key) && polled.status.storefronts[$0.key] != $0.value }
        let stored = link.status.storefronts
        let trusted = link.trusted(recording: status, readAs: polled)
        link.status = status
        link.status.storefronts = stored.merging(asked) { $1 }
        link.status.trustedVersion = trusted
        links[key] = link
        return true
    }

    public nonisolated func stillLinked(_ link: AppStoreLink) -> PublishCondition {
        let isLinked: @Sendable () async throws -> Bool = { [self] in await find(app: link.app, platform: link.platform).map(link.isUnchangedSinceRead) == true }
        return PublishCondition(sql: { _ in try await isLinked() }, memory: isLinked)
    }

    /// ``AppStoreLinkRepository/resetting(_:floor:reset:)``: written just before the publish, put back if it fails.
    public nonisolated func resetting(_ link: AppStoreLink, floor: [String: AppVersion], reset: Bool) -> PublishCondition {
        PublishCondition(sql: { _ in await self.applyReset(link, floor: floor, reset: reset) }, memory: { await self.applyReset(link, floor: floor, reset: reset) },
                         undo: { [self] in await undoReset(link) }, committed: { [self] in await forgetReset(link) })
    }

    public nonisolated func removing(_ link: AppStoreLink) -> PublishCondition {
        let removes: @Sendable () async throws -> Bool = { [self] in await take(link) }
        return PublishCondition(sql: { _ in try await removes() }, memory: removes, undo: { [self] in await putBack(link) },
                                committed: { [self] in await forget(link) })
    }

    /// Sets the floor and moves the generation on, if `link` is unchanged since read, keeping it as it was for ``undoReset(_:)``.
    private func applyReset(_ link: AppStoreLink, floor: [String: AppVersion], reset: Bool) -> Bool {
        let key = Key(app: link.app, platform: link.platform)
        guard var stored = links[key], link.isUnchangedSinceRead(stored) else { return false }
        beforeReset[key] = stored
        stored.served = stored.floor(recording: floor, reset: reset, status: stored.status)
        stored.resetGeneration += 1
        links[key] = stored
        return true
    }

    private func forgetReset(_ link: AppStoreLink) { beforeReset[Key(app: link.app, platform: link.platform)] = nil }

    /// Puts back what ``applyReset(_:floor:reset:)`` changed, unless a record moved the generation on since.
    private func undoReset(_ link: AppStoreLink) {
        let key = Key(app: link.app, platform: link.platform)
        guard let before = beforeReset.removeValue(forKey: key), var stored = links[key], stored.isSameLink(as: before),
              stored.resetGeneration == before.resetGeneration + 1 else { return }
        (stored.served, stored.resetGeneration) = (before.served, before.resetGeneration)
        links[key] = stored
    }

    /// Removes `link` if it is the one stored, keeping it for ``putBack(_:)``.
    private func take(_ link: AppStoreLink) -> Bool {
        let key = Key(app: link.app, platform: link.platform)
        guard let stored = links[key], stored.isSameLink(as: link) else { return false }
        taken[key] = stored
        links[key] = nil
        return true
    }

    /// Forgets what ``take(_:)`` kept, once the publish is stored: nothing to put back (review s15, M13).
    private func forget(_ link: AppStoreLink) { taken[Key(app: link.app, platform: link.platform)] = nil }

    /// Puts back what ``take(_:)`` removed, floor and status included, unless the platform was linked again since.
    private func putBack(_ link: AppStoreLink) {
        let key = Key(app: link.app, platform: link.platform)
        guard let stored = taken.removeValue(forKey: key), links[key] == nil else { return }
        links[key] = stored
    }
}
