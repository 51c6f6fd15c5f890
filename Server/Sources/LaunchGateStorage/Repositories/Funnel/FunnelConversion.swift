import LaunchGate

/// How many installs prompted under one channel's revision on one platform were later seen on a newer
/// version. For each window (1, 3 and 7 days) only installs prompted at least that long ago are
/// counted, so a rate never counts installs that haven't had the time yet.
public struct FunnelConversion: Sendable, Hashable, Codable {
    /// One window's figures.
    public struct Window: Sendable, Hashable, Codable {
        /// The window, in days.
        public var days: Int
        /// Prompted installs prompted at least `days` days ago.
        public var prompted: Int
        /// Of them, those seen on a newer version within `days` days of the prompt.
        public var updated: Int

        /// Creates a window.
        public init(days: Int, prompted: Int, updated: Int) {
            self.days = days
            self.prompted = prompted
            self.updated = updated
        }
    }

    /// The windows reported, in days.
    public static let windows = [1, 3, 7]

    /// The platform.
    public var platform: Platform
    /// The release channel of that revision.
    public var channel: ReleaseChannel
    /// The revision the installs were first prompted under.
    public var revision: Int
    /// Every prompted install kept, whatever its age.
    public var prompted: Int
    /// One entry per ``windows`` value, in order.
    public var windows: [Window]

    /// Creates a conversion.
    public init(platform: Platform, channel: ReleaseChannel = .production, revision: Int, prompted: Int, windows: [Window]) {
        self.platform = platform
        self.channel = channel
        self.revision = revision
        self.prompted = prompted
        self.windows = windows
    }
}
