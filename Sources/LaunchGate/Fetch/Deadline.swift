import Foundation

/// Runs an operation with a time limit that holds even if the operation ignores cancellation.
///
/// A task group would wait for a stuck child before returning; this resumes the caller as soon
/// as either the operation or the timer finishes, then cancels the other.
enum Deadline {
    static func run<T: Sendable>(
        _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let gate = ResumeOnce<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                gate.install(continuation)
                let work = Task {
                    do { gate.resume(with: .success(try await operation())) } catch { gate.resume(with: .failure(error)) }
                }
                let timer = Task {
                    try? await Task.sleep(for: timeout)
                    gate.resume(with: .failure(LaunchGateError.timeout))
                    work.cancel()
                }
                gate.onResume { work.cancel(); timer.cancel() }
            }
        } onCancel: {
            gate.resume(with: .failure(CancellationError()))
        }
    }
}

/// Resumes a continuation exactly once, from whichever side finishes first.
private final class ResumeOnce<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var pending: Result<T, any Error>?
    private var cleanup: (@Sendable () -> Void)?
    private var done = false

    func install(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = lock.withLock {
            if let pending { self.pending = nil; return pending }
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func onResume(_ action: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock { () -> Bool in
            if done { return true }
            cleanup = action
            return false
        }
        if runNow { action() }
    }

    func resume(with result: Result<T, any Error>) {
        let (target, action): (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) = lock.withLock {
            guard !done else { return (nil, nil) }
            done = true
            guard let continuation else { pending = result; return (nil, cleanup) }
            self.continuation = nil
            return (continuation, cleanup)
        }
        target?.resume(with: result)
        action?()
    }
}
