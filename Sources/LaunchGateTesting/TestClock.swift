import Foundation

/// A clock a test moves by hand; pass ``now`` wherever LaunchGate takes a clock.
///
/// ```swift
/// let clock = TestClock()
/// let throttle = PromptThrottle(store: InMemoryKeyValueStore(), now: clock.now)
/// clock.advance(by: 86_400)
/// ```
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// Creates a clock.
    /// - Parameter start: The starting time; a fixed date by default so tests are repeatable.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    /// The current time.
    public var date: Date { lock.withLock { current } }

    /// A closure reading this clock, for the `now:` parameters.
    public var now: @Sendable () -> Date { { [self] in date } }

    /// Moves the clock forward, or backward with a negative interval.
    /// - Parameter interval: Seconds to move.
    public func advance(by interval: TimeInterval) { lock.withLock { current += interval } }

    /// Sets the clock to a date.
    /// - Parameter date: The new time.
    public func set(_ date: Date) { lock.withLock { current = date } }
}
