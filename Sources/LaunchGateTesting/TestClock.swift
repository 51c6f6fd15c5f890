import Foundation

/// A clock a test moves by hand; pass ``now`` wherever LaunchGate takes a clock, and ``sleep``
/// wherever it takes a timer, so a timer fires when the test moves the clock past it.
///
/// ```swift
/// let clock = TestClock()
/// let throttle = PromptThrottle(store: InMemoryKeyValueStore(), now: clock.now)
/// clock.advance(by: 86_400)
/// ```
public final class TestClock: @unchecked Sendable {
    private struct Sleeper {
        let id: UUID
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Date
    private var sleepers: [Sleeper] = []
    /// Sleeps cancelled before they were registered, so they end at once when they are.
    private var cancelled: Set<UUID> = []

    /// Creates a clock.
    /// - Parameter start: The starting time; a fixed date by default so tests are repeatable.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    /// The current time.
    public var date: Date { lock.withLock { current } }

    /// A closure reading this clock, for the `now:` parameters.
    public var now: @Sendable () -> Date { { [self] in date } }

    /// A closure waiting on this clock, for the `sleep:` parameters: it returns once the clock has
    /// been moved the given number of seconds past where it was, and throws when its task is cancelled.
    public var sleep: @Sendable (TimeInterval) async throws -> Void { { [self] in try await sleep(for: $0) } }

    /// When each pending sleep ends, soonest first: what timers are set now.
    public var pendingDeadlines: [Date] { lock.withLock { sleepers.map(\.deadline).sorted() } }

    /// Moves the clock forward, or backward with a negative interval, waking the sleeps it passes.
    /// - Parameter interval: Seconds to move.
    public func advance(by interval: TimeInterval) { set(date + interval) }

    /// Sets the clock to a date, waking the sleeps it passes.
    /// - Parameter date: The new time.
    public func set(_ date: Date) {
        let due: [Sleeper] = lock.withLock {
            current = date
            let due = sleepers.filter { $0.deadline <= date }
            sleepers.removeAll { $0.deadline <= date }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits until the clock has moved `interval` seconds past now.
    /// - Parameter interval: Seconds of this clock's time.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(for interval: TimeInterval) async throws {
        let id = UUID()
        let deadline = date + interval
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let early: Result<Void, any Error>? = lock.withLock {
                    if cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if current >= deadline { return .success(()) }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                if let index = sleepers.firstIndex(where: { $0.id == id }) { return sleepers.remove(at: index) }
                cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
