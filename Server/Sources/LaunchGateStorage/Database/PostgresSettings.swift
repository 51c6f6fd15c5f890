import Foundation
import Logging
import NIOSSL
import PostgresKit

/// A PostgreSQL URL read into the pool's and a single connection's settings, with its TLS mode.
struct PostgresSettings: Sendable {
    /// The pool's settings.
    let clientConfiguration: PostgresClient.Configuration
    /// One connection's settings, for the start-up probe.
    let connectionConfiguration: PostgresConnection.Configuration
    /// The URL's `sslmode`.
    package let mode: PostgresTLSMode
    /// Where it is, for messages (password hidden).
    package let location: DatabaseLocation

    /// Every session's limits, in milliseconds: a statement may run 15 s, a transaction may sit
    /// idle 30 s, and a lock is waited for 10 s. LaunchGate's statements take milliseconds.
    ///
    /// They travel as start-up parameters, which PgBouncer refuses unless its
    /// `ignore_startup_parameters` lists them; `session_limits=off` in the URL leaves them out
    /// (set them on the database role instead: `ALTER ROLE … SET statement_timeout = '15s'`).
    static let sessionLimits = [("statement_timeout", "15000"), ("idle_in_transaction_session_timeout", "30000"), ("lock_timeout", "10000")]

    /// The URL's `session_limits`: `on` (the default) or `off`.
    /// - Throws: ``StorageError`` `invalidLocation` for any other value.
    static func sendsSessionLimits(url: String) throws -> Bool {
        let items = URLComponents(string: url)?.queryItems ?? []
        switch items.last(where: { $0.name.lowercased() == "session_limits" })?.value?.lowercased() {
        case nil, "on": return true
        case "off": return false
        case let other?: throw StorageError.invalidLocation("session_limits=\(other.prefix(20)) is not supported; use on or off")
        }
    }

    /// Reads the URL.
    /// - Throws: ``StorageError`` `invalidLocation` when it can't be used.
    init(url: String, location: DatabaseLocation) throws {
        let (mode, rootCertificate) = try PostgresTLSMode.parse(url: url)
        let limits = try Self.sendsSessionLimits(url: url) ? Self.sessionLimits : []
        let core: PostgresConnection.Configuration
        do {
            guard let parsed = URL(string: url) else { throw URLError(.badURL) }
            core = try SQLPostgresConfiguration(url: parsed).coreConfiguration
        } catch {
            throw StorageError.invalidLocation("the PostgreSQL URL \(location) can't be read; use postgres://user:password@host:5432/database?sslmode=verify-full")
        }
        guard let host = core.host else { throw StorageError.invalidLocation("the PostgreSQL URL \(location) needs a host") }
        if let rootCertificate, !FileManager.default.isReadableFile(atPath: rootCertificate) {
            throw StorageError.invalidLocation("sslrootcert=\(rootCertificate) is not a readable file")
        }
        var client = PostgresClient.Configuration(
            host: host, port: core.port ?? 5432, username: core.username, password: core.password,
            database: core.database, tls: mode.clientTLS(rootCertificate: rootCertificate))
        client.options.maximumConnections = 8
        client.options.connectTimeout = .seconds(5)
        // A statement that has begun is always waited for (see ``LeaseGate``), so the server must
        // end one that hangs (a lock held by a stuck session, a query gone wrong): otherwise it
        // holds a pooled connection, and the request waiting on it, for ever.
        client.options.additionalStartupParameters = limits
        var connection = core
        do { connection.tls = try mode.connectionTLS(rootCertificate: rootCertificate) } catch {
            throw StorageError.invalidLocation("sslrootcert=\(rootCertificate ?? "") can't be used: \(error)")
        }
        connection.options.connectTimeout = .seconds(5)
        connection.options.additionalStartupParameters = limits
        self.clientConfiguration = client
        self.connectionConfiguration = connection
        self.mode = mode
        self.location = location
    }

