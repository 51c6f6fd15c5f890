import Foundation
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Against the throwaway cluster of `scripts/with-postgres`, which offers TLS with a certificate
/// for `localhost` signed by its own authority (`LAUNCHGATE_TEST_POSTGRES_CA`) and still accepts
/// plain connections. Each test asks PostgreSQL itself, on connections leased from the pool,
/// whether they are encrypted.
@Suite("The connection pool honours sslmode against a PostgreSQL that offers TLS")
struct PostgresTLSTests {
    /// The cluster's authority, or `nil` when the tests run without that cluster.
    private static var authority: String? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["LAUNCHGATE_TEST_POSTGRES_URL"] != nil else { return nil }
        return environment["LAUNCHGATE_TEST_POSTGRES_CA"]
    }

    private static var hasTLSCluster: Bool { authority != nil }

    /// The cluster's URL with `host` and exactly `query`.
    private static func url(host: String = "localhost", _ query: KeyValuePairs<String, String>) throws -> String {
        let base = try #require(ProcessInfo.processInfo.environment["LAUNCHGATE_TEST_POSTGRES_URL"])
        var components = try #require(URLComponents(string: base))
        components.host = host
        components.queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) }
        return try #require(components.string)
    }

    /// Whether each of several connections leased from the pool at once is encrypted, as the
    /// server sees it; the reads overlap, so the pool has to open more than one connection.
    private static func encryption(of database: Database, connections: Int = 3) async throws -> [Bool] {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<connections {
                group.addTask {
                    try await database.read { db in
                        try await db.raw("SELECT pg_sleep(0.1)").run()
                        let row = try await db.raw("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first()
                        return try #require(row).decode(column: "ssl", as: Bool.self)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Opens `url` as the server does (probe, then pool), and reports each pooled connection's encryption.
    private static func encryption(opening url: String) async throws -> [Bool] {
        let database = try await TestBackend.open(.postgres(url: url))
        do {
            let found = try await encryption(of: database)
            await database.close()
            return found
        } catch {
            await database.close()
            throw error
        }
    }

    // MARK: Tests

    @Test("sslmode=disable gives plain pooled connections; prefer and require encrypted ones",
          .enabled(if: hasTLSCluster), arguments: [("disable", false), ("prefer", true), ("require", true)])
    func modes(sslmode: String, encrypted: Bool) async throws {
        let found = try await Self.encryption(opening: try Self.url(["sslmode": sslmode]))
        #expect(found == [Bool](repeating: encrypted, count: found.count), "sslmode=\(sslmode)")
        #expect(found.count == 3)
    }

    @Test("verify-full with sslrootcert naming the cluster's authority and host localhost gives encrypted pooled connections",
          .enabled(if: hasTLSCluster))
    func verifyFullWithAuthority() async throws {
        let authority = try #require(Self.authority)
        let found = try await Self.encryption(opening: try Self.url(["sslmode": "verify-full", "sslrootcert": authority]))
        #expect(found == [true, true, true])
    }

    @Test("verify-ca trusts the authority but not the name: 127.0.0.1, which the certificate does not name, connects encrypted",
          .enabled(if: hasTLSCluster))
    func verifyCAIgnoresName() async throws {
        let authority = try #require(Self.authority)
        let found = try await Self.encryption(opening: try Self.url(host: "127.0.0.1", ["sslmode": "verify-ca", "sslrootcert": authority]))
        #expect(found == [true, true, true])
    }

    @Test("verify-full without an authority the system trusts fails at start-up with the insecure-connection error",
          .enabled(if: hasTLSCluster))
    func verifyFullUntrusted() async throws {
        let url = try Self.url(["sslmode": "verify-full"])
        let error = await #expect(throws: StorageError.self) { _ = try await Self.encryption(opening: url) }
        #expect(error?.reason == .insecureConnection, "\(String(describing: error))")
        #expect(error?.message.contains("sslrootcert") == true, "\(String(describing: error))")
    }

    @Test("verify-full refuses 127.0.0.1 when the trusted certificate names only localhost", .enabled(if: hasTLSCluster))
    func verifyFullChecksHostName() async throws {
        let authority = try #require(Self.authority)
        let url = try Self.url(host: "127.0.0.1", ["sslmode": "verify-full", "sslrootcert": authority])
        let error = await #expect(throws: StorageError.self) { _ = try await Self.encryption(opening: url) }
        #expect(error?.reason == .insecureConnection, "\(String(describing: error))")
    }

    /// The probe refuses first in normal use; this shows that the pool's own connections refuse
    /// too, rather than falling back to an unchecked or plain connection.
    @Test("the pool alone, without the start-up probe, answers nothing over a certificate verify-full can't trust",
          .enabled(if: hasTLSCluster))
    func poolRefusesUntrusted() async throws {
        let url = try Self.url(["sslmode": "verify-full"])
        let settings = try PostgresSettings(url: url, location: .postgres(url: url))
        let database = await Database.pool(settings, leaseTimeout: .seconds(10), leaseWait: .seconds(3), logger: TestBackend.logger)
        let error = await #expect(throws: StorageError.self) { _ = try await Self.encryption(of: database, connections: 1) }
        await database.close()
        #expect(error?.reason == .unavailable || error?.reason == .insecureConnection, "\(String(describing: error))")
    }

    @Test("sslmode=require against a server that offers no TLS fails with a message that says so")
    func requireWithoutTLS() async throws {
        let server = try await PlainOnlyPostgresServer.start()
        let url = "postgres://u@127.0.0.1:\(server.port)/x?sslmode=require"
        let error = await #expect(throws: StorageError.self) { await (try await TestBackend.open(.postgres(url: url))).close() }
        await server.stop()
        #expect(error?.reason == .insecureConnection)
        #expect(error?.message.contains("does not offer TLS") == true, "\(String(describing: error))")
    }
}
