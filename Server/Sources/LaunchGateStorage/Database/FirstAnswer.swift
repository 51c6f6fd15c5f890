import Synchronization

/// A caller's continuation, resumed by whichever of the tasks racing to answer it comes first
/// (the work, or its deadline); later answers are dropped.
final class FirstAnswer<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, any Error>?>

    /// - Parameter continuation: The caller's, resumed exactly once.
    package init(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation = Mutex(continuation)
    }

    /// Answers the caller, unless it was answered already.
    package func resume(with result: Result<Value, any Error>) {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }
}
