import NIOCore
import Synchronization

/// A timer that closes the connection when one step of the conversation (a write or a reply)
/// takes longer than the timeout. Closing is the only way to stop a write or a read a hostile or
/// stuck server leaves pending; the flag lets the error say "timed out" rather than "closed".
final class SMTPDeadline: Sendable {
    private let passed = Mutex(false)
    private let timer = Mutex<Scheduled<Void>?>(nil)

    /// Starts the timer.
    init(channel: any Channel, timeout: Duration) {
        let task = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { [self] in
            passed.withLock { $0 = true }
            channel.close(promise: nil)
        }
        timer.withLock { $0 = task }
    }

    /// Whether the timer fired (and closed the connection).
    var hasPassed: Bool { passed.withLock { $0 } }

    /// Stops the timer, once the step is over.
    package func cancel() { timer.withLock { $0?.cancel() } }
}