    /// Connects once and runs `SELECT 1`, so start-up fails at once with the cause.
    /// - Throws: ``StorageError`` `unavailable` or `insecureConnection`, or the server's error (such as a wrong password).
    func probe(timeout: Duration, logger: Logger) async throws {
        let configuration = connectionConfiguration
        do {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                    defer { Task { try? await connection.close() } }
                    _ = try await connection.query("SELECT 1", logger: logger)
                    return true
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return false
                }
                let answered = try await group.next() ?? false
                group.cancelAll()
                guard answered else {
                    throw StorageError.unavailable("PostgreSQL at \(location) did not answer within \(timeout)")
                }
            }
        } catch {
            throw Self.classify(error, location: location, mode: mode)
        }
    }

    /// Turns the driver's connection failures into ``StorageError``s that say what to do; any
    /// other error (a constraint, a syntax error, the work's own) passes through unchanged.
    static func classify(_ error: any Error, location: DatabaseLocation, mode: PostgresTLSMode? = nil) -> any Error {
        if error is StorageError { return error }
        let detail = String(reflecting: error).prefix(300)
        guard let psql = error as? PSQLError else {
            if error is NIOSSLError || detail.contains("NIOSSL") || detail.contains("BoringSSL") {
                return StorageError.insecureConnection("TLS to PostgreSQL at \(location) failed: \(detail); check sslmode and sslrootcert")
            }
            // The pool gives up on a request after a long run of failed connection attempts.
            if detail.contains("connectionCreationCircuitBreakerTripped") || detail.contains("poolShutdown") {
                return StorageError.unavailable("PostgreSQL at \(location) is not reachable; the server keeps retrying")
            }
            return error
        }
        switch psql.code {
        case .sslUnsupported:
            return StorageError.insecureConnection("PostgreSQL at \(location) does not offer TLS, and sslmode=\(mode?.rawValue ?? "require") requires it; enable ssl on the server or, on a trusted network only, use sslmode=prefer")
        case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
            return StorageError.insecureConnection("TLS to PostgreSQL at \(location) could not be set up: \(detail)")
        case .connectionError:
            if let underlying = psql.underlying, underlying is NIOSSLError || String(reflecting: underlying).contains("SSL") {
                return StorageError.insecureConnection("TLS to PostgreSQL at \(location) failed, so nothing was sent: \(String(reflecting: underlying).prefix(300)); with sslmode=verify-full the certificate must be trusted (sslrootcert=) and name the host")
            }
            return StorageError.unavailable("PostgreSQL at \(location) is not reachable (\(psql.underlying.map { String(describing: $0).prefix(200) } ?? "connection failed")); the server keeps retrying")
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return StorageError.unavailable("the connection to PostgreSQL at \(location) was lost; try again")
        case .server where ["57P01", "57P02", "57P03"].contains(psql.serverInfo?[.sqlState] ?? ""):
            // Shutting down, restarting after a crash, or still starting: gone for now, back soon.
            return StorageError.unavailable("PostgreSQL at \(location) is shutting down or starting up; try again shortly")
        case .server where ["57014", "55P03", "25P03"].contains(psql.serverInfo?[.sqlState] ?? ""):
            // Ended by the session limits (``sessionLimits``): nothing was committed.
            return StorageError.unavailable("PostgreSQL at \(location) took too long (a statement or a lock wait hit its time limit), so nothing was changed; try again")
        case .server where psql.serverInfo?[.sqlState] == "22021":
            // A value the database's encoding can't hold: text with a NUL character, as SQLite refuses it.
            return StorageError.unstorable("text holding a NUL character can't be stored; remove the character and try again")
        case .server where ["40P01", "40001"].contains(psql.serverInfo?[.sqlState] ?? ""):
            // Two transactions locked rows in opposite orders (a send-code beside a user deletion)
            // and PostgreSQL ended this one: nothing was committed, and a retry goes through.
            return StorageError.conflict("PostgreSQL at \(location) ended this change to resolve a conflict with another one, so nothing was changed; try again")
        default:
            return error
        }
    }
}
