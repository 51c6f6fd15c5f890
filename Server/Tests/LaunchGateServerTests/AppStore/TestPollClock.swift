import Synchronization
@testable import LaunchGateAppStore

/// An ``AppStorePollClock`` the test moves: sleeping moves it to the moment asked for at once, so
/// pacing and deadlines are tested without waiting.
final class TestPollClock: Sendable {
    private let time = Mutex(Duration.zero)

    /// Time since the start.
    var now: Duration { time.withLock { $0 } }

    /// Moves the clock on.
    func advance(_ duration: Duration) { time.withLock { $0 += duration } }

    /// The clock as the poller takes it.
    var clock: AppStorePollClock {
        AppStorePollClock(now: { self.now }, sleep: { until in
            try Task.checkCancellation()
            self.time.withLock { $0 = max($0, until) }
        })
    }
}
