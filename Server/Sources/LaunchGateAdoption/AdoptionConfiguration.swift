import Foundation
import LaunchGateStorage

/// How installs are recorded and how adoption guards publishes; every setting has a default.
public struct AdoptionConfiguration: Sendable {
    /// Whether policy, `/check` and ping requests record the install they name.
    public var recordInstalls: Bool
    /// The in-memory arena requests append to, in bytes; when full, sightings are dropped and counted.
    public var bufferBytes: Int
    /// How often the arena is folded into storage (sooner when it is half full).
    public var foldInterval: Duration
    /// An install asking again with the same header within this time is not written again (its
    /// last-seen time is then as precise as this); a new UTC day always writes once more.
    public var rewriteInterval: Duration
    /// Sightings per storage transaction, so one fold never holds the database for long.
    public var sightingsPerTransaction: Int
    /// Installs not seen for this many days are forgotten.
    public var retentionDays: Int
    /// Installs seen within this many days count as active for impact and the publish guard.
    public var activeDays: Int
    /// The share (0…1) of a platform's installs a publish may block unconfirmed (``PublishGuard/limit``).
    public var publishGuardShare: Double
    /// The one cap on what storage keeps per app and platform; sightings past it are dropped and counted.
    public var limits: InstallLimits
    /// The one budget per client (address, or IPv6 /64): sightings it may add per ``clientWindow``
    /// from policy reads, `/check` and install pings together. Past it, reads are still answered
    /// (their sighting dropped and counted) and pings get 429. 0 means no limit. Generous:
    /// everyone behind one carrier-grade NAT shares it.
    public var sightingsPerClient: Int
    /// The window ``sightingsPerClient`` counts in (whole seconds).
    public var clientWindow: Duration
    /// New (version, build, OS) groups one client may start per UTC day, per app and platform
    /// alike (``ClientQuotas``); past it, its sightings that would start one are dropped and
    /// counted. 0 means no limit. Real clients start a group only when they are the first to
    /// report a release or an OS version.
    public var newGroupsPerClient: Int
    /// New installs one client may add per UTC day; past it, its sightings of installs storage
    /// doesn't hold are dropped and counted. 0 means no limit. Generous for a carrier-grade NAT.
    public var newInstallsPerClient: Int
    /// The part of ``bufferBytes`` one client may fill between two folds, in percent (1 to 100; 100:
    /// no limit), so one client's flood of reads can't fill the buffer and drop everyone else's sightings.
    public var bufferPercentPerClient: Int
    /// The default of ``bufferPercentPerClient``.
    public static let defaultBufferPercentPerClient = 6
    /// How many clients' parts of the buffer, and of the quotas on new installs and groups, one
    /// network (``ClientNetwork``: IPv4 /24, IPv6 /48) gets, all its addresses together: the
    /// addresses one attacker holds in a block add what a few clients add, not hundreds of quotas.
    public var networkShare: Int
    /// The default of ``networkShare``: room for a few households or an office behind one /24.
    public static let defaultNetworkShare = 4
    /// The shares of the buffer and of the quotas a trusted proxy gets when it is the client
    /// itself (it sent no `X-Forwarded-For`), since it carries many clients.
    public var proxyShare: Int
    /// Header values the recorder remembers as written lately (``rewriteInterval``), in two
    /// generations, so a full table forgets the older half at a time.
    public var recentCapacity: Int

    /// Creates a configuration.
    public init(recordInstalls: Bool = true, bufferBytes: Int = 4 << 20, foldInterval: Duration = .seconds(2),
                rewriteInterval: Duration = .seconds(600), sightingsPerTransaction: Int = 2_000, retentionDays: Int = 90, activeDays: Int = 30,
                publishGuardShare: Double = 0.2, limits: InstallLimits = InstallLimits(), sightingsPerClient: Int = 600,
                clientWindow: Duration = .seconds(60), recentCapacity: Int = 250_000, newGroupsPerClient: Int = 50,
                newInstallsPerClient: Int = 2_000, proxyShare: Int = 16, bufferPercentPerClient: Int = AdoptionConfiguration.defaultBufferPercentPerClient,
                networkShare: Int = AdoptionConfiguration.defaultNetworkShare) {
        self.recordInstalls = recordInstalls
        self.bufferBytes = bufferBytes
        self.foldInterval = foldInterval
        self.rewriteInterval = rewriteInterval
        self.sightingsPerTransaction = sightingsPerTransaction
        self.retentionDays = retentionDays
        self.activeDays = activeDays
        self.publishGuardShare = publishGuardShare
        self.limits = limits
        self.sightingsPerClient = sightingsPerClient
        self.clientWindow = clientWindow
        self.recentCapacity = recentCapacity
        self.newGroupsPerClient = newGroupsPerClient
        self.newInstallsPerClient = newInstallsPerClient
        self.proxyShare = min(max(proxyShare, 1), 255)
        self.bufferPercentPerClient = min(max(bufferPercentPerClient, 1), 100)
        self.networkShare = min(max(networkShare, 1), 255)
    }
}
