import Foundation
import Logging
import NIOPosix
import PostgresKit
import SQLiteKit

/// The connection to SQLite or PostgreSQL, behind one interface for the SQL repository.
///
/// SQLite uses one connection and runs one operation at a time on it, so a transaction never
/// interleaves with another; reads on the request hot path come from memory, not from here.
/// PostgreSQL leases a pooled connection per operation. Connection failures are thrown as
/// ``StorageError`` `unavailable`; the pool keeps trying in the background and serves again as
/// soon as the server is back.
public final class Database: Sendable {
    private let connector: Connector
    private let lock = AsyncLock()
    private let logger: Logger
    /// Where it is, for messages (passwords hidden).
    let location: DatabaseLocation
    /// How long start-up waits for PostgreSQL to answer before reporting it unavailable.
    let leaseTimeout: Duration
    /// How long an operation waits for a pooled connection before it is answered `unavailable`.
    let leaseWait: Duration

    private enum Connector: Sendable {
        case sqlite(SQLiteHandle, SQLiteTaskExecutor, DatabaseFileLock)
        case postgres(PostgresClient, Task<Void, Never>)
    }

    private init(connector: Connector, logger: Logger, location: DatabaseLocation, leaseTimeout: Duration, leaseWait: Duration) {
        self.connector = connector
        self.logger = logger
        self.location = location
        self.leaseTimeout = leaseTimeout
        self.leaseWait = leaseWait
    }

    /// Opens the database.
    /// - Parameters:
    ///   - location: Where it is.
    ///   - readOnly: For SQLite, open the file read-only and leave its journal mode as it is (for
    ///     `backup` and `migrate --dry-run`, which must change nothing); the file must exist.
    ///   - leaseTimeout: For PostgreSQL, how long start-up waits for the server to answer.
    ///   - leaseWait: For PostgreSQL, how long an operation waits for a connection while the server
    ///     is unreachable or every connection is busy, before it fails as `unavailable` (a 503).
    ///   - logger: For driver logs.
    /// - Returns: An open database; call ``close()`` when done.
    /// - Throws: ``StorageError``: `invalidLocation` for a URL that can't be used, `unavailable`
    ///   when the server can't be reached, `insecureConnection` when `sslmode` can't be honoured,
    ///   `fileNotCreated` when the SQLite file (or its lock file) can't be made; on SQLite, `busy`
    ///   while `launchgate restore` is replacing the file (see ``DatabaseFileLock``).
    public static func open(_ location: DatabaseLocation, readOnly: Bool = false, leaseTimeout: Duration = .seconds(10),
                            leaseWait: Duration = .seconds(3), logger: Logger) async throws -> Database {
        switch location {
        case .sqlite(let path):
            try DatabaseLocation.requireFilePath(path)
            if !readOnly { try createPrivateFile(path) }
            // Held until close(), so 'launchgate restore' never replaces the file under this process.
            let lock = try DatabaseFileLock.shared(for: path)
            // A thread of its own (SQLiteTaskExecutor), where every operation's Swift code and SQLite
            // calls run: SQLite waits for another process's write lock by sleeping in the calling
            // thread (busy_timeout), which on the shared pool could starve the rest of the process.
            let executor = SQLiteTaskExecutor(name: "lg-sqlite")
            do {
                let handle = try await withTaskExecutorPreference(executor) { try Self.openSQLite(path, readOnly: readOnly) }
                return Database(connector: .sqlite(handle, executor, lock), logger: logger, location: location,
                                leaseTimeout: leaseTimeout, leaseWait: leaseWait)
            } catch {
                executor.shutdown()
                lock.release()
                throw error
            }
        case .postgres(let url):
            let settings = try PostgresSettings(url: url, location: location)
            // One direct connection first: it fails at once with the real cause (refused, TLS,
            // password), where the pool would retry quietly until the lease timeout.
            try await settings.probe(timeout: leaseTimeout, logger: logger)
            return await pool(settings, leaseTimeout: leaseTimeout, leaseWait: leaseWait, logger: logger)
        }
    }

    /// Opens the file and sets the connection up: wait up to 5 s for another process's write lock
    /// (set first, as the journal mode change may need to wait), WAL so a second process (another
    /// instance, the CLI) reads while one writes, foreign keys, and relaxed syncing (durable
    /// transactions sync; see Durability). Read-only, the journal mode is left as the file has it.
    private static func openSQLite(_ path: String, readOnly: Bool) throws -> SQLiteHandle {
        let handle = try SQLiteHandle(path: path, readOnly: readOnly)
        let pragmas = ["PRAGMA busy_timeout = 5000"] + (readOnly ? [] : ["PRAGMA journal_mode = WAL"])
            + ["PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL"]
        do {
            for pragma in pragmas {
                try handle.run(pragma, []) { _ in }
            }
            return handle
        } catch {
            handle.close()
            throw error
        }
    }

