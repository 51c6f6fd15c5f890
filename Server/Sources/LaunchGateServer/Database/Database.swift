import Foundation
import Logging
import PostgresKit
import SQLiteKit
import Synchronization

/// The connection to SQLite or PostgreSQL, behind one interface for the SQL repository.
///
/// SQLite uses one connection and runs one operation at a time on it, so a transaction never
/// interleaves with another; reads on the request hot path come from memory, not from here.
/// PostgreSQL leases a pooled connection per operation. When PostgreSQL is down, an operation
/// waits at most ``leaseTimeout`` for a connection and then throws ``StorageError`` `unavailable`;
/// the pool keeps trying in the background and serves again as soon as the server is back.
public final class Database: Sendable {
    private let connector: Connector
    private let lock = AsyncLock()
    /// Where it is, for messages (passwords hidden).
    let location: DatabaseLocation
    /// How long an operation waits for a pooled PostgreSQL connection before reporting the database unavailable.
    let leaseTimeout: Duration

    private enum Connector: Sendable {
        case sqlite(SQLiteConnection)
        case postgres(PostgresClient, Task<Void, Never>)
    }

    private init(connector: Connector, location: DatabaseLocation, leaseTimeout: Duration) {
        self.connector = connector
        self.location = location
        self.leaseTimeout = leaseTimeout
    }

    /// Opens the database.
    /// - Parameters:
    ///   - location: Where it is.
    ///   - leaseTimeout: For PostgreSQL, how long an operation (and start-up) waits for a connection.
    ///   - logger: For driver logs.
    /// - Returns: An open database; call ``close()`` when done.
    /// - Throws: ``StorageError``: `invalidLocation` for a URL that can't be used, `unavailable`
    ///   when the server can't be reached, `insecureConnection` when `sslmode` can't be honoured,
    ///   `fileNotCreated` when the SQLite file can't be made.
    public static func open(_ location: DatabaseLocation, leaseTimeout: Duration = .seconds(10), logger: Logger) async throws -> Database {
        switch location {
        case .sqlite(let path):
            try createPrivateFile(path)
            let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
            // WAL lets a second process (another instance, the CLI) read while one writes.
            _ = try await connection.query("PRAGMA journal_mode = WAL")
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            _ = try await connection.query("PRAGMA foreign_keys = ON")
            return Database(connector: .sqlite(connection), location: location, leaseTimeout: leaseTimeout)
        case .postgres(let url):
            let settings = try PostgresSettings(url: url, location: location)
            // One direct connection first: it fails at once with the real cause (refused, TLS,
            // password), where the pool would retry quietly until the lease timeout.
            try await settings.probe(timeout: leaseTimeout, logger: logger)
            let client = PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: logger)
            // Leasing before run() has begun works but logs a warning; wait until the task starts.
            let (started, signal) = AsyncStream<Void>.makeStream()
            let run = Task {
                signal.finish()
                await client.run()
            }
            for await _ in started {}
            return Database(connector: .postgres(client, run), location: location, leaseTimeout: leaseTimeout)
        }
    }

    /// Runs statements on one connection, outside a transaction.
    /// - Parameter body: The work.
    /// - Returns: What the work returns.
    /// - Throws: What the work throws, or ``StorageError`` `unavailable` when the server can't be reached.
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch connector {
        case .sqlite(let connection):
            return try await lock.withLock { try await body(connection.sql()) }
        case .postgres(let client, _):
            do {
                return try await leasing(client) { try await body($0.sql()) }
            } catch {
                throw PostgresSettings.classify(error, location: location)
            }
        }
    }

    /// Runs statements in one transaction: all of them take effect, or none.
    /// - Parameter body: The work; throwing rolls everything back.
    /// - Returns: What the work returns.
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await read { database in
            try await database.raw("BEGIN").run()
            do {
                let result = try await body(database)
                try await database.raw("COMMIT").run()
                return result
            } catch {
                try? await database.raw("ROLLBACK").run()
                throw error
            }
        }
    }

    /// Closes the connection or pool.
    public func close() async {
        switch connector {
        case .sqlite(let connection): try? await connection.close()
        case .postgres(_, let run): run.cancel()
        }
    }

    /// Leases a connection, giving up after ``leaseTimeout`` if none comes; once leased, the work
    /// runs to its end (PostgreSQL's own timeouts and the connection's health bound it).
    private func leasing<T: Sendable>(_ client: PostgresClient, _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let leased = LeaseFlag()
        let timeout = leaseTimeout
        return try await withThrowingTaskGroup(of: LeaseOutcome<T>.self) { group in
            group.addTask { .finished(try await client.withConnection { connection in
                leased.set()
                return try await body(connection)
            }) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return .timedOut
            }
            while let outcome = try await group.next() {
                switch outcome {
                case .finished(let value):
                    group.cancelAll()
                    return value
                case .timedOut where leased.isSet:
                    continue
                case .timedOut:
                    group.cancelAll()
                    throw StorageError.unavailable("PostgreSQL at \(location) gave no connection within \(timeout); is it running and reachable? The server keeps retrying")
                }
            }
            throw CancellationError()
        }
    }
}

/// What finished first while leasing: the work, or the lease timer.
private enum LeaseOutcome<T: Sendable>: Sendable {
    case finished(T)
    case timedOut
}

/// Set once a connection was leased, so the lease timer leaves running work alone.
private final class LeaseFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
