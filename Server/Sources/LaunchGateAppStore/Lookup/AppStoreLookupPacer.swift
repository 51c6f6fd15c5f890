/// Keeps a process's lookups within Apple's documented rate: at most `perMinute` start in any
/// 60 seconds. Small links start at once; a link with more storefronts than a minute allows gets
/// the rest in later polls, rather than a poll that takes minutes.
///
/// One pacer is shared by everything that polls in a process (the serve-wide poller and syncs),
/// so two links polled in the same minute share the minute's lookups.
public actor AppStoreLookupPacer {
    /// The clock starts are counted on.
    public nonisolated let clock: AppStorePollClock
    /// Reserved starts within the last minute and after, in order.
    private var starts: [Duration] = []

    /// Creates a pacer.
    /// - Parameter clock: The clock; the process's monotonic clock by default.
    public init(clock: AppStorePollClock = .continuous()) { self.clock = clock }

    /// Reserves the earliest moment a lookup may start, if it is no later than `latestStart`.
    /// - Parameters:
    ///   - latestStart: The last moment the caller can still use (its poll's deadline less a lookup's timeout).
    ///   - perMinute: How many lookups may start in any 60 seconds.
    ///   - waiting: Whether the caller may wait for the pace; a sync doesn't (attack s14, 11): it
    ///     takes only a start the pace allows now, so an HTTP request isn't held for tens of seconds.
    /// - Returns: The moment to start at (sleep until it with ``clock``); `nil` when it would be after
    ///   `latestStart`, or later than now when not `waiting`.
    public func reserve(latestStart: Duration, perMinute: Int, waiting: Bool = true) -> Duration? {
        let now = clock.now()
        let minute = Duration.seconds(60)
        // A start a minute old or more can't share a window with one made from now on.
        starts.removeAll { $0 <= now - minute }
        let limit = max(perMinute, 1)
        let start = starts.count >= limit ? max(now, starts[starts.count - limit] + minute) : now
        guard start <= latestStart, waiting || start <= now else { return nil }
        starts.insert(start, at: starts.firstIndex { $0 > start } ?? starts.endIndex)
        return start
    }
}
