import Foundation
import NIOSSL
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("PostgreSQL URLs: sslmode, and clear errors when the server can't be had")
struct PostgresConnectionTests {
    /// The throwaway server's URL with `sslmode` set, or `nil` without PostgreSQL.
    private static func testURL(sslmode: String) -> String? {
        guard let url = ProcessInfo.processInfo.environment["LAUNCHGATE_TEST_POSTGRES_URL"],
              var components = URLComponents(string: url) else { return nil }
        components.queryItems = [URLQueryItem(name: "sslmode", value: sslmode)]
        return components.string
    }

    private static var hasPostgres: Bool { TestBackend.sql.contains(.postgres) }

    // MARK: Tests

    @Test("each sslmode is read into the matching certificate check, and no sslmode means prefer, as in libpq")
    func modes() throws {
        let base = "postgres://u:p@db.example.com:5432/lg"
        let cases: [(String, PostgresTLSMode, CertificateVerification?)] = [
            ("?sslmode=disable", .disable, nil),
            ("?sslmode=prefer", .prefer, CertificateVerification.none),
            ("?sslmode=require", .require, CertificateVerification.none),
            ("?sslmode=verify-ca", .verifyCA, .noHostnameVerification),
            ("?sslmode=verify-full", .verifyFull, .fullVerification),
            ("?tlsmode=verify-full", .verifyFull, .fullVerification),
            ("", .prefer, CertificateVerification.none),
        ]
        for (query, mode, verification) in cases {
            let parsed = try PostgresTLSMode.parse(url: base + query)
            #expect(parsed.mode == mode, "\(query)")
            #expect(parsed.mode.certificateVerification == verification, "\(query)")
            #expect(parsed.mode.tlsConfiguration(rootCertificate: nil)?.certificateVerification == verification, "\(query)")
        }
        let rooted = try PostgresTLSMode.parse(url: base + "?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        #expect(rooted.rootCertificate == "/etc/ca.pem")
    }

    @Test("an unknown sslmode is refused with the modes that work, before anything connects")
    func unknownMode() async throws {
        for value in ["allow", "yes", "verify_full"] {
            let error = await #expect(throws: StorageError.self) {
                await (try await TestBackend.open(.postgres(url: "postgres://u@127.0.0.1:1/x?sslmode=\(value)"))).close()
            }
            #expect(error?.reason == .invalidLocation)
            #expect(error?.message.contains("verify-full") == true)
        }
    }

