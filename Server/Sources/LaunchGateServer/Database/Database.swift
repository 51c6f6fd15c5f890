import Foundation
import Logging
import PostgresKit
import SQLiteKit

/// The connection to SQLite or PostgreSQL, behind one interface for the SQL repository.
///
/// SQLite uses one connection and runs one operation at a time on it, so a transaction never
/// interleaves with another; reads on the request hot path come from memory, not from here.
/// PostgreSQL leases a pooled connection per operation.
public final class Database: Sendable {
    private let connector: Connector
    private let lock = AsyncLock()

    private enum Connector: Sendable {
        case sqlite(SQLiteConnection)
        case postgres(PostgresClient, Task<Void, Never>)
    }

    private init(connector: Connector) {
        self.connector = connector
    }

    /// Opens the database.
    /// - Parameters:
    ///   - location: Where it is.
    ///   - logger: For driver logs.
    /// - Returns: An open database; call ``close()`` when done.
    /// - Throws: When the file can't be opened or the URL can't be read.
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> Database {
        switch location {
        case .sqlite(let path):
            let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
            // WAL lets a second process (another instance, the CLI) read while one writes.
            _ = try await connection.query("PRAGMA journal_mode = WAL")
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            _ = try await connection.query("PRAGMA foreign_keys = ON")
            return Database(connector: .sqlite(connection))
        case .postgres(let url):
            let configuration: SQLPostgresConfiguration
            do { configuration = try SQLPostgresConfiguration(url: url) } catch {
                throw ServerError.badRequest("the PostgreSQL URL could not be read: \(error)")
            }
            let core = configuration.coreConfiguration
            guard let host = core.host else { throw ServerError.badRequest("the PostgreSQL URL needs a host") }
            var clientConfiguration = PostgresClient.Configuration(
                host: host, port: core.port ?? 5432, username: core.username, password: core.password,
                database: core.database, tls: .disable)
            clientConfiguration.options.maximumConnections = 8
            let client = PostgresClient(configuration: clientConfiguration, backgroundLogger: logger)
            // Leasing before run() has begun works but logs a warning; wait until the task starts.
            let (started, signal) = AsyncStream<Void>.makeStream()
            let run = Task {
                signal.finish()
                await client.run()
            }
            for await _ in started {}
            let database = Database(connector: .postgres(client, run))
            // Fail fast with a clear message rather than on the first request.
            do { try await database.read { try await $0.raw("SELECT 1").run() } } catch {
                run.cancel()
                throw ServerError.unavailable("PostgreSQL at \(location) is not reachable: \(String(reflecting: error).prefix(200))")
            }
            return database
        }
    }

    /// Runs statements on one connection, outside a transaction.
    /// - Parameter body: The work.
    /// - Returns: What the work returns.
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch connector {
        case .sqlite(let connection):
            return try await lock.withLock { try await body(connection.sql()) }
        case .postgres(let client, _):
            return try await client.withConnection { try await body($0.sql()) }
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
}
