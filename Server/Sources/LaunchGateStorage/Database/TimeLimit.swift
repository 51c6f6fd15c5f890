/// Runs work that must be over by a time limit, and answers at the limit even when the work is
/// still waiting on a peer. For reading an HTTP body: AsyncHTTPClient's deadline ends once a
/// response's head arrives, so a peer that sends a byte every few seconds would otherwise hold the
/// read for as long as it likes (review s13, G4).
package enum TimeLimit {
    /// Runs `operation`, and cancels it at `limit`.
    /// - Parameters:
    ///   - limit: How long it may take.
    ///   - operation: The work; cancelled at the limit, or when the caller is.
    /// - Returns: What `operation` returned, or `nil` when the limit came first.
    /// - Throws: What `operation` threw, or `CancellationError` when the caller was cancelled.
    package static func run<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T? {
        let work = Task { try await operation() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T?, any Error>) in
                let answer = FirstAnswer(continuation)
                let timer = Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    answer.resume(with: .success(nil))
                    work.cancel()
                }
                Task {
                    let result = await work.result
                    timer.cancel()
                    answer.resume(with: result.map { Optional($0) })
                }
            }
        } onCancel: {
            work.cancel()
        }
    }
}
