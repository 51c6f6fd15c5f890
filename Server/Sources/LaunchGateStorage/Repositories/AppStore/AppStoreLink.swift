import Foundation
import LaunchGate

/// One app's platform linked to an App Store app: which storefronts to poll, which fields the
/// operator pinned, the version each storefront last served, and how the polls went.
public struct AppStoreLink: Sendable, Hashable {
    /// The most storefronts one link may poll: each is one request per interval.
    public static let maximumStorefronts = 50

    /// The LaunchGate app ID.
    public var app: String
    /// The platform whose policy follows the store.
    public var platform: Platform
    /// The App Store app.
    public var identity: AppStoreIdentity
    /// Lowercase ISO 3166-1 alpha-2 codes, sorted, without repeats.
    public var storefronts: [String]
    /// Fields the poller leaves as the operator set them.
    public var pins: Set<AppStorePin>
    /// The highest version each storefront has served: a lower answer later is Apple's CDN being
    /// stale, not a release being pulled, so it is ignored until an operator syncs with reset.
    public var served: [String: AppVersion]
    /// When the link was made.
    public var createdAt: Date
    /// How the polls went.
    public var status: AppStoreLinkStatus
    /// How many records lowered the link (``lowers(recording:reset:)``), and syncs (a reset or an accept) published
    /// over it (``AppStoreLinkRepository/resetting(_:floor:reset:)``): a poll that read an older count raced an
    /// operator's sync, and publishes and records nothing (attack s16b, A; review s16b, Q3).
    public var resetGeneration = 0

    /// Creates a link.
    /// - Parameters:
    ///   - app: The LaunchGate app ID.
    ///   - platform: The linked platform.
    ///   - identity: The App Store app.
    ///   - storefronts: Storefront codes, validated with `AppStoreStorefronts.parse(_:)` (LaunchGateAppStore).
    ///   - pins: The pinned fields.
    ///   - served: The version each storefront served.
    ///   - createdAt: When the link was made.
    ///   - status: Poll status; due at once by default.
    public init(app: String, platform: Platform, identity: AppStoreIdentity, storefronts: [String], pins: Set<AppStorePin> = [],
                served: [String: AppVersion] = [:], createdAt: Date, status: AppStoreLinkStatus? = nil) {
        self.app = app
        self.platform = platform
        self.identity = identity
        self.storefronts = storefronts
        self.pins = pins
        self.served = served
        self.createdAt = createdAt
        self.status = status ?? AppStoreLinkStatus(nextPollAt: createdAt)
    }
}

extension AppStoreLink {
    /// Whether `other` is this link as stored, not a relink made since: same app, identity and creation time.
    public func isSameLink(as other: AppStoreLink) -> Bool {
        app == other.app && platform == other.platform && identity == other.identity
            && createdAt.milliseconds == other.createdAt.milliseconds
    }

    /// Whether `stored` is this link, as a poll read it, with no lowering record or published sync since (``resetGeneration``).
    public func isUnchangedSinceRead(_ stored: AppStoreLink) -> Bool {
        isSameLink(as: stored) && resetGeneration == stored.resetGeneration
    }

    /// Whether a record of `status` over this link, as a poll read it, lowers what it read: a reset
    /// takes lower floors, an accept below the trusted version lowers the trust.
    public func lowers(recording status: AppStoreLinkStatus, reset: Bool) -> Bool {
        if reset { return true }
        guard let read = self.status.trustedVersion, let recorded = status.trustedVersion else { return false }
        return recorded < read
    }

    /// The floor after recording `recorded` over the stored one: per storefront the higher of the
    /// two, or `recorded` as it is on a reset; a storefront that `status` says is withdrawn (it
    /// says "no such app") keeps none, so it comes back as a fresh storefront.
    public func floor(recording recorded: [String: AppVersion], reset: Bool, status: AppStoreLinkStatus) -> [String: AppVersion] {
        let floor = reset ? recorded : served.merging(recorded) { max($0, $1) }.filter { storefronts.contains($0.key) }
        return floor.filter { status.storefronts[$0.key]?.withdrawnAt == nil }
    }

    /// The trusted version (``AppStoreLinkStatus/trustedVersion``) after recording `status`, a poll of
    /// `polled`, over this stored link: the higher of the stored and the recorded, so a poll that read
    /// the link before an operator's `sync --accept` recorded never writes its older trust over the
    /// accepted one (attack s16, 2). A record that itself lowered the trust it read (a reset, or an
    /// accept of the newest served) takes it as it is.
    public func trusted(recording status: AppStoreLinkStatus, readAs polled: AppStoreLink) -> AppVersion? {
        let recorded = status.trustedVersion
        if let read = polled.status.trustedVersion, let recorded, recorded < read { return recorded }
        return [recorded, self.status.trustedVersion].compactMap { $0 }.max()
    }
}
