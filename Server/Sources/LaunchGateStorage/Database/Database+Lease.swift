import PostgresKit

extension Database {
    /// Runs `body` on a pooled PostgreSQL connection, or fails as ``StorageError`` `unavailable`
    /// when none can be had within ``leaseWait``.
    ///
    /// The operation runs in its own task and the caller waits on a ``LeaseGate`` rather than on
    /// the pool, because a lease queued while the server is down waits until a connection can be
    /// made, so an admin write during an outage would hang instead of failing as `unavailable`.
    /// Work given up that way never runs later; work that began is always awaited.
    func leased<T: Sendable>(from client: PostgresClient, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let location = self.location
        let (wait, statements) = (self.leaseWait, self.statements)
        return try await withCheckedThrowingContinuation { continuation in
            let gate = LeaseGate<T>(continuation)
            // The deadline; cancelled as soon as the work is answered, so no timer outlives it.
            let deadline = Task {
                guard (try? await Task.sleep(for: wait)) != nil else { return }
                gate.abandon(with: StorageError.unavailable("no connection to PostgreSQL at \(location) within \(wait); it may be down or overloaded, try again"))
            }
            Task {
                do {
                    let result = try await client.withConnection { connection in
                        // The pool can hand out a connection the server has just ended, before it
                        // hears of the close. PostgresNIO drops a query written to a closed channel
                        // without ever answering it, so the work would wait forever: fail at once
                        // instead, as nothing was sent; the pool replaces the connection.
                        guard !connection.isClosed else {
                            throw StorageError.unavailable("the connection to PostgreSQL at \(location) was lost; try again")
                        }
                        guard gate.begin() else { throw CancellationError() }
                        return try await body(TalliedSQLDatabase(base: connection.sql(queryLogLevel: nil), tally: statements))
                    }
                    gate.finish(.success(result))
                } catch {
                    gate.finish(.failure(PostgresSettings.classify(error, location: location)))
                }
                deadline.cancel()
            }
        }
    }
}
