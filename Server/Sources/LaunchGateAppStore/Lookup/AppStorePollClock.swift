/// The poller's time for pacing lookups and for a poll's deadline: how long since the clock's
/// start, and a sleep until a moment. Injected, so tests move it by hand rather than wait.
public struct AppStorePollClock: Sendable {
    /// Time since the clock's start.
    public let now: @Sendable () -> Duration
    /// Returns once ``now`` is at least the moment given (at once if it already is).
    public let sleep: @Sendable (_ until: Duration) async throws -> Void

    /// Creates a clock from its two parts.
    /// - Parameters:
    ///   - now: Time since the clock's start.
    ///   - sleep: Waits until a moment; throws when the task is cancelled.
    public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (_ until: Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The process's monotonic clock, counted from when this is called.
    public static func continuous() -> AppStorePollClock {
        let start = ContinuousClock.now
        return AppStorePollClock(now: { ContinuousClock.now - start },
                                 sleep: { until in try await Task.sleep(until: start + until, clock: .continuous) })
    }
}
