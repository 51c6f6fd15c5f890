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

/// Account deletion from the app (App Store Review Guideline 5.1.1(v)): `SignInService.deleteAccount`,
/// and what it leaves in the database: nothing of the user, on SQLite and PostgreSQL, all or nothing.
@Suite("Deleting an account with its session: refused at once, new again on return, nothing left in any table, one transaction")
struct AccountDeletionTests {
    /// Ada's traces in every corner sign-in writes to: two sessions from two networks (both known
    /// to the address), a wrong guess from a third (failure count, guess limits), a code still
    /// waiting with its mail; and Bob, who must keep all of his.
    private static func busyAda(_ fixture: SignInFixture) async throws -> SignInService.SignedIn {
        let service = fixture.service
        _ = try await fixture.signIn("ada@example.com", device: "tablet", client: "198.51.100.7")
        fixture.clock.advance(by: 120)
        let ada = try await fixture.signIn("ada@example.com", device: "phone", client: "192.0.2.1")
        _ = try await fixture.signIn("bob@example.com", device: "phone", client: "192.0.2.1")
        fixture.clock.advance(by: 120)
        _ = try await service.sendCode(app: "notes", email: "ada@example.com", client: "203.0.113.9")
        let code = try #require(try await fixture.code(for: "ada@example.com"))
        _ = try? await service.verifyCode(app: "notes", email: "ada@example.com", code: SignInFixture.wrong(code), deviceID: "thief",
                                          client: "203.0.113.9")
        return ada
    }

    /// Runs `body` with a fixture and closes it whether `body` returns or throws: a failed
    /// expectation that throws must not leave SQLite connections open, which ends the process.
    private static func withFixture(_ backend: TestBackend, _ body: (SignInFixture) async throws -> Void) async throws {
        let fixture = try await SignInFixture.make(backend)
        do { try await body(fixture) } catch {
            await fixture.close()
            throw error
        }
        await fixture.close()
    }

    /// Every `(table, column)` of the schema, read from the database itself, so a table added
    /// later is searched too.
    private static func columns(_ database: Database) async throws -> [(table: String, column: String)] {
        try await database.read { db in
            let query: SQLQueryString = db.dialect.name == "sqlite"
                ? "SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'"
                : "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            return try await db.raw(query).all().map {
                (try $0.decode(column: "table_name", as: String.self), try $0.decode(column: "column_name", as: String.self))
            }
        }
    }

    /// Rows per table where any column, read as text, holds one of `needles`: the `user_id` and
    /// `email` columns, and any key or text that spells the address (rate-limit keys).
    private static func mentions(of needles: [String], in database: Database) async throws -> [String: Int] {
        let columns = try await columns(database)
        var found: [String: Int] = [:]
        for (table, column) in columns where table != "launchgate_migrations" {
            for needle in needles {
                let count = try await database.read { db in
                    // Literal search, no wildcards to escape: SQLite's instr is PostgreSQL's strpos.
                    let find = db.dialect.name == "sqlite" ? "instr" : "strpos"
                    return try await db.raw("""
                        SELECT COUNT(*) AS n FROM \(ident: table) WHERE \(unsafeRaw: find)(CAST(\(ident: column) AS TEXT), \(bind: needle)) > 0
                        """).first()?.decode(column: "n", as: Int.self) ?? 0
                }
                if count > 0 { found["\(table).\(column)", default: 0] += count }
            }
        }
        return found
    }

    // MARK: Tests

    @Test("a deleted account's token is refused at once, and the address signs in again as a new user with a new ID",
          arguments: TestBackend.available)
    func refusedThenNew(backend: TestBackend) async throws {
        try await Self.withFixture(backend) { fixture in
            let service = fixture.service
            let ada = try await Self.busyAda(fixture)
            let bob = try await service.user(app: "notes", idOrEmail: "bob@example.com")

            try await service.deleteAccount(app: "notes", token: ada.token, deviceID: "phone")
            await #expect(throws: SignInServiceError.unauthorized) { try await service.session(app: "notes", token: ada.token) }
            await #expect(throws: SignInServiceError.unauthorized) { try await service.deleteAccount(app: "notes", token: ada.token) }
            await #expect(throws: SignInServiceError.unauthorized) { try await service.signOut(app: "notes", token: ada.token) }
            #expect(try await service.user(app: "notes", idOrEmail: "ada@example.com") == nil)
            #expect(try await service.user(app: "notes", idOrEmail: "bob@example.com") == bob, "another user keeps their account")

            fixture.clock.advance(by: 60)
            let again = try await fixture.signIn("ada@example.com", device: "phone", client: "192.0.2.1")
            #expect(again.completion.isNewUser)
            #expect(again.completion.user.id != ada.completion.user.id)
            let today = try await service.deletions(app: "notes")
            #expect(today.map(\.count) == [1] && today.first?.requester == .user)
        }
    }

    @Test("a token from another device, or of another app, deletes nothing")
    func wrongDevice() async throws {
        try await Self.withFixture(.memory) { fixture in
            let ada = try await fixture.signIn("ada@example.com", device: "phone")
            await #expect(throws: SignInServiceError.unauthorized) {
                try await fixture.service.deleteAccount(app: "notes", token: ada.token, deviceID: "laptop")
            }
            await #expect(throws: SignInServiceError.unauthorized) { try await fixture.service.deleteAccount(app: "todo", token: ada.token) }
            #expect(try await fixture.service.user(app: "notes", idOrEmail: "ada@example.com") != nil)
            #expect(try await fixture.service.deletions(app: "notes").isEmpty)
        }
    }

    @Test("nothing of a deleted user remains in any column of any table, while the other user's rows all do", arguments: TestBackend.sql)
    func nothingRemains(backend: TestBackend) async throws {
        try await Self.withFixture(backend) { fixture in
            let database = try #require(fixture.components.database)
            let ada = try await Self.busyAda(fixture)
            let needles = ["ada@example.com", ada.completion.user.id]
            let before = try await Self.mentions(of: needles, in: database)
            // The search must find what it looks for, or its empty answer below would prove nothing.
            for place in ["sign_in_users.email", "sign_in_sessions.user_id", "sign_in_codes.email", "mail_outbox.email",
                          "sign_in_known_networks.email", "sign_in_addresses.email", "rate_limit_keys.key"] {
                #expect(before[place, default: 0] > 0, "\(place) held nothing of Ada before: \(before)")
            }
            let bobBefore = try await Self.mentions(of: ["bob@example.com"], in: database)

            try await fixture.service.deleteAccount(app: "notes", token: ada.token)
            #expect(try await Self.mentions(of: needles, in: database) == [:])
            #expect(try await Self.mentions(of: ["bob@example.com"], in: database) == bobBefore)
        }
    }

    @Test("a deletion that fails at its last step leaves every row it had deleted, and the session still works", arguments: TestBackend.sql)
    func oneTransaction(backend: TestBackend) async throws {
        try await Self.withFixture(backend) { fixture in
            let database = try #require(fixture.components.database)
            let ada = try await Self.busyAda(fixture)
            let needles = ["ada@example.com", ada.completion.user.id]
            let before = try await Self.mentions(of: needles, in: database)
            // The count is written after every delete: without its table, the last statement fails.
            try await database.read { try await $0.raw("DROP TABLE sign_in_deletions").run() }

            await #expect(throws: (any Error).self) { try await fixture.service.deleteAccount(app: "notes", token: ada.token) }
            #expect(try await Self.mentions(of: needles, in: database) == before)
            #expect(try await fixture.service.session(app: "notes", token: ada.token).1.email == "ada@example.com")
        }
    }
}
