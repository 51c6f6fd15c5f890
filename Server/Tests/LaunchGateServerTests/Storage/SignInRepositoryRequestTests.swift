import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The sign-in repository contract: a send and a verify each decided in one transaction, on memory, SQLite and PostgreSQL")
struct SignInRepositoryRequestTests {
    typealias Contract = SignInRepositoryContractTests
    static let now = Samples.now
    static let perAddress = RateLimitCharge(key: "send|notes|ada@example.com", rules: [RateLimitRule(limit: 2, window: 3600)])

    static func request(_ id: String, charges: [RateLimitCharge] = [perAddress]) -> CodeRequest {
        CodeRequest(code: Contract.code(id), mail: Contract.mail("m-\(id)"), charges: charges)
    }

    static func attempt(hash: String, user: String = "usr_1", session: String = "ses_1", threshold: Int = 3,
                        charges: [RateLimitCharge] = []) -> CodeAttempt {
        CodeAttempt(appID: "notes", email: "ada@example.com", codeHash: hash, charges: charges, maxAttempts: 3,
                    lockoutThreshold: threshold, lockout: 3600, newUserID: user, grant: Contract.grant(session))
    }

    @Test("a send stores the code and its mail, and one refused by any limit spends none of the charges ahead of it", arguments: TestBackend.available)
    func sends(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            let client = RateLimitCharge(key: "send-client|203.0.113.7", rules: [RateLimitRule(limit: 10, window: 3600)])
            #expect(try await repository.requestCode(Self.request("c1", charges: [client, Self.perAddress]), at: Self.now) == .issued)
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 5, at: Self.now)?.id == "c1")
            #expect(try await repository.claimDueMail(at: Self.now, lease: 3600, limit: 10).map(\.id) == ["m-c1"])
            #expect(try await repository.requestCode(Self.request("c2", charges: [client, Self.perAddress]), at: Self.now) == .issued)
            #expect(try await repository.requestCode(Self.request("c3", charges: [client, Self.perAddress]), at: Self.now.addingTimeInterval(60))
                    == .rateLimited(3540))
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 5, at: Self.now)?.id == "c2",
                    "a refused send leaves the code before it")
            #expect(try await repository.claimDueMail(at: Self.now.addingTimeInterval(60), lease: 60, limit: 10).map(\.id) == ["m-c2"],
                    "and queues no mail")
            // The client's charge came first but is rolled back with the refusal: 2 of its 10, so a
            // third fits in 3 (attack s11, A7: refused resends once shut a client out).
            let clientOnly = [RateLimitRule(limit: 3, window: 3600)]
            #expect(try await repository.recordEvent(key: client.key, rules: clientOnly, at: Self.now.addingTimeInterval(61)) == nil,
                    "the refused send spent nothing of the client's charge")
        }
    }

    @Test("a send to a locked address, or one whose mail failed for good, is refused with nothing charged or stored",
          arguments: TestBackend.available)
    func refusedSends(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.requestCode(Self.request("c1"), at: Self.now) == .issued)
            let message = try #require(try await repository.claimDueMail(at: Self.now, lease: 60, limit: 1).first)
            try await repository.finishMail(id: message.id, state: .failed, error: "550 no such user", at: Self.now)
            #expect(try await repository.requestCode(Self.request("c2"), at: Self.now) == .deliveryFailed("550 no such user"))
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 5, at: Self.now)?.id == "c1")
            #expect(try await repository.requestCode(Self.request("c3"), at: Self.now) == .issued, "a failure is reported once")

            for _ in 1...3 { _ = try await repository.attemptCode(Self.attempt(hash: "wrong"), at: Self.now) }
            let until = Self.now.addingTimeInterval(3600)
            #expect(try await repository.requestCode(Self.request("c4"), at: Self.now) == .locked(until: until))
            #expect(try await repository.recordEvent(key: Self.perAddress.key, rules: [RateLimitRule(limit: 3, window: 3600)], at: Self.now) == nil,
                    "the locked send charged nothing: two sends counted, one more fits in three")
        }
    }

    @Test("a new code ends the mail still waiting with the code it replaces, its code erased", arguments: TestBackend.available)
    func replacedMail(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.requestCode(Self.request("c1"), at: Self.now) == .issued)
            let first = try #require(try await repository.claimDueMail(at: Self.now, lease: 60, limit: 1).first)
            try await repository.retryMail(id: first.id, error: "421 try later", nextAttemptAt: Self.now.addingTimeInterval(5))
            #expect(try await repository.requestCode(Self.request("c2", charges: []), at: Self.now.addingTimeInterval(1)) == .issued)
            let due = try await repository.claimDueMail(at: Self.now.addingTimeInterval(10), lease: 60, limit: 10)
            #expect(due.map(\.id) == ["m-c2"], "only the mail with the live code is delivered")
            let status = try await repository.outboxStatus()
            #expect(status.counts["expired"] == 1 && status.counts["pending"] == 1)
        }
    }

    @Test("a verify signs in with the right hash once, and counts wrong guesses at a live code to the lock", arguments: TestBackend.available)
    func verifies(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.attemptCode(Self.attempt(hash: "hash-c1"), at: Self.now) == .wrong, "no code was sent")
            #expect(try await repository.requestCode(Self.request("c1"), at: Self.now) == .issued)
            #expect(try await repository.attemptCode(Self.attempt(hash: "hash-c0"), at: Self.now) == .wrong)
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com").failures == 1,
                    "only the guess at a live code counts: before the send there was nothing to guess")
            guard case .signedIn(let completion) = try await repository.attemptCode(Self.attempt(hash: "hash-c1"), at: Self.now) else {
                Issue.record("the right hash did not sign in")
                return
            }
            #expect(completion.isNewUser && completion.user.id == "usr_1" && completion.session.id == "ses_1")
            #expect(try await repository.session(tokenHash: "token-ses_1")?.1.id == "usr_1")
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com").failures == 0, "a success clears the count")
            #expect(try await repository.attemptCode(Self.attempt(hash: "hash-c1", session: "ses_2"), at: Self.now) == .wrong, "used")

            // Three wrong tries use the new code up: then the right hash no longer works.
            #expect(try await repository.requestCode(Self.request("c2"), at: Self.now) == .issued)
            for _ in 1...3 {
                #expect(try await repository.attemptCode(Self.attempt(hash: "nope", session: "ses_3", threshold: 100), at: Self.now) == .wrong)
            }
            #expect(try await repository.attemptCode(Self.attempt(hash: "hash-c2", session: "ses_4", threshold: 100), at: Self.now) == .wrong,
                    "out of tries")
            // Three failures: the code out of tries, like the used one, left nothing to guess (review s9b, K4).
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com").failures == 3)
            #expect(try await repository.attemptCode(Self.attempt(hash: "nope", session: "ses_5", threshold: 4), at: Self.now) == .wrong)
            #expect(try await repository.attemptCode(Self.attempt(hash: "nope", session: "ses_6", threshold: 4), at: Self.now) == .wrong,
                    "nothing to guess, so no fourth failure and no lock")
        }
    }

    @Test("a verify refused by a limit claims no try and counts no failure", arguments: TestBackend.available)
    func limitedVerifies(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            let guesses = RateLimitCharge(key: "guess|notes|ada@example.com", rules: [RateLimitRule(limit: 1, window: 60)])
            #expect(try await repository.requestCode(Self.request("c1"), at: Self.now) == .issued)
            // From a network without a code of its own, so the guesses are charged.
            var wrong = Self.attempt(hash: "nope", charges: [guesses])
            wrong.network = "elsewhere"
            var right = Self.attempt(hash: "hash-c1", charges: [guesses])
            right.network = "elsewhere"
            #expect(try await repository.attemptCode(wrong, at: Self.now) == .wrong)
            #expect(try await repository.attemptCode(right, at: Self.now.addingTimeInterval(20)) == .rateLimited(40))
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com", network: "elsewhere").failures == 1)
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now)?.attempts == 1,
                    "another network's guesses take none of the code's tries, and the refused verify nothing")
        }
    }

    @Test("of concurrent right verifies of one code on two instances, exactly one signs in", arguments: TestBackend.available)
    func concurrentVerifies(backend: TestBackend) async throws {
        try await backend.withSignInRepositories(2) { (repositories) async throws in
            for round in 0..<5 {
                #expect(try await repositories[0].requestCode(Self.request("c\(round)", charges: []), at: Self.now.addingTimeInterval(Double(round)))
                        == .issued)
                let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for attempt in 0..<6 {
                        group.addTask {
                            let outcome = try await repositories[attempt % 2].attemptCode(
                                Self.attempt(hash: "hash-c\(round)", user: "usr_\(round)_\(attempt)", session: "ses_\(round)_\(attempt)", threshold: 100),
                                at: Self.now.addingTimeInterval(Double(round)))
                            if case .signedIn = outcome { return true }
                            return false
                        }
                    }
                    return try await group.reduce(into: [Bool]()) { $0.append($1) }
                }
                #expect(results.filter { $0 }.count == 1, "round \(round): \(results)")
            }
        }
    }
}
