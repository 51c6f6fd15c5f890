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

/// Codes, failures and locks per network at an address (issue 27, item 3): a send from another
/// /24 replaced the owner's code, 5 wrong guesses from anywhere burned it, and 100 failures from
/// anyone locked everyone out.
@Suite("The sign-in repository contract: one code per network at an address, each network's tries, failures and lock its own, on memory, SQLite and PostgreSQL")
struct SignInCodesPerNetworkTests {
    typealias Contract = SignInRepositoryContractTests
    static let now = Samples.now
    static let (owner, other) = ("192.0.2.0/24", "203.0.113.0/24")
    static let guesses = RateLimitCharge(key: "guess|notes|ada@example.com", rules: [RateLimitRule(limit: 2, window: 3600)])

    static func request(_ id: String, network: String, at time: Date = now, live: Int = 4, address: [RateLimitCharge] = []) -> CodeRequest {
        var code = Contract.code(id)
        code.network = network
        code.createdAt = time
        code.expiresAt = time.addingTimeInterval(600)
        var mail = Contract.mail("m-\(id)", due: time)
        mail.network = network
        return CodeRequest(code: code, mail: mail, charges: [], addressCharges: address, liveCodesPerAddress: live, codeHold: 300, attemptsPerCode: 3)
    }

    static func attempt(_ hash: String, network: String, session: String = "ses_1", threshold: Int = 100,
                        charges: [RateLimitCharge] = [guesses]) -> CodeAttempt {
        CodeAttempt(appID: "notes", email: "ada@example.com", network: network, codeHash: hash, charges: charges, maxAttempts: 3,
                    lockoutThreshold: threshold, lockout: 3600, newUserID: "usr_1", grant: Contract.grant(session))
    }

