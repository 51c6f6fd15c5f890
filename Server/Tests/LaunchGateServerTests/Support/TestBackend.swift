import Foundation
import LaunchGate
import Logging
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The storage backends every contract test runs against.
enum TestBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, sqlite, postgres

    var testDescription: String { rawValue }

    /// Memory and SQLite always; PostgreSQL when `scripts/with-postgres` provides it. When
    /// `LAUNCHGATE_REQUIRE_POSTGRES` is set, PostgreSQL is always listed so a missing server fails.
    static var available: [TestBackend] {
        let environment = ProcessInfo.processInfo.environment
        let postgres = environment["LAUNCHGATE_TEST_POSTGRES_URL"] != nil || environment["LAUNCHGATE_REQUIRE_POSTGRES"] != nil
        return postgres ? allCases : [.memory, .sqlite]
    }

    /// SQL backends only, for tests of the SQL layer itself.
    static var sql: [TestBackend] { available.filter { $0 != .memory } }

    static let logger: Logger = {
        var logger = Logger(label: "launchgate-tests")
        logger.logLevel = .warning
        return logger
    }()

    /// A fresh, empty, migrated location for this backend (`nil` for memory).
    func freshLocation() async throws -> DatabaseLocation? {
        switch self {
        case .memory:
            return nil
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-test-\(UUID().uuidString).sqlite").path
            return .sqlite(path: path)
        case .postgres:
            guard let url = ProcessInfo.processInfo.environment["LAUNCHGATE_TEST_POSTGRES_URL"] else {
                throw StorageError.unavailable("LAUNCHGATE_TEST_POSTGRES_URL is not set; run the tests through ./scripts/test")
            }
            // A database per test keeps tests independent on one throwaway cluster.
            let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let admin = try await TestBackend.open(.postgres(url: url))
            try await admin.read { try await $0.raw("CREATE DATABASE \(ident: name)").run() }
            await admin.close()
            var components = URLComponents(string: url)!
            components.path = "/" + name
            return .postgres(url: components.string!)
        }
    }

    /// Runs `body` on a fresh location and removes it afterwards (the SQLite files, or the
    /// PostgreSQL database), whether `body` returns or throws. `nil` for memory.
    func withFreshLocation<T>(_ body: (DatabaseLocation?) async throws -> T) async throws -> T {
        let location = try await freshLocation()
        let result: T
        do { result = try await body(location) } catch {
            if let location { await Self.remove(location) }
            throw error
        }
        if let location { await Self.remove(location) }
        return result
    }

    /// Deletes a location made by ``freshLocation()``; its connections must be closed first.
    static func remove(_ location: DatabaseLocation) async {
        switch location {
        case .sqlite(let path):
            for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        case .postgres(let url):
            guard let admin = ProcessInfo.processInfo.environment["LAUNCHGATE_TEST_POSTGRES_URL"],
                  let name = URLComponents(string: url)?.path.dropFirst(), !name.isEmpty,
                  let database = try? await TestBackend.open(.postgres(url: admin)) else { return }
            // FORCE ends connections a failed test left behind.
            try? await database.read { try await $0.raw("DROP DATABASE IF EXISTS \(ident: String(name)) WITH (FORCE)").run() }
            await database.close()
        }
    }

    /// Runs `body` with an open database on a fresh location, not yet migrated, then closes it and
    /// removes the location, whether `body` returns or throws. SQL backends only.
    func withDatabase<T>(_ body: (Database) async throws -> T) async throws -> T {
        try await withFreshLocation { location in
            let database = try await TestBackend.open(try #require(location, "\(self) has no database"))
            let result: T
            do { result = try await body(database) } catch {
                await database.close()
                throw error
            }
            await database.close()
            return result
        }
    }

    /// Runs `body` with a repository on a fresh, migrated database (and that database; `nil` for
    /// memory), then closes the database and removes its location, whether `body` returns or throws.
    func withRepository<T>(_ body: (any LaunchGateRepository, Database?) async throws -> T) async throws -> T {
        guard self != .memory else { return try await body(MemoryRepository(), nil) }
        return try await withDatabase { database in
            try await Migrator(database: database).migrate()
            return try await body(SQLRepository(database: database), database)
        }
    }

    /// Opens a database for a test. Operations wait up to 30 s for a pooled PostgreSQL connection
    /// (the server waits 3 s, then answers 503): the whole suite runs at once on two cores, and a
    /// slow connect under that load is not the outage the server's short wait is for.
    static func open(_ location: DatabaseLocation, leaseTimeout: Duration = .seconds(10)) async throws -> Database {
        try await Database.open(location, leaseTimeout: leaseTimeout, leaseWait: .seconds(30), logger: logger)
    }

    /// Server components with a signing key, on a migrated database at `location` (memory for
    /// `nil`); on failure the database is closed again. The caller removes `location`.
    static func makeComponents(at location: DatabaseLocation?, now: @escaping @Sendable () -> Date = Date.init) async throws -> ServerComponents {
        var database: Database?
        do {
            let repository: any LaunchGateRepository
            if let location {
                let opened = try await TestBackend.open(location)
                database = opened
                try await Migrator(database: opened).migrate()
                repository = SQLRepository(database: opened)
            } else {
                repository = MemoryRepository()
            }
            // Webhook addresses from a table: no test waits for, or depends on, real DNS.
            let resolver = ScriptedResolver(["hooks.example.com": ["93.184.216.34"], "internal.example.com": ["10.0.0.5"]])
            let components = ServerComponents(database: database, repository: repository, webhookResolver: resolver,
                                              masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)), now: now)
            try await components.signingKeys.generate(now: now())
            return components
        } catch {
            await database?.close()
            throw error
        }
    }
}
