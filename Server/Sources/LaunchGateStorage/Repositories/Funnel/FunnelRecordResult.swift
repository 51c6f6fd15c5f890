/// What one funnel recording did with its pings.
public struct FunnelRecordResult: Sendable, Hashable {
    /// Pings whose counts were added.
    public var counted = 0
    /// Pings whose counts were left out: not the install's first ping of its day.
    public var repeated = 0
    /// Pings with counts left out because the app and platform keep ``FunnelLimits/installsPerAppPlatform``.
    public var overInstallCap = 0

    /// Creates an empty result.
    public init() {}
}
