import Foundation

extension UpdateMonitor {
    /// How a monitor checks and behaves; every setting but the source has a default.
    public struct Configuration: Sendable {
        /// Where the policy lives and which keys must have signed it.
        public var source: PolicySource
        /// Blocking or non-blocking launch.
        public var launchMode: LaunchMode
        /// The time limit of one check (5 s by default, as the version.json spec asks).
        public var fetchTimeout: Duration
        /// The body size cap.
        public var maximumSize: Int
        /// Overrides the policy's refresh interval, in seconds; `nil` uses the policy's (3 h by default).
        public var refreshInterval: TimeInterval?
        /// Shows ``GateState/checking`` during foreground refreshes too (VersionLockout's `showLoadingOnRefresh`).
        public var showLoadingOnRefresh: Bool
        /// Where "Update Now" goes when the policy has no URL (for example your App Store page).
        public var fallbackUpdateURL: URL?
        /// The app's Apple ID, the digits of its App Store page (`https://apps.apple.com/app/id1234567890`):
        /// when neither the policy nor ``fallbackUpdateURL`` names a URL, "Update Now" opens that page on
        /// Apple platforms. Documents in the `min_supported_version_<platform>` format never name one.
        /// Without any URL, the screen says to update from the store instead of showing a button.
        public var appStoreID: String?
        /// Installs that always see "up to date" (a tester's install, App Review).
        public var isExempt: @Sendable (EvaluationContext) -> Bool
        /// The prefix of every key LaunchGate writes to the store.
        public var storeKeyPrefix: String
        /// Whether ``UpdateMonitor/start()`` sends the ``InstallBeacon`` (at most once a day, after
        /// a launch check that reached the policy, in a background task), so installs are counted
        /// even when a CDN answers their policy reads. Off, it sends nothing.
        public var sendsInstallBeacon: Bool
        /// Where the beacon pings; `nil` derives it from a LaunchGate policy URL
        /// (``InstallBeacon/pingURL(forPolicyAt:)``), and sends nothing for other sources.
        public var installBeaconURL: URL?
        /// Seconds between re-checks while the maintenance screen shows, before the monitor's
        /// jitter is added (45 s by default; with the default jitter of up to 15 s, a stopped
        /// window lifts within a minute). The screen re-checks even when the window has no end,
        /// since the operator ends that one by publishing, which no timer can foresee.
        public var maintenanceRecheckInterval: TimeInterval

        /// Creates a configuration.
        /// - Parameters:
        ///   - source: The policy source.
        ///   - launchMode: Blocking or non-blocking.
        ///   - fetchTimeout: One check's time limit.
        ///   - maximumSize: The body size cap.
        ///   - refreshInterval: A refresh interval that overrides the policy's.
        ///   - showLoadingOnRefresh: Whether refreshes show the loading state.
        ///   - fallbackUpdateURL: The update URL when the policy has none.
        ///   - appStoreID: The app's Apple ID, whose App Store page is the last fallback; digits only.
        ///   - isExempt: Exempts installs.
        ///   - storeKeyPrefix: The store key prefix.
        ///   - sendsInstallBeacon: Whether the daily install beacon may be sent.
        ///   - installBeaconURL: The beacon's URL, when it can't be derived from the source.
        ///   - maintenanceRecheckInterval: Seconds between re-checks while the maintenance screen shows.
        public init(
            source: PolicySource, launchMode: LaunchMode = .nonBlocking, fetchTimeout: Duration = .seconds(5),
            maximumSize: Int = 256 * 1024, refreshInterval: TimeInterval? = nil, showLoadingOnRefresh: Bool = false,
            fallbackUpdateURL: URL? = nil, appStoreID: String? = nil,
            isExempt: @escaping @Sendable (EvaluationContext) -> Bool = { _ in false },
            storeKeyPrefix: String = "launchgate", sendsInstallBeacon: Bool = true, installBeaconURL: URL? = nil,
            maintenanceRecheckInterval: TimeInterval = 45
        ) {
            self.maintenanceRecheckInterval = maintenanceRecheckInterval
            self.sendsInstallBeacon = sendsInstallBeacon
            self.installBeaconURL = installBeaconURL
            self.source = source
            self.launchMode = launchMode
            self.fetchTimeout = fetchTimeout
            self.maximumSize = maximumSize
            self.refreshInterval = refreshInterval
            self.showLoadingOnRefresh = showLoadingOnRefresh
            self.fallbackUpdateURL = fallbackUpdateURL
            self.appStoreID = appStoreID
            self.isExempt = isExempt
            self.storeKeyPrefix = storeKeyPrefix
        }
    }
}

extension UpdateMonitor.Configuration {
    /// The App Store page of ``appStoreID``, or `nil` when there is no ID, it isn't 1 to 20 digits,
    /// or the platform has no App Store.
    /// - Parameter platform: The running app's platform.
    func appStorePage(on platform: Platform) -> URL? {
        guard platform != .android, let id = appStoreID, Self.isAppleID(id) else { return nil }
        return URL(string: "https://apps.apple.com/app/id" + id)
    }

    /// Whether an App Store ID is an Apple ID: 1 to 20 ASCII digits.
    /// - Parameter id: The ID.
    static func isAppleID(_ id: String) -> Bool {
        (1...20).contains(id.utf8.count) && id.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
