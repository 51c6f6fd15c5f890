import LaunchGate

/// The `data` of an `appstore.changed` webhook event: what the poller published for one platform.
public struct AppStoreChangedEventData: Encodable, Sendable, Equatable {
    /// The app.
    public let app: String
    /// The platform (`ios`, `macos`, …).
    public let platform: String
    /// The version the policy now announces: the highest a storefront serves.
    public let version: String?
    /// The version each linked storefront serves.
    public let storefronts: [String: String]
    /// The optional prompt's rollout in percent, when the policy has one.
    public let rollout: Double?
    /// Apple's phased release as the poll found it, or why the policy's own rollout applies; absent when not checked.
    public let phasedRelease: String?

    /// What a published platform policy says.
    public init(app: String, platform: Platform, policy: PlatformPolicy, phasedRelease: String?) {
        self.app = app
        self.platform = platform.rawValue
        self.version = policy.latest?.version.map { "\($0)" }
        self.storefronts = policy.storefronts.mapValues { "\($0)" }
        if case .percentage(let value)? = policy.rollout { self.rollout = value } else { self.rollout = nil }
        self.phasedRelease = phasedRelease
    }
}