    @Test("ssl= and tls= are refused with a pointer to sslmode, instead of silently meaning prefer")
    func aliasesRefused() async throws {
        for query in ["ssl=true", "ssl=require", "tls=require", "SSL=1"] {
            let error = await #expect(throws: StorageError.self) {
                await (try await TestBackend.open(.postgres(url: "postgres://u@127.0.0.1:1/x?\(query)"))).close()
            }
            #expect(error?.reason == .invalidLocation)
            #expect(error?.message.contains("sslmode=require") == true)
        }
    }

    @Test("verify-full builds settings that check the chain and the host name, with the given authority")
    func verifyFullSettings() throws {
        let parsed = try PostgresTLSMode.parse(url: "postgres://u@db.example.com/x?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        #expect(parsed.mode == .verifyFull)
        #expect(parsed.rootCertificate == "/etc/ca.pem")
        let configuration = try #require(parsed.mode.tlsConfiguration(rootCertificate: parsed.rootCertificate))
        #expect(configuration.certificateVerification == .fullVerification)
        #expect(configuration.trustRoots == .file("/etc/ca.pem"))
        let url = "postgres://u@db.example.com/x?sslmode=verify-full"
        let settings = try PostgresSettings(url: url, location: .postgres(url: url))
        #expect(settings.mode == .verifyFull)
    }

    @Test("session limits go as start-up parameters unless the URL says session_limits=off, for PgBouncer; other values are refused")
    func sessionLimitsOption() throws {
        func parameters(_ query: String) throws -> [String] {
            let url = "postgres://u@db.example.com/x?sslmode=disable\(query)"
            return try PostgresSettings(url: url, location: .postgres(url: url)).clientConfiguration.options.additionalStartupParameters.map(\.0)
        }
        #expect(try parameters("") == ["statement_timeout", "idle_in_transaction_session_timeout", "lock_timeout"])
        #expect(try parameters("&session_limits=on").count == 3)
        #expect(try parameters("&session_limits=off").isEmpty)
        let error = #expect(throws: StorageError.self) { try parameters("&session_limits=maybe") }
        #expect(error?.message.contains("session_limits") == true)
    }

    @Test("a server that is not running is reported as unavailable, at once")
    func serverDown() async throws {
        // Port 1 on loopback: nothing listens, so the connection is refused.
        let error = await #expect(throws: StorageError.self) {
            await (try await TestBackend.open(.postgres(url: "postgres://u@127.0.0.1:1/x?sslmode=disable"), leaseTimeout: .seconds(30))).close()
        }
        #expect(error?.reason == .unavailable)
        #expect(error?.message.contains("127.0.0.1") == true)
    }

    @Test("every pooled session carries time limits, and a statement ended by one is 'unavailable', not an internal error",
          .enabled(if: hasPostgres))
    func sessionLimits() async throws {
        try await TestBackend.postgres.withFreshLocation { location in
            let database = try await TestBackend.open(try #require(location))
            do {
                for (name, expected) in [("statement_timeout", "15s"), ("idle_in_transaction_session_timeout", "30s"), ("lock_timeout", "10s")] {
                    let shown = try await database.read { try await $0.raw("SHOW \(unsafeRaw: name)").first()?.decode(column: name, as: String.self) }
                    #expect(shown == expected, "\(name)")
                }
                // The same limit, made short for the test, on a statement that outlives it.
                let error = await #expect(throws: StorageError.self) {
                    try await database.transaction { db in
                        try await db.raw("SET LOCAL statement_timeout = 50").run()
                        try await db.raw("SELECT pg_sleep(2)").run()
                    }
                }
                #expect(error?.reason == .unavailable)
                #expect(error?.message.contains("took too long") == true)
            } catch {
                await database.close()
                throw error
            }
            await database.close()
        }
    }

    @Test("a deadlock between two transactions ends one as 'unavailable' (try again), with nothing of it committed",
          .enabled(if: hasPostgres))
    func deadlock() async throws {
        try await TestBackend.postgres.withFreshLocation { location in
            let database = try await TestBackend.open(try #require(location))
            do {
                try await database.transaction { try await $0.raw("CREATE TABLE t (id INT PRIMARY KEY, v INT)").run() }
                try await database.transaction { try await $0.raw("INSERT INTO t VALUES (1, 0), (2, 0)").run() }
                // Each locks one row, then wants the other's: PostgreSQL ends one of them (40P01).
                let (firstLocked, first) = AsyncStream<Void>.makeStream()
                let (secondLocked, second) = AsyncStream<Void>.makeStream()
                let one = Task {
                    try await database.transaction { db in
                        try await db.raw("UPDATE t SET v = 1 WHERE id = 1").run()
                        first.yield()
                        for await _ in secondLocked { break }
                        try await db.raw("UPDATE t SET v = 1 WHERE id = 2").run()
                    }
                }
                let two = Task {
                    try await database.transaction { db in
                        for await _ in firstLocked { break }
                        try await db.raw("UPDATE t SET v = 2 WHERE id = 2").run()
                        second.yield()
                        try await db.raw("UPDATE t SET v = 2 WHERE id = 1").run()
                    }
                }
                let failures = [await one.result, await two.result].compactMap { result -> (any Error)? in
                    if case .failure(let error) = result { return error }
                    return nil
                }
                #expect(failures.count == 1)
                let error = try #require(failures.first as? StorageError, "\(failures)")
                #expect(error.reason == .unavailable && error.message.contains("conflict"))
                let values = try await database.read { try await $0.raw("SELECT v FROM t ORDER BY id").all().map { try $0.decode(column: "v", as: Int.self) } }
                #expect(values == [1, 1] || values == [2, 2], "one transaction whole, nothing of the other")
            } catch {
                await database.close()
                throw error
            }
            await database.close()
        }
    }

    @Test("when the server drops every connection, failures are 'unavailable' and the pool reconnects by itself",
          .enabled(if: hasPostgres))
    func recoversAfterDroppedConnections() async throws {
        try await TestBackend.postgres.withFreshLocation { location in
            let location = try #require(location)
            guard case .postgres(let url) = location, let name = URLComponents(string: url)?.path.dropFirst() else { return }
            let database = try await TestBackend.open(location)
            let admin = try await TestBackend.open(.postgres(url: try #require(Self.testURL(sslmode: "disable"))))
            do {
                // Several pooled connections, then the server ends them all, as a restart does.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<3 { group.addTask { try await database.read { try await $0.raw("SELECT pg_sleep(0.05)").run() } } }
                    try await group.waitForAll()
                }
                try await admin.read { db in
                    try await db.raw("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = \(bind: String(name)) AND pid <> pg_backend_pid()").run()
                }
                // Each attempt is answered (a failure comes at once, not after a hang); a client
                // retries after a 503, so the test does too, with a pause for the pool to catch up.
                var answered = false
                for _ in 0..<50 where !answered {
                    do {
                        answered = try await database.read { try await $0.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self) } == 1
                    } catch let error as StorageError {
                        #expect(error.reason == .unavailable, "\(error)")
                        try await Task.sleep(for: .milliseconds(100))
                    }
                }
                #expect(answered, "the pool did not reconnect")
            } catch {
                await database.close()
                await admin.close()
                throw error
            }
            await database.close()
            await admin.close()
        }
    }
}
