import Foundation
import Synchronization

/// Sleeps on a clock the test moves: a sleep ends when ``advance(_:)`` takes the clock past its
/// end, so a test can let a poll loop run for a minute without waiting one.
final class ManualSleeper: Sendable {
    private struct State {
        var now: Duration = .zero
        var asleep: [(until: Duration, wake: CheckedContinuation<Void, any Error>)] = []
        var slept = 0
        var over = false
    }

    private let state = Mutex(State())

    /// Sleeps so far, woken or not.
    var slept: Int { state.withLock { $0.slept } }

    /// Waits until the clock has moved `duration` on; throws at once after ``finish()``.
    func sleep(_ duration: Duration) async throws {
        try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
            let over = state.withLock { state -> Bool in
                guard !state.over else { return true }
                state.slept += 1
                state.asleep.append((until: state.now + duration, wake: wake))
                return false
            }
            if over { wake.resume(throwing: CancellationError()) }
        }
    }

    /// Moves the clock on and wakes the sleeps that end by then; returns once each woken sleeper
    /// slept again (what an idle poll loop does), or after 5 s as a backstop.
    func advance(_ duration: Duration) async throws {
        let (woken, before) = state.withLock { state in
            state.now += duration
            let due = state.asleep.filter { $0.until <= state.now }
            state.asleep.removeAll { $0.until <= state.now }
            return (due.map(\.wake), state.slept)
        }
        for wake in woken { wake.resume() }
        try await waitForSleeps(before + woken.count)
    }

    /// Returns once `count` sleeps have begun, or after 5 s as a backstop.
    func waitForSleeps(_ count: Int) async throws {
        for _ in 0..<5000 where slept < count { try await Task.sleep(for: .milliseconds(1)) }
    }

    /// Ends every sleep, now and later, with `CancellationError`.
    func finish() {
        let asleep = state.withLock { state in
            state.over = true
            defer { state.asleep = [] }
            return state.asleep.map(\.wake)
        }
        for wake in asleep { wake.resume(throwing: CancellationError()) }
    }
}
