import Foundation

/// How often and how patiently the poller asks Apple.
public struct AppStorePollerConfiguration: Sendable, Hashable {
    /// Between two polls of a link that answered, before jitter.
    public var interval: Duration
    /// The most the backoff after errors grows to.
    public var maximumBackoff: Duration
    /// The share (0…1) by which each wait is moved at random either way, so many links and
    /// many instances don't ask Apple in step.
    public var jitter: Double
    /// How often the service looks for due links.
    public var tick: Duration
    /// The most one poll of a link may take, all its storefronts together: a lookup starts only
    /// when its own timeout ends before it, and storefronts not reached by then are polled first next time.
    public var deadline: Duration
    /// Lookups in flight at once within one poll of a link (an ``AppStoreLookupRound``): a sync
    /// that runs beside the serve-wide poller's round is a second round, with as many again.
    public var lookupsAtOnce: Int
    /// Lookups started in any 60 seconds, over every process and instance on the database: each
    /// start is reserved in it before it is asked (``AppStoreLookupPacer``), serve's polls, the admin
    /// API's and console's syncs and the CLI's `appstore sync` alike. Apple documents about 20 a
    /// minute for the lookup. Scheduled polls take at most ``pollLookupsPerMinute`` of them.
    public var lookupsPerMinute: Int
    /// Timeouts in a row after which a poll stops: a stalling lookup would only use up the deadline.
    public static let timeoutsInARow = 2
    /// The author recorded on revisions the poller publishes.
    public static let author = "appstore"
    /// The note recorded on revisions the poller publishes: the history's reason.
    public static let note = "App Store"

    /// Creates a configuration; every argument has a default.
    /// - Parameters:
    ///   - interval: Between polls; 15 minutes.
    ///   - maximumBackoff: The backoff's cap; 6 hours.
    ///   - jitter: The random share; 10 %.
    ///   - tick: How often due links are looked for; 30 seconds.
    ///   - deadline: One poll's limit; 60 seconds.
    ///   - lookupsAtOnce: Lookups in flight at once; 4.
    ///   - lookupsPerMinute: Lookups started per minute; 20.
    public init(interval: Duration = .seconds(15 * 60), maximumBackoff: Duration = .seconds(6 * 3600), jitter: Double = 0.1,
                tick: Duration = .seconds(30), deadline: Duration = .seconds(60), lookupsAtOnce: Int = 4, lookupsPerMinute: Int = 20) {
        self.interval = interval
        self.maximumBackoff = maximumBackoff
        self.jitter = jitter
        self.tick = tick
        self.deadline = deadline
        self.lookupsAtOnce = max(lookupsAtOnce, 1)
        self.lookupsPerMinute = max(lookupsPerMinute, 1)
    }

    /// The lookups in any 60 seconds that scheduled polls may start: ``lookupsPerMinute`` less a
    /// quarter of it (at least one) kept for operators' syncs, so a sync (`--reset` to accept a held
    /// release, say) always finds lookups within a minute however busy the polls (attack s15b, 9);
    /// at least one, so polls go on at a pace of 1.
    public var pollLookupsPerMinute: Int { max(lookupsPerMinute - max(lookupsPerMinute / 4, 1), 1) }

    /// The time between two lookups' starts: a minute over ``lookupsPerMinute``.
    public var spacing: Duration { .seconds(60) / lookupsPerMinute }

    /// How long a claimed link stays claimed (``AppStoreLinkRepository/claim(app:platform:expected:until:)``)
    /// if its poll never records: the deadline twice, so no other instance starts it while it runs.
    public var lease: Duration { deadline * 2 }

    /// The wait before the next poll after `failures` failures in a row (0 after a success):
    /// the interval doubled per failure up to ``maximumBackoff``, moved by the jitter.
    /// - Parameter random: A value in 0…1.
    /// - Returns: Seconds.
    public func wait(failures: Int, random: Double) -> Double {
        let base = Double(interval.components.seconds)
        let cap = Double(maximumBackoff.components.seconds)
        let grown = failures == 0 ? base : min(base * pow(2, Double(min(failures, 30))), cap)
        return grown * (1 + jitter * (min(max(random, 0), 1) * 2 - 1))
    }
}
