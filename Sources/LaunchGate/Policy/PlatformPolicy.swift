import Foundation

/// Everything a policy says about one platform.
public struct PlatformPolicy: Sendable, Hashable {
    /// How long a dismissed prompt stays hidden by default: 24 hours, as the version.json spec asks.
    public static let defaultReminderInterval: TimeInterval = 86_400
    /// How often a running app re-checks by default: 3 hours, as VersionLockout does.
    public static let defaultRefreshInterval: TimeInterval = 10_800

    /// The newest release.
    public var latest: Release?
    /// The minimum supported version and/or build; below it the app is blocked.
    public var required: VersionRequirement?
    /// The version below which a skippable prompt is shown.
    public var recommended: VersionRequirement?
    /// Known-bad versions and builds that must update.
    public var blocked: BlockedReleases
    /// Set when the app has reached end of life on this platform.
    public var endOfLife: EndOfLife?
    /// A time when the service is down on purpose and the app shows a maintenance screen; `nil` for none.
    public var maintenance: MaintenanceWindow?
    /// Notice that older OS versions lose support on a date; `nil` for none.
    public var osSupportEnds: OSSupportEnd?
    /// Where "Update Now" goes: an `https`, `itms-apps` (App Store) or `itms-beta` (TestFlight) URL.
    public var updateURL: URL?
    /// The distribution channel this policy describes.
    public var channel: ReleaseChannel
    /// Per-locale text overrides, keyed by BCP 47 language tag (`en`, `fr-CA`).
    public var texts: [String: ScreenTexts]
    /// How long a dismissed banner or recommended prompt stays hidden, in seconds.
    public var reminderInterval: TimeInterval
    /// How often a running app re-checks on returning to the foreground, in seconds; 0 means every time.
    public var refreshInterval: TimeInterval
    /// How much of the installed base is offered the optional update so far; `nil` means everyone.
    public var rollout: Rollout?
    /// The version each linked App Store storefront serves, keyed by lowercase ISO 3166-1 alpha-2 code
    /// (`us`, `fr`); empty when the platform isn't linked to the App Store. Apple's storefronts don't all
    /// serve a new release at once, so a device is announced a version only once its storefront serves it.
    public var storefronts: [String: AppVersion]

    /// Creates a platform policy; every argument has a default.
    /// - Parameters:
    ///   - latest: The newest release.
    ///   - required: The minimum supported version and/or build.
    ///   - recommended: The recommended minimum.
    ///   - blocked: Known-bad versions and builds.
    ///   - endOfLife: End-of-life notice.
    ///   - updateURL: Where "Update Now" goes.
    ///   - channel: The distribution channel.
    ///   - texts: Per-locale text overrides.
    ///   - reminderInterval: Seconds a dismissed prompt stays hidden.
    ///   - refreshInterval: Seconds between foreground re-checks.
    ///   - rollout: The optional update's rollout.
    ///   - maintenance: A maintenance window.
    ///   - osSupportEnds: Notice that older OS versions lose support.
    ///   - storefronts: The version each App Store storefront serves; empty when not linked.
    public init(
        latest: Release? = nil,
        required: VersionRequirement? = nil,
        recommended: VersionRequirement? = nil,
        blocked: BlockedReleases = BlockedReleases(),
        endOfLife: EndOfLife? = nil,
        updateURL: URL? = nil,
        channel: ReleaseChannel = .production,
        texts: [String: ScreenTexts] = [:],
        reminderInterval: TimeInterval = PlatformPolicy.defaultReminderInterval,
        refreshInterval: TimeInterval = PlatformPolicy.defaultRefreshInterval,
        rollout: Rollout? = nil,
        maintenance: MaintenanceWindow? = nil,
        osSupportEnds: OSSupportEnd? = nil,
        storefronts: [String: AppVersion] = [:]
    ) {
        self.latest = latest
        self.required = required
        self.recommended = recommended
        self.blocked = blocked
        self.endOfLife = endOfLife
        self.updateURL = updateURL
        self.channel = channel
        self.texts = texts
        self.reminderInterval = reminderInterval
        self.refreshInterval = refreshInterval
        self.rollout = rollout
        self.maintenance = maintenance
        self.osSupportEnds = osSupportEnds
        self.storefronts = storefronts
    }
}

extension PlatformPolicy: Codable {
    private enum CodingKeys: String, CodingKey {
        case latest, required, recommended, blocked, endOfLife, updateURL, channel, texts
        case reminderInterval, refreshInterval, rollout, maintenance, osSupportEnds
        case storefronts
    }

    /// Decodes a platform entry, filling in the documented defaults for absent keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            latest: try container.decodeIfPresent(Release.self, forKey: .latest),
            required: try container.decodeIfPresent(VersionRequirement.self, forKey: .required),
            recommended: try container.decodeIfPresent(VersionRequirement.self, forKey: .recommended),
            blocked: try container.decodeIfPresent(BlockedReleases.self, forKey: .blocked) ?? BlockedReleases(),
            endOfLife: try container.decodeIfPresent(EndOfLife.self, forKey: .endOfLife),
            updateURL: try container.decodeIfPresent(URL.self, forKey: .updateURL),
            channel: try container.decodeIfPresent(ReleaseChannel.self, forKey: .channel) ?? .production,
            texts: try container.decodeIfPresent([String: ScreenTexts].self, forKey: .texts) ?? [:],
            reminderInterval: try container.decodeIfPresent(TimeInterval.self, forKey: .reminderInterval)
                ?? Self.defaultReminderInterval,
            refreshInterval: try container.decodeIfPresent(TimeInterval.self, forKey: .refreshInterval)
                ?? Self.defaultRefreshInterval,
            rollout: try container.decodeIfPresent(Rollout.self, forKey: .rollout),
            maintenance: try container.decodeIfPresent(MaintenanceWindow.self, forKey: .maintenance),
            osSupportEnds: try container.decodeIfPresent(OSSupportEnd.self, forKey: .osSupportEnds),
            storefronts: try container.decodeIfPresent([String: AppVersion].self, forKey: .storefronts) ?? [:]
        )
    }

    /// Encodes the platform entry, leaving out empty optional parts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(latest, forKey: .latest)
        try container.encodeIfPresent(required, forKey: .required)
        try container.encodeIfPresent(recommended, forKey: .recommended)
        if !blocked.isEmpty { try container.encode(blocked, forKey: .blocked) }
        try container.encodeIfPresent(endOfLife, forKey: .endOfLife)
        try container.encodeIfPresent(updateURL, forKey: .updateURL)
        try container.encode(channel, forKey: .channel)
        if !texts.isEmpty { try container.encode(texts, forKey: .texts) }
        try container.encode(reminderInterval, forKey: .reminderInterval)
        try container.encode(refreshInterval, forKey: .refreshInterval)
        try container.encodeIfPresent(rollout, forKey: .rollout)
        try container.encodeIfPresent(maintenance, forKey: .maintenance)
        try container.encodeIfPresent(osSupportEnds, forKey: .osSupportEnds)
        if !storefronts.isEmpty { try container.encode(storefronts, forKey: .storefronts) }
    }
}
