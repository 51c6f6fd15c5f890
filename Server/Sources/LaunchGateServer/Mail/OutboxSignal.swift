/// Wakes the outbox worker when a message is queued on this instance, so mail leaves at once
/// rather than at the next poll. Other instances' messages are found by polling.
public final class OutboxSignal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// Creates a signal; many notifications before a wait count as one.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Says that mail is waiting.
    public func notify() { continuation.yield() }

    /// Waits for a notification or for `timeout`, whichever comes first.
    func wait(atMost timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [stream] in
                for await _ in stream { return }
            }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }
}