    /// Starts the PostgreSQL pool without the start-up probe; ``open(_:leaseTimeout:leaseWait:logger:)``
    /// probes first. Every pooled connection is made with `settings`' TLS, as the probe's is.
    static func pool(_ settings: PostgresSettings, leaseTimeout: Duration, leaseWait: Duration, logger: Logger) async -> Database {
        let client = PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: logger)
        // Leasing before run() has begun works but logs a warning; wait until the task starts.
        let (started, signal) = AsyncStream<Void>.makeStream()
        let run = Task {
            signal.finish()
            await client.run()
        }
        for await _ in started {}
        return Database(connector: .postgres(client, run), logger: logger, location: settings.location, leaseTimeout: leaseTimeout, leaseWait: leaseWait)
    }

    /// Runs statements on one connection, outside a transaction.
    /// - Parameters:
    ///   - timeout: Ends any statement still running this long after the work began, for reads
    ///     an admin can make slow (adoption over many groups): on SQLite, which runs one operation
    ///     at a time, a watchdog interrupts it; on PostgreSQL the work runs in a transaction with
    ///     `statement_timeout` set locally. `nil`: only the session limits apply.
    ///   - body: The work.
    /// - Returns: What the work returns.
    /// - Throws: What the work throws, or ``StorageError`` `unavailable` when the server can't be
    ///   reached or the work ran past `timeout`.
    public func read<T: Sendable>(timeout: Duration? = nil, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch connector {
        case .sqlite(let handle, let executor, _):
            let (logger, location, eventLoop) = (logger, location, MultiThreadedEventLoopGroup.singleton.any())
            return try await withTaskExecutorPreference(executor) {
                try await lock.withLock {
                    // A number for this operation, changed again when it ends: a session kept past it is refused.
                    handle.lease &+= 1
                    defer { handle.lease &+= 1 }
                    let watchdog = timeout.flatMap { handle.arm(after: $0) }
                    defer { handle.disarm(watchdog) }
                    do {
                        return try await body(SQLiteSession(handle: handle, lease: handle.lease, logger: logger, eventLoop: eventLoop))
                    } catch let error as SQLiteStatementError {
                        if error.isInterrupted, let timeout { throw Self.timedOut(timeout, location: location) }
                        throw error.classified(location: location)
                    }
                }
            }
        case .postgres(let client, _):
            guard let timeout else { return try await leased(from: client, body) }
            let milliseconds = String(max(1, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
            let location = self.location
            return try await leased(from: client) { database in
                do {
                    return try await Self.inTransaction(database, begin: "BEGIN") { database in
                        // SET LOCAL, with a bind: it ends with the transaction, and the pooled connection keeps its session limits.
                        try await database.raw("SELECT set_config('statement_timeout', \(bind: milliseconds), true)").run()
                        return try await body(database)
                    }
                } catch let error as PSQLError where error.serverInfo?[.sqlState] == "57014" {
                    // 57014: cancelled, here by the statement timeout just set.
                    throw Self.timedOut(timeout, location: location)
                }
            }
        }
    }

    /// What a read that ran past its time limit fails with: a 503 to retry later, not a fault.
    private static func timedOut(_ timeout: Duration, location: DatabaseLocation) -> StorageError {
        StorageError.unavailable("a query on \(location) ran past its \(timeout) limit and was ended; nothing was changed, try again later or ask for less")
    }

    /// Runs statements in one transaction: all of them take effect, or none.
    /// - Parameters:
    ///   - durability: Whether the commit must survive a crash of the machine (the default) or only
    ///     of the process.
    ///   - body: The work; throwing rolls everything back.
    /// - Returns: What the work returns.
    public func transaction<T: Sendable>(_ durability: Durability = .durable,
                                         _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        guard case .sqlite = connector else {
            return try await read { database in try await Self.inTransaction(database, begin: "BEGIN", body) }
        }
        return try await read { database in
            // The connection runs relaxed; a durable commit syncs, and the setting goes back after.
            guard durability == .durable else { return try await Self.inTransaction(database, begin: "BEGIN IMMEDIATE", body) }
            try await database.raw("PRAGMA synchronous = FULL").run()
            do {
                let result = try await Self.inTransaction(database, begin: "BEGIN IMMEDIATE", body)
                try await database.raw("PRAGMA synchronous = NORMAL").run()
                return result
            } catch {
                try? await database.raw("PRAGMA synchronous = NORMAL").run()
                throw error
            }
        }
    }

    /// SQLite begins IMMEDIATE: it takes the write lock up front, waiting out busy_timeout. A
    /// deferred BEGIN that reads and then writes fails at once with SQLITE_BUSY_SNAPSHOT when another
    /// process (the CLI beside a running server) wrote in between, which no timeout retries.
    private static func inTransaction<T: Sendable>(_ database: any SQLDatabase, begin: SQLQueryString,
                                                   _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await database.raw(begin).run()
        do {
            let result = try await body(database)
            try await database.raw("COMMIT").run()
            return result
        } catch {
            try? await database.raw("ROLLBACK").run()
            throw error
        }
    }

    /// How many statements the SQLite connection keeps prepared; `nil` on PostgreSQL.
    func preparedStatementCount() async throws -> Int? {
        guard case .sqlite(let handle, let executor, _) = connector else { return nil }
        return try await withTaskExecutorPreference(executor) { try await lock.withLock { handle.preparedCount } }
    }

    /// Closes the connection or pool.
    public func close() async {
        switch connector {
        case .sqlite(let handle, let executor, let fileLock):
            // After the operations already waiting, on the thread that runs them.
            try? await withTaskExecutorPreference(executor) { try await lock.withLock { handle.close() } }
            executor.shutdown()
            fileLock.release()
        case .postgres(_, let run): run.cancel()
        }
    }
}
