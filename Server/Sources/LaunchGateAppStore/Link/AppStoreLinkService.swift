import Foundation
import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage
import Metrics

/// Linking and unlinking apps' platforms to the App Store, shared by the CLI, the admin API and
/// the console: the one place the app's existence and the link's parts are checked.
public struct AppStoreLinkService: Sendable {
    private let links: any AppStoreLinkRepository
    private let policies: PolicyService
    private let publisher: (any AppStorePublisher)?
    private let now: @Sendable () -> Date

    /// Creates the service.
    /// - Parameters:
    ///   - links: Where links are kept.
    ///   - policies: Tells which apps exist.
    ///   - publisher: Withdraws the per-storefront versions on unlink; `nil` leaves the policy alone.
    ///   - now: The clock.
    public init(links: any AppStoreLinkRepository, policies: PolicyService, publisher: (any AppStorePublisher)? = nil,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.links = links
        self.policies = policies
        self.publisher = publisher
        self.now = now
    }

    /// Links (or relinks) a platform; the first poll is due at once.
    /// - Parameters:
    ///   - app: The app's ID.
    ///   - platform: The platform whose policy follows the store.
    ///   - identity: The App Store app.
    ///   - storefronts: Storefront codes, as an operator typed them.
    ///   - pins: Fields the poller leaves alone.
    /// - Returns: The link as stored.
    /// - Throws: ``AppStoreLinkError``, ``ServiceError`` `app-not-found`.
    @discardableResult
    public func link(app: String, platform: Platform, identity: AppStoreIdentity, storefronts: [String],
                     pins: Set<AppStorePin> = []) async throws -> AppStoreLink {
        let codes = try AppStoreStorefronts.parse(storefronts)
        guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
        let time = now()
        try await links.save(AppStoreLink(app: app, platform: platform, identity: identity, storefronts: codes, pins: pins, createdAt: time))
        return try await links.find(app: app, platform: platform)
            ?? AppStoreLink(app: app, platform: platform, identity: identity, storefronts: codes, pins: pins, createdAt: time)
    }

    /// Unlinks a platform. The policy's `storefronts` are then withdrawn, in a revision with the
    /// reason "App Store" through the publish guard: nobody updates them any more, and the SDK would
    /// go on capping optional prompts to the frozen versions (review s13, G12). The rest of what
    /// was published stays. The withdrawal removes the link in its own transaction
    /// (``AppStoreLinkRepository/removing(_:)``), so a crash, a refusal or a race between the two
    /// can't leave the storefronts published with no link to withdraw them (review s14, L5); a poll
    /// that read the link before publishes only while it is still linked
    /// (``AppStoreLinkRepository/stillLinked(_:)``), so none can publish storefronts again after the
    /// withdrawal (review s14, K3). A link whose storefronts are already empty is just removed,
    /// in a transaction that checks no revision was published since they were read; if a poll
    /// published some meanwhile, the link stays and they are withdrawn (review s15, M11).
    /// - Returns: Whether per-storefront versions were withdrawn: not when none were published, so
    ///   the CLI and console say so only when it happened (attack s15b, 8).
    /// - Throws: ``AppStoreLinkError`` `appstore-not-linked`, `appstore-unlink-refused`, `appstore-unlink-raced`.
    @discardableResult
    public func unlink(app: String, platform: Platform) async throws -> Bool {
        let withdrew = try await removeAndWithdraw(app: app, platform: platform)
        // A link no longer polled has no failures nor held answers: an alert on the last value must not
        // fire on forever (review s15, M3 and s15b, N3).
        AppStorePoller.failuresGauge(app: app, platform: platform).record(0)
        AppStorePoller.heldGauge(app: app, platform: platform).record(0)
        return withdrew
    }

    /// Whether it withdrew per-storefront versions.
    private func removeAndWithdraw(app: String, platform: Platform) async throws -> Bool {
        // A poll of this link or an operator may publish meanwhile: try again over their revision, a few times.
        for _ in 0..<3 {
            guard let link = try await links.find(app: app, platform: platform) else {
                throw AppStoreLinkError.notLinked(app: app, platform: platform.rawValue)
            }
            let current = try await publisher?.current(app: app)
            guard let publisher, let current, var policy = current.policy.platforms[platform], !policy.storefronts.isEmpty else {
                guard let publisher else {
                    guard try await links.remove(app: app, platform: platform) else { throw AppStoreLinkError.notLinked(app: app, platform: platform.rawValue) }
                    return false
                }
                // Only if no publish came since the read above, in the removal's transaction: a poll that read the link
                // may have published storefronts meanwhile (its publish holds while the link is stored); then they are
                // withdrawn on the next turn, and the link was never missing (review s15, M11).
                if try await links.remove(link, if: publisher.unchanged(app: app, revision: current?.revision ?? 0)) { return false }
                continue
            }
            policy.storefronts = [:]
            var updated = current.policy
            updated.platforms[platform] = policy
            do {
                try await publisher.publish(updated, app: app, expectedRevision: current.revision, condition: links.removing(link), event: nil)
                return true
            } catch let refusal as AppStorePublishRefusal {
                throw AppStoreLinkError.unlinkRefused(app: app, platform: platform.rawValue, reason: refusal.reason)
            } catch let error as ServiceError where error.code == "publish-race" {
                continue
            }
        }
        throw AppStoreLinkError.unlinkRaced(app: app, platform: platform.rawValue)
    }

    /// The app's links with their status.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func links(app: String) async throws -> [AppStoreLink] {
        guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
        return try await links.links(app: app)
    }

    /// Parses pin names (`latest,notes`), comma-separated or listed.
    /// - Throws: ``AppStoreLinkError`` `invalid-pin`.
    public static func pins(_ names: [String]) throws -> Set<AppStorePin> {
        var pins = Set<AppStorePin>()
        for name in names.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let pin = AppStorePin(rawValue: name) else { throw AppStoreLinkError.invalidPin(name) }
            pins.insert(pin)
        }
        return pins
    }
}
