import Foundation
import LaunchGateStorage

/// Keeps lookups within Apple's documented rate: at most `perMinute` start in any 60 seconds. Small
/// links start at once; a link with more storefronts than a minute allows gets the rest in later
/// polls, rather than a poll that takes minutes.
///
/// Each start is reserved in ``starts`` before it is asked: with the database's
/// (``SQLAppStoreLookupStartRepository``) every process and instance on it, `serve`'s polls and every
/// sync, the CLI's included, keep to one pace (attack s15b, 1 and 2); the memory one paces one process.
/// Starts are kept on the wall clock, which processes share; a round sleeps on its own ``clock``.
public struct AppStoreLookupPacer: Sendable {
    /// The clock a round sleeps and keeps its deadline on.
    public let clock: AppStorePollClock
    /// Where starts are reserved.
    public let starts: any AppStoreLookupStartRepository
    /// The wall clock the starts are kept on.
    private let now: @Sendable () -> Date

    /// Creates a pacer.
    /// - Parameters:
    ///   - clock: The clock; the process's monotonic clock by default.
    ///   - starts: Where starts are reserved; in memory, this pacer's alone, by default.
    ///   - now: The wall clock; by default the moment of creation moved on by `clock`, so a test's
    ///     clock moves both.
    public init(clock: AppStorePollClock = .continuous(), starts: any AppStoreLookupStartRepository = MemoryAppStoreLookupStartRepository(),
                now: (@Sendable () -> Date)? = nil) {
        self.clock = clock
        self.starts = starts
        let origin = Date()
        self.now = now ?? { origin.addingTimeInterval(Self.seconds(clock.now())) }
    }

    /// Reserves the earliest moment a lookup may start, if it is no later than `latestStart`.
    /// - Parameters:
    ///   - latestStart: The last moment the caller can still use (its poll's deadline less a lookup's timeout), on ``clock``.
    ///   - perMinute: How many lookups may start in any 60 seconds, this one included, counting every
    ///     start reserved in ``starts``: a scheduled poll's share is less than a sync's
    ///     (``AppStorePollerConfiguration/pollLookupsPerMinute``).
    ///   - waiting: Whether the caller may wait for the pace; a sync doesn't (attack s14, 11): it
    ///     takes only a start the pace allows now, so an HTTP request isn't held for tens of seconds.
    /// - Returns: The moment to start at, on ``clock`` (sleep until it); `nil` when it would be after
    ///   `latestStart`, or later than now when not `waiting`.
    /// - Throws: What storage throws.
    public func reserve(latestStart: Duration, perMinute: Int, waiting: Bool = true) async throws -> Duration? {
        let left = now().addingTimeInterval(Self.seconds(latestStart - clock.now()))
        // The repository reads the wall clock once it holds the lock (review s16, P2).
        guard let start = try await starts.reserve(now: now, latest: left, waits: waiting, limit: perMinute) else { return nil }
        // From the wall clock the starts share to the monotonic one the round sleeps on, both read after the wait.
        let (moment, wall) = (clock.now(), now())
        return moment + .milliseconds(start.milliseconds - wall.milliseconds)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
