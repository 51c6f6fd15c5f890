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
    public init(interval: Duration = .seconds(15 * 60), maximumBackoff: Duration = .seconds(6 * 3600), jitter: Double = 0.1,
                tick: Duration = .seconds(30)) {
        self.interval = interval
        self.maximumBackoff = maximumBackoff
        self.jitter = jitter
        self.tick = tick
    }

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
