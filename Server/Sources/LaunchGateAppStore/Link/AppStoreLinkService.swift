import Foundation
import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage

/// Linking and unlinking apps' platforms to the App Store, shared by the CLI, the admin API and
/// the console: the one place the app's existence and the link's parts are checked.
public struct AppStoreLinkService: Sendable {
    private let links: any AppStoreLinkRepository
    private let policies: PolicyService
    private let now: @Sendable () -> Date

    /// Creates the service.
    /// - Parameters:
    ///   - links: Where links are kept.
    ///   - policies: Tells which apps exist.
    ///   - now: The clock.
    public init(links: any AppStoreLinkRepository, policies: PolicyService, now: @escaping @Sendable () -> Date = Date.init) {
        self.links = links
        self.policies = policies
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

    /// Unlinks a platform; what was published stays published.
    /// - Throws: ``AppStoreLinkError`` `appstore-not-linked`.
    public func unlink(app: String, platform: Platform) async throws {
        guard try await links.remove(app: app, platform: platform) else { throw AppStoreLinkError.notLinked(app: app, platform: platform.rawValue) }
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