    @Test("a send replaces only its own network's code and waiting mail", arguments: TestBackend.available)
    func sendsReplaceTheirOwn(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.requestCode(Self.request("c1", network: Self.owner), at: Self.now) == .issued)
            #expect(try await repository.requestCode(Self.request("c2", network: Self.other), at: Self.now) == .issued)
            #expect(try await repository.requestCode(Self.request("c3", network: Self.other), at: Self.now) == .issued)
            let live = try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now)
            #expect(live.map(\.id) == ["c1", "c3"], "the owner's code stays; the other network's second replaced its first")
            let due = try await repository.claimDueMail(at: Self.now, lease: 60, limit: 10)
            #expect(Set(due.map(\.id)) == ["m-c1", "m-c3"], "only the replaced code's mail ended")
            guard case .signedIn = try await repository.attemptCode(Self.attempt("hash-c1", network: Self.owner), at: Self.now) else {
                Issue.record("the owner's code no longer signs in")
                return
            }
        }
    }

    @Test("a network's first send in the hour passes the address's live codes and its cap on sends, and isn't counted in the cap; a repeat is refused",
          arguments: TestBackend.available)
    func firstSendInTheHour(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            let cap = [RateLimitCharge(key: "send|notes|ada@example.com", rules: [RateLimitRule(limit: 1, window: 3600)])]
            #expect(try await repository.requestCode(Self.request("a1", network: "n1", live: 1, address: cap), at: Self.now) == .issued)
            #expect(try await repository.requestCode(Self.request("b1", network: "n2", live: 1, address: cap), at: Self.now) == .issued,
                    "a first send, past the one live code and uncounted")
            let later = Self.now.addingTimeInterval(61)
            #expect(try await repository.requestCode(Self.request("a2", network: "n1", at: later, live: 1, address: cap), at: later) == .issued,
                    "n1's second, the first counted: it replaces n1's own code")
            #expect(try await repository.requestCode(Self.request("b2", network: "n2", at: later, live: 1, address: cap), at: later) == .rateLimited(3600),
                    "n2's second finds the cap spent")
            #expect(try await repository.requestCode(Self.request("c1", network: "n3", at: later, live: 1, address: cap), at: later) == .issued,
                    "n3's first passes the spent cap and the live codes")
            #expect(try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: later).map(\.id) == ["a2", "b1", "c1"])
        }
    }

    @Test("a further code from a network that sent this hour takes the oldest code's place only after 5 minutes, and is refused before",
          arguments: TestBackend.available)
    func room(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            // n3's first code, dead (expired) before the others come: its next send is a repeat, which the room's rule applies to.
            let early = Self.now.addingTimeInterval(-700)
            #expect(try await repository.requestCode(Self.request("c0", network: "n3", at: early, live: 2), at: early) == .issued)
            #expect(try await repository.requestCode(Self.request("c1", network: Self.owner, live: 2), at: Self.now) == .issued)
            let later = Self.now.addingTimeInterval(100)
            #expect(try await repository.requestCode(Self.request("c2", network: "n2", at: later, live: 2), at: later) == .issued)
            #expect(try await repository.requestCode(Self.request("c3", network: "n3", at: later, live: 2), at: later) == .rateLimited(200),
                    "full, and the oldest code is 100 s old: room in 200 s")
            #expect(try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: later).map(\.id) == ["c1", "c2"])
            let mid = Self.now.addingTimeInterval(150)
            #expect(try await repository.requestCode(Self.request("c1b", network: Self.owner, at: mid, live: 2), at: mid) == .issued,
                    "a network with a code replaces it whatever the room")
            let after = Self.now.addingTimeInterval(401)
            #expect(try await repository.requestCode(Self.request("c3", network: "n3", at: after, live: 2), at: after) == .issued)
            #expect(try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: after).map(\.id) == ["c1b", "c3"],
                    "the oldest live code (n2's) made room, and its mail ended")
            #expect(!(try await repository.claimDueMail(at: after, lease: 60, limit: 10).map(\.id)).contains("m-c2"))
        }
    }

    @Test("a network whose code another's send displaced is charged to the address's caps on its next send in the hour: the ended code still dates its send (review s10, R5)",
          arguments: TestBackend.available)
    func displacedNetworkIsNoNewcomer(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            let cap = [RateLimitCharge(key: "send|notes|ada@example.com", rules: [RateLimitRule(limit: 1, window: 3600)])]
            // n2's first send in the hour, dead before the others come, so that its next is counted and may displace.
            let early = Self.now.addingTimeInterval(-700)
            #expect(try await repository.requestCode(Self.request("b0", network: "n2", at: early, live: 1, address: cap), at: early) == .issued)
            #expect(try await repository.requestCode(Self.request("a1", network: "n1", live: 1, address: cap), at: Self.now) == .issued)
            let displaced = Self.now.addingTimeInterval(301)
            #expect(try await repository.requestCode(Self.request("b1", network: "n2", at: displaced, live: 1, address: cap), at: displaced) == .issued,
                    "n2's second send, counted in the cap, takes the place of n1's code past its hold")
            #expect(try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: displaced).map(\.id) == ["b1"])
            #expect(try await repository.attemptCode(Self.attempt("hash-a1", network: "n1"), at: displaced) == .wrong,
                    "the ended code matches no guess")
            // Nor one dated before the send that ended it (a verify already under way, another
            // instance's clock behind): it ends as of its own making (review s11, V3).
            #expect(try await repository.attemptCode(Self.attempt("hash-a1", network: "n1"), at: displaced.addingTimeInterval(-1)) == .wrong,
                    "the ended code matches no guess dated before its end either")
            #expect(!(try await repository.claimDueMail(at: displaced, lease: 60, limit: 10).map(\.id)).contains("m-a1"))
            let again = displaced.addingTimeInterval(301)
            #expect(try await repository.requestCode(Self.request("a2", network: "n1", at: again, live: 1, address: cap), at: again) == .rateLimited(3299),
                    "n1 sent 602 s ago: not a first send, so the cap n2 spent refuses it")
            #expect(try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: again).map(\.id) == ["b1"])
        }
    }

    @Test("a verify matches any live code; a guess spends its network's own code's try, or the charges when it has none",
          arguments: TestBackend.available)
    func verifies(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.requestCode(Self.request("c1", network: Self.owner), at: Self.now) == .issued)
            // Another network without a code: 2 guesses (its charge), then refused; the owner's code keeps its tries.
            #expect(try await repository.attemptCode(Self.attempt("nope", network: Self.other), at: Self.now) == .wrong)
            #expect(try await repository.attemptCode(Self.attempt("nope", network: Self.other), at: Self.now) == .wrong)
            #expect(try await repository.attemptCode(Self.attempt("nope", network: Self.other), at: Self.now) == .rateLimited(3600))
            #expect(try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now).first?.attempts == 0)
            // The owner, with its own code, is not refused by the charge the other network filled.
            #expect(try await repository.attemptCode(Self.attempt("nope", network: Self.owner), at: Self.now) == .wrong)
            #expect(try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now).first?.attempts == 1)
            // A third network (the phone moved) types the owner's code: it matches, though it was not asked from there.
            guard case .signedIn = try await repository.attemptCode(Self.attempt("hash-c1", network: "198.51.100.0/24", charges: []),
                                                                       at: Self.now) else {
                Issue.record("the code did not sign in from another network")
                return
            }
        }
    }

    @Test("a network with a code of its own is compared with others' codes only within the charges, and past them its guess is a miss",
          arguments: TestBackend.available)
    func crossGuesses(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.requestCode(Self.request("c1", network: Self.owner), at: Self.now) == .issued)
            #expect(try await repository.requestCode(Self.request("c2", network: Self.other), at: Self.now) == .issued)
            // The charge allows 2: the other network's first 2 misses spend it (and 2 of its own code's 3 tries).
            for _ in 1...2 { #expect(try await repository.attemptCode(Self.attempt("nope", network: Self.other), at: Self.now) == .wrong) }
            #expect(try await repository.attemptCode(Self.attempt("hash-c1", network: Self.other), at: Self.now) == .wrong,
                    "past the charges the owner's code is not compared: the answer a miss gets, not rate_limited")
            let live = try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now)
            #expect(live.map(\.id) == ["c1"] && live.first?.attempts == 0, "the owner's code lives, no try spent; the guesser's is out of tries")
            // Within the charges (a fresh one), a network with a code of its own signs in with another's: the phone moved and asked again.
            #expect(try await repository.requestCode(Self.request("c3", network: "n3"), at: Self.now) == .issued)
            let fresh = RateLimitCharge(key: "guess|notes|ada@example.com|fresh", rules: [RateLimitRule(limit: 1, window: 3600)])
            guard case .signedIn = try await repository.attemptCode(Self.attempt("hash-c1", network: "n3", charges: [fresh]), at: Self.now) else {
                Issue.record("a guess within the charges was not compared with another network's code")
                return
            }
        }
    }

    @Test("a network's own code dies after its tries, for every network", arguments: TestBackend.available)
    func ownTries(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.requestCode(Self.request("c1", network: Self.owner), at: Self.now) == .issued)
            for _ in 1...3 { #expect(try await repository.attemptCode(Self.attempt("nope", network: Self.owner), at: Self.now) == .wrong) }
            #expect(try await repository.attemptCode(Self.attempt("hash-c1", network: Self.other), at: Self.now) == .wrong,
                    "out of tries: no live code is left to match")
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com", network: Self.other).failures == 0,
                    "a guess compared with no code counts no failure (review s9b, K4)")
        }
    }

    @Test("failures lock the network that made them, and no other", arguments: TestBackend.available)
    func locks(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.requestCode(Self.request("c1", network: Self.owner), at: Self.now) == .issued)
            #expect(try await repository.attemptCode(Self.attempt("nope", network: Self.other, threshold: 2), at: Self.now) == .wrong)
            #expect(try await repository.attemptCode(Self.attempt("nope", network: Self.other, threshold: 2), at: Self.now) == .wrong)
            let until = Self.now.addingTimeInterval(3600)
            #expect(try await repository.attemptCode(Self.attempt("hash-c1", network: Self.other, threshold: 2), at: Self.now) == .locked(until: until))
            #expect(try await repository.requestCode(Self.request("c2", network: Self.other), at: Self.now) == .locked(until: until))
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com", network: Self.owner) == AddressState())
            #expect(try await repository.requestCode(Self.request("c3", network: Self.owner), at: Self.now) == .issued, "the owner is not locked")
            guard case .signedIn = try await repository.attemptCode(Self.attempt("hash-c3", network: Self.owner, threshold: 2), at: Self.now) else {
                Issue.record("the owner could not sign in")
                return
            }
        }
    }

    @Test("migration 033 keeps codes and mail from before (of no network) and reverts to one code per address, the newest",
          arguments: TestBackend.sql)
    func migration(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != KeySignInByNetwork().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            try await SQLRepository(database: database).createApp(Samples.app("notes"))
            try await database.read { sql in
                try await sql.raw("""
                    INSERT INTO sign_in_codes (app_id, email, id, code_hash, attempts, created_at, expires_at)
                    VALUES ('notes', 'ada@example.com', 'c0', 'hash-c0', 1, \(bind: Self.now.milliseconds), \(bind: Self.now.addingTimeInterval(600).milliseconds))
                    """).run()
                try await sql.raw("""
                    INSERT INTO sign_in_addresses (app_id, email, failures, locked_until, last_failure_at)
                    VALUES ('notes', 'ada@example.com', 7, NULL, \(bind: Self.now.milliseconds))
                    """).run()
            }
            _ = try await Migrator(database: database).migrate()
            let repository = SQLSignInRepository(database: database)
            let live = try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now)
            #expect(live.map(\.id) == ["c0"] && live.first?.network == "" && live.first?.attempts == 1)
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com", network: "").failures == 7)
            let later = Self.now.addingTimeInterval(1)
            #expect(try await repository.requestCode(Self.request("c1", network: Self.owner, at: later), at: later) == .issued)
            #expect(try await repository.claimDueMail(at: later, lease: 60, limit: 10).first?.network == Self.owner)
            #expect(try await Migrator(database: database).revertLast() == CreateWebhooks().name)
            #expect(try await Migrator(database: database).revertLast() == CountAccountDeletions().name)
            #expect(try await Migrator(database: database).revertLast() == DropInstallSecrets().name)
            #expect(try await Migrator(database: database).revertLast() == CreateInstallSecrets().name)
            #expect(try await Migrator(database: database).revertLast() == MarkLongSignInCodes().name)
            #expect(try await Migrator(database: database).revertLast() == CreateKnownSignInNetworks().name)
            #expect(try await Migrator(database: database).revertLast() == KeySignInByNetwork().name)
            let kept = try await database.read { sql in
                try await sql.raw("SELECT id FROM sign_in_codes").all().map { try $0.decode(column: "id", as: String.self) }
            }
            #expect(kept == ["c1"], "one code per address again: the newest")
            _ = try await Migrator(database: database).migrate()
            #expect(try await repository.liveCodes(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: later).map(\.id) == ["c1"])
        }
    }
}
