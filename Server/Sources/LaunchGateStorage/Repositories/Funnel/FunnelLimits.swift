/// The cap on what funnel recording keeps. Install IDs are whatever a request says, so made-up
/// ones could otherwise grow the table of prompted installs without bound; past the cap, a ping
/// from an install not yet kept is left out (counted in ``FunnelRecordResult/overInstallCap``).
/// The daily counts need no cap of their own: one row per app, platform, revision that exists and day.
public struct FunnelLimits: Sendable, Hashable {
    /// The most prompted installs kept per app and platform.
    public var installsPerAppPlatform: Int

    /// Creates limits.
    /// - Parameter installsPerAppPlatform: Default 5,000,000, as ``InstallLimits/installsPerAppPlatform``.
    public init(installsPerAppPlatform: Int = 5_000_000) {
        self.installsPerAppPlatform = installsPerAppPlatform
    }
}
