import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The sign-in repository contract: codes, counts and limits, on memory, SQLite and PostgreSQL")
struct SignInRepositoryContractTests {
    static let now = Samples.now

    static func code(_ id: String = "c1", email: String = "ada@example.com", app: String = "notes", lifetime: TimeInterval = 600) -> SignInCodeRecord {
        SignInCodeRecord(id: id, appID: app, email: email, codeHash: "hash-\(id)", createdAt: now, expiresAt: now.addingTimeInterval(lifetime))
    }

    static func mail(_ id: String = "m1", email: String = "ada@example.com", app: String = "notes", due: Date = now) -> OutboxMessage {
        OutboxMessage(id: id, appID: app, email: email, sealedCode: "sealed-\(id)", codeExpiresAt: now.addingTimeInterval(600),
                      nextAttemptAt: due, createdAt: now)
    }

    static func grant(_ id: String = "ses_1", device: String = "device-1") -> SessionGrant {
        SessionGrant(id: id, deviceID: device, tokenHash: "token-\(id)", expiresAt: now.addingTimeInterval(86_400))
    }

    // MARK: Tests

    @Test("settings are absent until saved, then replaced whole", arguments: TestBackend.available)
    func settings(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.settings(appID: "notes") == nil)
            try await repository.saveSettings(SignInSettings(appID: "notes", codeLength: 4, textTemplate: "{{code}}"))
            try await repository.saveSettings(SignInSettings(appID: "notes", codeLength: 8, htmlTemplate: "<b>{{code}}</b>"))
            #expect(try await repository.settings(appID: "notes") == SignInSettings(appID: "notes", codeLength: 8, htmlTemplate: "<b>{{code}}</b>"))
        }
    }

    @Test("the first secret stored under a name is the one every instance gets", arguments: TestBackend.available)
    func secrets(backend: TestBackend) async throws {
        try await backend.withSignInRepositories(2) { (repositories) async throws in
            #expect(try await repositories[0].secret(named: "hmac", orStore: "first", at: Self.now) == "first")
            #expect(try await repositories[1].secret(named: "hmac", orStore: "second", at: Self.now) == "first")
            #expect(try await repositories[1].secret(named: "other", orStore: "second", at: Self.now) == "second")
        }
    }

    @Test("a code takes one attempt per claim, and none once used, expired or out of attempts", arguments: TestBackend.available)
    func claims(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 5, at: Self.now) == nil)
            try await repository.issueCode(Self.code(), mail: Self.mail())
            for attempt in 1...3 {
                let claimed = try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now)
                #expect(claimed?.attempts == attempt)
                #expect(claimed?.codeHash == "hash-c1")
            }
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now) == nil)
            #expect(try await repository.claimAttempt(appID: "todo", email: "ada@example.com", maxAttempts: 5, at: Self.now) == nil,
                    "codes are per app")

            // A new send replaces the code and its attempts.
            try await repository.issueCode(Self.code("c2"), mail: Self.mail("m2"))
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: Self.now)?.id == "c2")
            let expiry = Self.now.addingTimeInterval(600)
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 3, at: expiry) == nil)
            #expect(try await repository.completeSignIn(codeID: "c2", appID: "notes", email: "ada@example.com", newUserID: "usr_1",
                                                        grant: Self.grant(), at: expiry) == nil, "an expired code can't be consumed")
        }
    }

    @Test("a correct code makes the user once, signs in again later, and can't be used twice", arguments: TestBackend.available)
    func completion(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await repository.issueCode(Self.code(), mail: Self.mail())
            _ = try await repository.recordFailure(appID: "notes", email: "ada@example.com", threshold: 100, lockout: 3600, at: Self.now)
            let first = try #require(try await repository.completeSignIn(
                codeID: "c1", appID: "notes", email: "ada@example.com", newUserID: "usr_1", grant: Self.grant(), at: Self.now))
            #expect(first.isNewUser)
            #expect(first.user == UserRecord(id: "usr_1", appID: "notes", email: "ada@example.com", createdAt: Self.now, lastSignInAt: Self.now))
            #expect(first.session.userID == "usr_1" && first.session.deviceID == "device-1")
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com").failures == 0, "a success clears the count")
            #expect(try await repository.completeSignIn(codeID: "c1", appID: "notes", email: "ada@example.com", newUserID: "usr_2",
                                                        grant: Self.grant("ses_2"), at: Self.now) == nil)
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 5, at: Self.now) == nil)

            let later = Self.now.addingTimeInterval(60)
            try await repository.issueCode(Self.code("c2"), mail: Self.mail("m2"))
            let second = try #require(try await repository.completeSignIn(
                codeID: "c2", appID: "notes", email: "ada@example.com", newUserID: "usr_2", grant: Self.grant("ses_2"), at: later))
            #expect(!second.isNewUser)
            #expect(second.user.id == "usr_1" && second.user.createdAt == Self.now && second.user.lastSignInAt == later)
            #expect(try await repository.completeSignIn(codeID: "c1", appID: "notes", email: "ada@example.com", newUserID: "usr_3",
                                                        grant: Self.grant("ses_3"), at: later) == nil, "only the address's current code counts")
        }
    }

    @Test("of concurrent verifies of one code on two instances, exactly one signs in", arguments: TestBackend.available)
    func concurrentConsumption(backend: TestBackend) async throws {
        try await backend.withSignInRepositories(2) { (repositories) async throws in
            for round in 0..<10 {
                let email = "race\(round)@example.com"
                try await repositories[0].issueCode(Self.code("c\(round)", email: email), mail: Self.mail("m\(round)", email: email))
                let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for attempt in 0..<6 {
                        group.addTask {
                            let repository = repositories[attempt % 2]
                            return try await repository.completeSignIn(
                                codeID: "c\(round)", appID: "notes", email: email, newUserID: "usr_\(round)_\(attempt)",
                                grant: Self.grant("ses_\(round)_\(attempt)"), at: Self.now) != nil
                        }
                    }
                    return try await group.reduce(into: [Bool]()) { $0.append($1) }
                }
                #expect(results.filter { $0 }.count == 1, "round \(round): \(results)")
            }
        }
    }

    @Test("concurrent claims on two instances never take more than the code's attempts", arguments: TestBackend.available)
    func concurrentClaims(backend: TestBackend) async throws {
        try await backend.withSignInRepositories(2) { (repositories) async throws in
            try await repositories[0].issueCode(Self.code(), mail: Self.mail())
            let claimed = try await withThrowingTaskGroup(of: Int?.self) { group in
                for attempt in 0..<12 {
                    group.addTask {
                        try await repositories[attempt % 2].claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 5, at: Self.now)?.attempts
                    }
                }
                return try await group.reduce(into: [Int]()) { if let attempts = $1 { $0.append(attempts) } }
            }
            #expect(claimed.sorted() == [1, 2, 3, 4, 5])
        }
    }

    @Test("failures lock the address at the threshold and the count starts again", arguments: TestBackend.available)
    func failures(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com") == AddressState())
            for count in 1...2 {
                let state = try await repository.recordFailure(appID: "notes", email: "ada@example.com", threshold: 3, lockout: 3600, at: Self.now)
                #expect(state == AddressState(failures: count))
            }
            let locked = try await repository.recordFailure(appID: "notes", email: "ada@example.com", threshold: 3, lockout: 3600, at: Self.now)
            #expect(locked == AddressState(failures: 0, lockedUntil: Self.now.addingTimeInterval(3600)))
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com") == locked)
            #expect(try await repository.addressState(appID: "todo", email: "ada@example.com") == AddressState(), "per app")
        }
    }

    @Test("events are limited in sliding windows, and a refused event records nothing", arguments: TestBackend.available)
    func slidingWindows(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            let rules = [RateLimitRule(limit: 1, window: 60), RateLimitRule(limit: 3, window: 3600)]
            func hit(_ seconds: TimeInterval) async throws -> TimeInterval? {
                try await repository.recordEvent(key: "send|ada", rules: rules, at: Self.now.addingTimeInterval(seconds))
            }
            #expect(try await hit(0) == nil)
            #expect(try await hit(30) == 30)
            #expect(try await hit(59) == 1)
            #expect(try await hit(60) == nil)
            #expect(try await hit(120) == nil)
            #expect(try await hit(200) == 3400, "three in the hour: wait for the first to leave it")
            #expect(try await hit(3599) == 1)
            #expect(try await hit(3600) == nil)
            #expect(try await repository.recordEvent(key: "send|bob", rules: rules, at: Self.now.addingTimeInterval(3600)) == nil, "per key")
        }
    }

    @Test("concurrent events on two instances never pass the limit", arguments: TestBackend.available)
    func concurrentEvents(backend: TestBackend) async throws {
        try await backend.withSignInRepositories(2) { (repositories) async throws in
            let rules = [RateLimitRule(limit: 5, window: 300)]
            let allowed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for attempt in 0..<16 {
                    group.addTask {
                        try await repositories[attempt % 2].recordEvent(key: "ip|203.0.113.1", rules: rules,
                                                                         at: Self.now.addingTimeInterval(Double(attempt) / 1000)) == nil
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(allowed == 5)
        }
    }
}
