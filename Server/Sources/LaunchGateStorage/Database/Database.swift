import Foundation
import Logging
import PostgresKit
import SQLiteKit
import Tracing

/// The connection to SQLite or PostgreSQL, behind one interface for the SQL repository.
///
/// SQLite runs one operation at a time on one connection, so a transaction never interleaves with
/// another, and reads with a time limit on a second, read-only one (``SQLiteConnections``); reads
/// on the request hot path come from memory, not from here.
/// PostgreSQL leases a pooled connection per operation. Connection failures are thrown as
/// ``StorageError`` `unavailable`; the pool keeps trying in the background and serves again as
/// soon as the server is back.
public final class Database: Sendable {
    private let connector: Connector
    /// Where it is, for messages (passwords hidden).
    package let location: DatabaseLocation
    /// How long start-up waits for PostgreSQL to answer before reporting it unavailable.
    let leaseTimeout: Duration
    /// How long an operation waits for a pooled connection before it is answered `unavailable`.
    let leaseWait: Duration
    /// The statements sent so far, for tests of how many a step takes.
    let statements = StatementTally()

    private enum Connector: Sendable {
        case sqlite(SQLiteConnections, DatabaseFileLock)
        case postgres(PostgresClient, Task<Void, Never>)
    }

    private init(connector: Connector, location: DatabaseLocation, leaseTimeout: Duration, leaseWait: Duration) {
        self.connector = connector
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
    ///     is unreachable or every connection is busy, before it fails as `unavailable`, which a caller may retry.
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
            do {
                let connections = try await SQLiteConnections.open(path: path, readOnly: readOnly, logger: logger)
                return Database(connector: .sqlite(connections, lock), location: location, leaseTimeout: leaseTimeout, leaseWait: leaseWait)
            } catch let error as SQLiteError {
                lock.release()
                throw error.isBusy ? Self.busy(location) : error
            } catch {
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
        return Database(connector: .postgres(client, run), location: settings.location, leaseTimeout: leaseTimeout, leaseWait: leaseWait)
    }

    /// Runs statements on one connection, outside a transaction.
    /// - Parameters:
    ///   - timeout: The longest the caller waits, for reads an admin can make slow (adoption over
    ///     many groups); the work must only read. On PostgreSQL it runs in a transaction with
    ///     `statement_timeout` set locally, which ends the statement. On SQLite, which can't end a
    ///     statement, it runs on a read-only connection of its own (``SQLiteConnections``), so
    ///     writes never wait for it; the caller is answered at the limit, and the work's later
    ///     statements fail before they start. `nil`: only the session limits apply.
    ///   - operation: What the work is for, the span's `db.operation.name` (``Telemetry``): the
    ///     caller's function by default, never SQL text.
    ///   - body: The work.
    /// - Returns: What the work returns.
    /// - Throws: What the work throws, or ``StorageError`` `unavailable` when the server can't be
    ///   reached or the work ran past `timeout`.
    public func read<T: Sendable>(timeout: Duration? = nil, operation: String = #function,
                                  _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await Telemetry.withSpan("db.read", kind: .client, attributes: spanAttributes(operation)) { _ in
            try await unspannedRead(timeout: timeout, body)
        }
    }

    /// The attributes of a database operation's span: the system and the operation's name, no SQL
    /// (its values would carry addresses and codes) and no location (it may carry a password).
    private func spanAttributes(_ operation: String) -> SpanAttributes {
        var attributes = SpanAttributes()
        if case .sqlite = connector { attributes["db.system.name"] = "sqlite" } else { attributes["db.system.name"] = "postgresql" }
        attributes["db.operation.name"] = operation
        return attributes
    }

    /// ``read(timeout:operation:_:)`` without its span, for ``transaction(_:operation:_:)``, whose span is its own.
    private func unspannedRead<T: Sendable>(timeout: Duration? = nil, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch connector {
        case .sqlite(let connections, _):
            let statements = self.statements
            let tallied: @Sendable (any SQLDatabase) async throws -> T = { try await body(TalliedSQLDatabase(base: $0, tally: statements)) }
            do {
                guard let timeout else { return try await connections.withConnection(tallied) }
                return try await connections.read(timeout: timeout, tallied)
            } catch SQLiteOperationError.expired {
                throw Self.timedOut(timeout ?? .zero, location: location)
            } catch SQLiteOperationError.ended where connections.isClosed {
                throw StorageError.unavailable("the database at \(location) is closed; the server is shutting down")
            } catch let error as SQLiteError where error.isBusy {
                throw Self.busy(location)
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

    /// What a statement that waited out the busy timeout fails with: `unavailable`, to retry, as PostgreSQL's lost connections are.
    private static func busy(_ location: DatabaseLocation) -> StorageError {
        StorageError.unavailable("the SQLite database at \(location) stayed locked by another process for \(SQLiteConnections.busyTimeout); try again")
    }

    /// What a read that ran past its time limit fails with: `unavailable`, to retry later, not a fault.
    private static func timedOut(_ timeout: Duration, location: DatabaseLocation) -> StorageError {
        StorageError.unavailable("a query on \(location) ran past its \(timeout) limit and was ended; nothing was changed, try again later or ask for less")
    }

    /// Runs statements in one transaction: all of them take effect, or none.
    /// - Parameters:
    ///   - durability: Whether the commit must survive a crash of the machine (the default) or only
    ///     of the process.
    ///   - operation: What the work is for, the span's `db.operation.name`: the caller's function by default.
    ///   - body: The work; throwing rolls everything back.
    /// - Returns: What the work returns.
    public func transaction<T: Sendable>(_ durability: Durability = .durable, operation: String = #function,
                                         _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await Telemetry.withSpan("db.transaction", kind: .client, attributes: spanAttributes(operation)) { _ in
            try await unspannedTransaction(durability, body)
        }
    }

    private func unspannedTransaction<T: Sendable>(_ durability: Durability,
                                                   _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        guard case .sqlite = connector else {
            return try await unspannedRead { database in try await Self.inTransaction(database, begin: "BEGIN", body) }
        }
        return try await unspannedRead { database in
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

    /// Closes the connection or pool.
    public func close() async {
        switch connector {
        case .sqlite(let connections, let fileLock):
            // After the operations already waiting.
            await connections.close()
            fileLock.release()
        case .postgres(_, let run): run.cancel()
        }
    }
}
