import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Wrong codes to addresses with no live code store nothing (issue 27, item 5: each left a
/// `sign_in_addresses` row kept 7 days and two rate-limit rows, 29.5 MB a minute in a flood).
@Suite("Verifies of an address with no live code store no rows, on memory, SQLite and PostgreSQL; guesses at a live code still count")
struct SignInRowsForNobodyTests {
    typealias Contract = SignInRepositoryContractTests
    static let now = Samples.now

    /// A wrong verify of `email` whose guess limit allows one guess and whose first failure locks.
    static func wrong(_ email: String, _ index: Int) -> CodeAttempt {
        CodeAttempt(appID: "notes", email: email, codeHash: "wrong", charges: [guess(email)], maxAttempts: 5,
                    lockoutThreshold: 1, lockout: 3600, newUserID: "usr_\(index)", grant: Contract.grant("ses_\(index)"))
    }

    static func guess(_ email: String) -> RateLimitCharge {
        RateLimitCharge(key: "guess|notes|\(email)", rules: [RateLimitRule(limit: 1, window: 3600)])
    }

    // MARK: Tests

    @Test("wrong codes to addresses never sent one, sent an expired one, or signed in before charge nothing and count no failure",
          arguments: TestBackend.available)
    func nothingCharged(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            // One with an account and no code left, one whose code expired: the same as a made-up one.
            try await repository.issueCode(Contract.code("c-ada"), mail: Contract.mail("m-ada"))
            _ = try await repository.completeSignIn(codeID: "c-ada", appID: "notes", email: "ada@example.com", newUserID: "usr_ada",
                                                    grant: Contract.grant("ses_ada"), at: Self.now)
            try await repository.issueCode(Contract.code("c-old", email: "old@example.com", lifetime: 60),
                                           mail: Contract.mail("m-old", email: "old@example.com"))
            let later = Self.now.addingTimeInterval(120)
            let addresses = ["ada@example.com", "old@example.com"] + (0..<40).map { "nobody-\($0)@example.com" }
            for (index, email) in addresses.enumerated() {
                #expect(try await repository.attemptCode(Self.wrong(email, index), at: later) == .wrong)
                #expect(try await repository.attemptCode(Self.wrong(email, index), at: later) == .wrong, "not rate limited: nothing was charged")
            }
            for email in addresses {
                #expect(try await repository.addressState(appID: "notes", email: email) == AddressState(),
                        "no failure counted: the first would have locked \(email)")
            }
        }
    }

    @Test("a wrong code to an address with a live code is still charged, counted and locks", arguments: TestBackend.available)
    func liveCodesStillCount(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            // Another network's code: a guess without a code of its own is charged.
            var code = Contract.code("c1")
            code.network = "192.0.2.0/24"
            try await repository.issueCode(code, mail: Contract.mail("m1"))
            #expect(try await repository.attemptCode(Self.wrong("ada@example.com", 0), at: Self.now) == .wrong)
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com").lockedUntil == Self.now.addingTimeInterval(3600))
            #expect(try await repository.recordEvent(key: Self.guess("ada@example.com").key, rules: Self.guess("ada@example.com").rules,
                                                     at: Self.now) != nil, "the guess was charged")
        }
    }

    @Test("on SQL, 200 wrong codes to 200 made-up addresses leave no row in any sign-in table", arguments: TestBackend.sql)
    func noRows(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            try await Migrator(database: database).migrate()
            try await SQLRepository(database: database).createApp(Samples.app("notes"))
            let repository = SQLSignInRepository(database: database)
            for index in 0..<200 {
                #expect(try await repository.attemptCode(Self.wrong("nobody-\(index)@example.com", index), at: Self.now) == .wrong)
            }
            for table in ["sign_in_addresses", "rate_limit_keys", "sign_in_codes", "sign_in_users", "sign_in_sessions", "mail_outbox"] {
                let rows = try await database.read { db in
                    try await db.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first()?.decode(column: "n", as: Int.self)
                }
                #expect(rows == 0, "\(table) has \(rows ?? -1) rows")
            }
        }
    }
}
