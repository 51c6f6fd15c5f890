import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The sign-in repository contract: sessions, users, the outbox and upkeep, on memory, SQLite and PostgreSQL")
struct SignInRepositoryAccountsTests {
    private typealias Contract = SignInRepositoryContractTests
    private static let now = Samples.now

    /// Signs `email` in with a fresh code; the session's ID is `ses_<tag>` and its token hash `token-ses_<tag>`.
    @discardableResult
    private static func signIn(_ repository: any SignInRepository, _ email: String, app: String = "notes", tag: String,
                               device: String = "device-1") async throws -> SignInCompletion {
        try await repository.issueCode(Contract.code("c-\(tag)", email: email, app: app), mail: Contract.mail("m-\(tag)", email: email, app: app))
        return try #require(try await repository.completeSignIn(codeID: "c-\(tag)", appID: app, email: email, newUserID: "usr_\(tag)",
                                                                grant: Contract.grant("ses_\(tag)", device: device), at: now))
    }

    // MARK: Tests

    @Test("a session is found by its token hash, and revoked by token, by ID, by user or by device", arguments: TestBackend.available)
    func sessions(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            let ada = try await Self.signIn(repository, "ada@example.com", tag: "a1", device: "phone")
            try await Self.signIn(repository, "ada@example.com", tag: "a2", device: "tablet")
            try await Self.signIn(repository, "bob@example.com", tag: "b1", device: "phone")
            try await Self.signIn(repository, "ada@example.com", app: "todo", tag: "t1", device: "phone")

            let (session, user) = try #require(try await repository.session(tokenHash: "token-ses_a1"))
            #expect(session == ada.session && user == ada.user)
            #expect(try await repository.session(tokenHash: "nothing") == nil)
            #expect(try await repository.sessions(appID: "notes", userID: ada.user.id).map(\.id).sorted() == ["ses_a1", "ses_a2"])

            #expect(try await repository.revokeSession(tokenHash: "token-ses_a1", at: Self.now))
            #expect(try await !repository.revokeSession(tokenHash: "token-ses_a1", at: Self.now))
            #expect(try await repository.session(tokenHash: "token-ses_a1")?.0.revokedAt == Self.now)
            #expect(try await repository.revokeSessions(appID: "notes", .device("phone"), at: Self.now) == 1, "bob's phone; ada's is revoked")
            #expect(try await repository.revokeSessions(appID: "notes", .user(ada.user.id), at: Self.now) == 1)
            #expect(try await repository.revokeSessions(appID: "notes", .session("ses_t1"), at: Self.now) == 0, "another app's session")
            #expect(try await repository.revokeSessions(appID: "todo", .session("ses_t1"), at: Self.now) == 1)
        }
    }

    @Test("users are listed by address a page at a time, found by ID or address, and per app", arguments: TestBackend.available)
    func users(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            for (tag, email) in [("c", "cy@example.com"), ("a", "ada@example.com"), ("b", "bob@example.com")] {
                try await Self.signIn(repository, email, tag: tag)
            }
            try await Self.signIn(repository, "zed@example.com", app: "todo", tag: "z")
            #expect(try await repository.users(appID: "notes", after: nil, limit: 2).map(\.email) == ["ada@example.com", "bob@example.com"])
            #expect(try await repository.users(appID: "notes", after: "bob@example.com", limit: 2).map(\.email) == ["cy@example.com"])
            #expect(try await repository.user(appID: "notes", id: "usr_a")?.email == "ada@example.com")
            #expect(try await repository.user(appID: "todo", id: "usr_a") == nil)
            #expect(try await repository.user(appID: "notes", email: "bob@example.com")?.id == "usr_b")
            #expect(try await repository.user(appID: "notes", email: "zed@example.com") == nil)
        }
    }

    @Test("deleting a user erases its sessions, codes, mail and failure count, and nothing of other users", arguments: TestBackend.available)
    func deletion(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            let ada = try await Self.signIn(repository, "ada@example.com", tag: "a")
            try await Self.signIn(repository, "bob@example.com", tag: "b")
            try await repository.issueCode(Contract.code("late", email: "ada@example.com"), mail: Contract.mail("late", email: "ada@example.com"))
            _ = try await repository.recordFailure(appID: "notes", email: "ada@example.com", threshold: 100, lockout: 3600, at: Self.now)

            #expect(try await repository.deleteUser(AccountDeletion(appID: "notes", userID: ada.user.id, requester: .user), at: Self.now))
            #expect(try await !repository.deleteUser(AccountDeletion(appID: "notes", userID: ada.user.id, requester: .user), at: Self.now))
            #expect(try await repository.user(appID: "notes", id: ada.user.id) == nil)
            #expect(try await repository.session(tokenHash: "token-ses_a") == nil)
            #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 5, at: Self.now) == nil)
            #expect(try await repository.addressState(appID: "notes", email: "ada@example.com") == AddressState())
            let mail = try await repository.claimDueMail(at: Self.now, lease: 60, limit: 10)
            #expect(mail.map(\.email) == ["bob@example.com"])
            #expect(try await repository.session(tokenHash: "token-ses_b") != nil)
        }
    }

    @Test("deleting a user erases the rate-limit keys it names, whole or by prefix, and no other, and counts the day's deletions by requester",
          arguments: TestBackend.available)
    func deletionLimitsAndCounts(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            let ada = try await Self.signIn(repository, "ada@example.com", tag: "a")
            let bob = try await Self.signIn(repository, "bob@example.com", tag: "b")
            let cy = try await Self.signIn(repository, "cy@example.com", tag: "c")
            let keys = ["send|notes|ada@example.com", "send-net|notes|ada@example.com|192.0.2.0/24", "send-net|notes|ada@example.com|10.0.0.0/24",
                        "send|notes|bob@example.com", "send-net|notes|ada@example.community|192.0.2.0/24", "send|todo|ada@example.com"]
            for key in keys { _ = try await repository.recordEvent(key: key, rules: [RateLimitRule(limit: 5, window: 3600)], at: Self.now) }
            let deletion = AccountDeletion(appID: "notes", userID: ada.user.id, requester: .user, limitKeys: ["send|notes|ada@example.com"],
                                           limitKeyPrefixes: ["send-net|notes|ada@example.com|"])
            #expect(try await repository.deleteUser(deletion, at: Self.now))
            for key in keys {
                let erased = key.hasPrefix("send|notes|ada") || key.hasPrefix("send-net|notes|ada@example.com|")
                #expect(try await (repository.lastEvent(key: key) == nil) == erased, "\(key)")
            }

            let nextDay = Self.now.addingTimeInterval(86_400)
            #expect(try await repository.deleteUser(AccountDeletion(appID: "notes", userID: bob.user.id, requester: .operator), at: nextDay))
            #expect(try await repository.deleteUser(AccountDeletion(appID: "notes", userID: cy.user.id, requester: .user), at: nextDay))
            let today = InstallDay.start(InstallDay.of(Self.now)), tomorrow = InstallDay.start(InstallDay.of(nextDay))
            #expect(try await repository.deletions(appID: "notes", since: Self.now) == [
                DailyDeletions(day: today, requester: .user, count: 1), DailyDeletions(day: tomorrow, requester: .operator, count: 1),
                DailyDeletions(day: tomorrow, requester: .user, count: 1),
            ])
            #expect(try await repository.deletions(appID: "notes", since: nextDay).count == 2, "from the day holding `since`")
            #expect(try await repository.deletions(appID: "todo", since: Self.now).isEmpty)
        }
    }

    @Test("behind a backlog the newest due mail is claimed and returned first, so a code someone waits for now isn't queued behind a flood",
          arguments: TestBackend.available)
    func newestFirst(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            for (index, age) in [300, 10, 200, 0].enumerated() {
                var mail = Contract.mail("m\(index)", email: "u\(index)@example.com")
                mail.createdAt = Self.now.addingTimeInterval(-Double(age))
                mail.nextAttemptAt = mail.createdAt
                try await repository.issueCode(Contract.code("c\(index)", email: "u\(index)@example.com"), mail: mail)
            }
            #expect(try await repository.claimDueMail(at: Self.now, lease: 60, limit: 3).map(\.id) == ["m3", "m1", "m2"])
            #expect(try await repository.claimDueMail(at: Self.now, lease: 60, limit: 3).map(\.id) == ["m0"])
        }
    }

    @Test("due mail is claimed by one instance at a time, retried, and finished without its code", arguments: TestBackend.available)
    func outbox(backend: TestBackend) async throws {
        try await backend.withSignInRepositories(2) { (repositories) async throws in
            let (first, second) = (repositories[0], repositories[1])
            for index in 0..<6 {
                try await first.issueCode(Contract.code("c\(index)", email: "u\(index)@example.com"),
                                          mail: Contract.mail("m\(index)", email: "u\(index)@example.com"))
            }
            try await first.issueCode(Contract.code("later", email: "later@example.com"),
                                      mail: Contract.mail("later", email: "later@example.com", due: Self.now.addingTimeInterval(30)))
            async let one = first.claimDueMail(at: Self.now, lease: 60, limit: 4)
            async let two = second.claimDueMail(at: Self.now, lease: 60, limit: 4)
            let racing = try await one + two
            #expect(Set(racing.map(\.id)).count == racing.count, "no message is claimed by both")
            let claimed = racing + (try await first.claimDueMail(at: Self.now, lease: 60, limit: 10))
            #expect(claimed.map(\.id).sorted() == (0..<6).map { "m\($0)" }, "every due message once, the later one not yet")
            #expect(claimed.allSatisfy { $0.attempts == 1 && $0.sealedCode != nil })
            #expect(try await first.claimDueMail(at: Self.now.addingTimeInterval(10), lease: 60, limit: 10).isEmpty, "claimed ones are hidden")

            try await first.retryMail(id: "m0", error: "421 try later", nextAttemptAt: Self.now.addingTimeInterval(5))
            try await first.finishMail(id: "m1", state: .sent, error: nil, at: Self.now)
            try await first.finishMail(id: "m2", state: .failed, error: "550 no such user", at: Self.now)
            try await first.finishMail(id: "m3", state: .expired, error: nil, at: Self.now)
            let retried = try await second.claimDueMail(at: Self.now.addingTimeInterval(5), lease: 60, limit: 10)
            #expect(retried.map(\.id) == ["m0"])
            #expect(retried.first?.attempts == 2 && retried.first?.lastError == "421 try later")

            let status = try await second.outboxStatus()
            #expect(status.counts == ["pending": 4, "sent": 1, "failed": 1, "expired": 1])
            #expect(status.oldestPendingAt == Self.now)
            #expect(status.failures.map(\.id) == ["m2"])
            #expect(status.failures.first?.sealedCode == nil && status.failures.first?.lastError == "550 no such user")
            let without = try await second.outboxStatus(excludingApp: "notes")
            #expect(without.counts == ["pending": 0, "sent": 0, "failed": 0, "expired": 0], "every message here is the notes app's")
            #expect(without.oldestPendingAt == nil && without.failures.isEmpty)
            #expect(try await second.outboxStatus(excludingApp: "other").counts == status.counts)

            #expect(try await second.takeDeliveryFailure(appID: "notes", email: "u2@example.com") == "550 no such user")
            #expect(try await first.takeDeliveryFailure(appID: "notes", email: "u2@example.com") == nil, "reported once")
            #expect(try await first.takeDeliveryFailure(appID: "notes", email: "u1@example.com") == nil)
        }
    }

    @Test("a sweep deletes old events, expired codes and sessions, finished mail, empty address states and idle streaks",
          arguments: TestBackend.available)
    func sweep(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.signIn(repository, "ada@example.com", tag: "a")
            try await repository.finishMail(id: "m-a", state: .sent, error: nil, at: Self.now)
            _ = try await repository.recordEvent(key: "k", rules: [RateLimitRule(limit: 5, window: 60)], at: Self.now)
            _ = try await repository.recordFailure(appID: "notes", email: "bob@example.com", threshold: 1, lockout: 60, at: Self.now)
            _ = try await repository.recordFailure(appID: "notes", email: "cy@example.com", threshold: 100, lockout: 60, at: Self.now)
            let much = Self.now.addingTimeInterval(2 * 86_400)
            _ = try await repository.recordFailure(appID: "notes", email: "dee@example.com", threshold: 100, lockout: 60, at: much)
            let deleted = try await repository.sweep(eventsBefore: much, recordsBefore: much, at: much)
            #expect(deleted >= 6)
            #expect(try await repository.session(tokenHash: "token-ses_a") == nil)
            #expect(try await repository.outboxStatus().counts["sent"] == 0)
            #expect(try await repository.addressState(appID: "notes", email: "bob@example.com") == AddressState(), "its lock is over")
            #expect(try await repository.addressState(appID: "notes", email: "cy@example.com") == AddressState(),
                    "a streak idle since before the horizon is forgotten")
            #expect(try await repository.addressState(appID: "notes", email: "dee@example.com").failures == 1, "a recent streak is kept")
            #expect(try await repository.user(appID: "notes", id: "usr_a") != nil, "users stay")
        }
    }
}
