import Foundation
import LaunchGate
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// A link repository whose `due` answers only once `readers` callers have asked, so that every
/// poller reads the same due links before any claims one.
actor BarrierLinks: AppStoreLinkRepository {
    private let links: any AppStoreLinkRepository
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let readers: Int

    init(_ links: any AppStoreLinkRepository, readers: Int) {
        self.links = links
        self.readers = readers
    }

    func due(at now: Date, limit: Int) async throws -> [AppStoreLink] {
        let due = try await links.due(at: now, limit: limit)
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count == readers {
                for waiter in waiting { waiter.resume() }
            }
        }
        return due
    }

    func save(_ link: AppStoreLink) async throws { try await links.save(link) }
    func find(app: String, platform: Platform) async throws -> AppStoreLink? { try await links.find(app: app, platform: platform) }
    func links(app: String) async throws -> [AppStoreLink] { try await links.links(app: app) }
    func claim(app: String, platform: Platform, expected: Date, until: Date) async throws -> Bool {
        try await links.claim(app: app, platform: platform, expected: expected, until: until)
    }
    func remove(app: String, platform: Platform) async throws -> Bool { try await links.remove(app: app, platform: platform) }
    func remove(_ link: AppStoreLink, if condition: PublishCondition) async throws -> Bool { try await links.remove(link, if: condition) }
    func record(_ link: AppStoreLink, served: [String: AppVersion], status: AppStoreLinkStatus, reset: Bool) async throws -> Bool {
        try await links.record(link, served: served, status: status, reset: reset)
    }
    nonisolated func stillLinked(_ link: AppStoreLink) -> PublishCondition { links.stillLinked(link) }
    nonisolated func removing(_ link: AppStoreLink) -> PublishCondition { links.removing(link) }
    nonisolated func resetting(_ link: AppStoreLink, floor: [String: AppVersion], reset: Bool) -> PublishCondition {
        links.resetting(link, floor: floor, reset: reset)
    }
}
