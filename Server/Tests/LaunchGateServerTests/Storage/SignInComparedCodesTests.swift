import Foundation
import Testing
@testable import LaunchGateStorage

/// What a guess is compared with and what it spends (review s11): at most the address's live
/// codes' cap of codes, the newest (A2); nothing, not even its own code's try, when no code has its
/// length (A6); and nothing of the charges when the room refuses every code it would be compared with (A4).
@Suite("The sign-in repository contract: a guess is compared with the newest 4 codes of its length, and spends nothing it can't use, on memory, SQLite and PostgreSQL")
struct SignInComparedCodesTests {
    typealias Network = SignInCodesPerNetworkTests
    static let now = Samples.now
    static let email = "ada@example.com"
    static let room = ShortCodeRoom(key: "room|notes|ada@example.com", limit: 5)
    static let cap = RateLimitCharge(key: "guess|notes|ada@example.com", rules: [RateLimitRule(limit: 1, window: 3600)])

    static func share(_ network: String) -> RateLimitCharge {
        RateLimitCharge(key: "guess-net|notes|ada@example.com|\(network)", rules: [RateLimitRule(limit: 5, window: 3600)])
    }

    /// Codes `c1`… from networks `n1`…, one a second (each its network's first send), long ones when asked.
    static func send(_ count: Int, long: Bool = false, to repository: any SignInRepository) async throws {
        for index in 1...count {
            var request = Network.request("c\(index)", network: "n\(index)", at: now.addingTimeInterval(TimeInterval(index)))
            request.code.isLong = long
            #expect(try await repository.requestCode(request, at: request.code.createdAt) == (long ? .issuedLong : .issued))
        }
    }

    static func attempt(_ hash: String, from network: String, long: Bool = false, charges: [RateLimitCharge] = [],
                        address: [RateLimitCharge] = [], room: ShortCodeRoom? = nil) -> CodeAttempt {
        CodeAttempt(appID: "notes", email: email, network: network, codeHash: hash, charges: charges, addressCharges: address, room: room,
                    lengths: (short: !long, long: long), comparedCodes: 4, maxAttempts: 3, lockoutThreshold: 100, lockout: 3600,
                    newUserID: "usr_1", grant: SignInRepositoryContractTests.grant())
    }

    static func signedIn(_ outcome: CodeAttemptOutcome) -> Bool {
        if case .signedIn = outcome { return true }
        return false
    }

    // MARK: A2

    @Test("6 networks' first sends give 6 long codes; a guess from a seventh is compared with the newest 4 and misses the 2 oldest (attack s11, A2)",
          arguments: TestBackend.available)
    func guessFromElsewhereMeetsNewestFour(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.send(6, long: true, to: repository)
            let later = Self.now.addingTimeInterval(10)
            for oldest in ["hash-c1", "hash-c2"] {
                #expect(try await repository.attemptCode(Self.attempt(oldest, from: "x", long: true), at: later) == .wrong,
                        "\(oldest) is older than the newest 4")
            }
            #expect(Self.signedIn(try await repository.attemptCode(Self.attempt("hash-c3", from: "x", long: true), at: later)),
                    "the fourth newest is compared")
        }
    }

    @Test("after a miss of its own code a guess is compared with the newest 3 others', 4 in all (attack s11, A2)", arguments: TestBackend.available)
    func ownMissMeetsNewestThree(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.send(6, to: repository)
            let later = Self.now.addingTimeInterval(10)
            // n5's own code first; then c6, c4 and c3, not c2.
            #expect(try await repository.attemptCode(Self.attempt("hash-c2", from: "n5"), at: later) == .wrong)
            #expect(Self.signedIn(try await repository.attemptCode(Self.attempt("hash-c3", from: "n5"), at: later)))
        }
    }

    // MARK: A6

    @Test("guesses of the other length than a network's own code spend none of its tries, nor a failure (attack s11, A6)",
          arguments: TestBackend.available)
    func otherLengthSpendsNoTry(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.send(1, long: true, to: repository)
            let later = Self.now.addingTimeInterval(10)
            for _ in 1...3 { #expect(try await repository.attemptCode(Self.attempt("nope", from: "n1"), at: later) == .wrong) }
            #expect(try await repository.addressState(appID: "notes", email: Self.email, network: "n1").failures == 0, "compared with nothing")
            #expect(try await repository.liveCodes(appID: "notes", email: Self.email, maxAttempts: 3, at: later).map(\.attempts) == [0])
            #expect(Self.signedIn(try await repository.attemptCode(Self.attempt("hash-c1", from: "n1", long: true), at: later)),
                    "its 3 tries are whole")
        }
    }

    @Test("a network's long guesses at another's long code leave its own short code's tries whole (attack s11, A6)", arguments: TestBackend.available)
    func otherLengthGoesToOthers(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.send(1, to: repository)
            var long = Network.request("c2", network: "n2", at: Self.now.addingTimeInterval(2))
            long.code.isLong = true
            #expect(try await repository.requestCode(long, at: long.code.createdAt) == .issuedLong)
            let later = Self.now.addingTimeInterval(10)
            for _ in 1...3 { #expect(try await repository.attemptCode(Self.attempt("nope", from: "n1", long: true), at: later) == .wrong) }
            #expect(Self.signedIn(try await repository.attemptCode(Self.attempt("hash-c1", from: "n1"), at: later)), "n1's 3 tries are whole")
        }
    }

    // MARK: A4

    @Test("a guess from elsewhere that the spent room refuses spends nothing of its network's share or the address's cap, so a long code's guess still passes them (attack s11, A4)",
          arguments: TestBackend.available)
    func roomRefusalSpendsNoCharges(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.send(1, to: repository)
            var long = Network.request("c2", network: "n2", at: Self.now.addingTimeInterval(2))
            long.code.isLong = true
            #expect(try await repository.requestCode(long, at: long.code.createdAt) == .issuedLong)
            let later = Self.now.addingTimeInterval(10)
            #expect(try await repository.record(Self.room.charge(5), at: later) == nil, "the room spent")
            let refused = Self.attempt("nope", from: "x", charges: [Self.share("x")], address: [Self.cap], room: Self.room)
            #expect(try await repository.attemptCode(refused, at: later) == .rateLimited(3600))
            #expect(try await repository.lastEvent(key: Self.share("x").key) == nil)
            #expect(try await repository.lastEvent(key: Self.cap.key) == nil)
            let owner = Self.attempt("hash-c2", from: "x", long: true, charges: [Self.share("x")], address: [Self.cap], room: Self.room)
            #expect(Self.signedIn(try await repository.attemptCode(owner, at: later)), "the address's cap of 1 is unspent")
        }
    }

    @Test("a miss of a network's own code that the spent room keeps from others' codes spends its try and failure, but no charge (attack s11, A4)",
          arguments: TestBackend.available)
    func roomRefusalAfterOwnMissSpendsNoCharges(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.send(2, to: repository)
            let later = Self.now.addingTimeInterval(10)
            #expect(try await repository.record(Self.room.charge(5), at: later) == nil, "the room spent")
            let miss = Self.attempt("hash-c1", from: "n2", charges: [Self.share("n2")], address: [Self.cap], room: Self.room)
            #expect(try await repository.attemptCode(miss, at: later) == .wrong, "n1's code is not compared")
            #expect(try await repository.lastEvent(key: Self.share("n2").key) == nil)
            #expect(try await repository.lastEvent(key: Self.cap.key) == nil)
            #expect(try await repository.liveCodes(appID: "notes", email: Self.email, maxAttempts: 3, at: later).map(\.attempts) == [0, 1])
            #expect(try await repository.addressState(appID: "notes", email: Self.email, network: "n2").failures == 1)
        }
    }

    // MARK: B6

    @Test("a guess from elsewhere that the spent address cap refuses spends nothing of its network's share, so it stores no row for that network (attack s12, B6)",
          arguments: TestBackend.available)
    func capRefusalSpendsNoShare(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.send(1, long: true, to: repository)
            let later = Self.now.addingTimeInterval(10)
            #expect(try await repository.record(Self.cap, at: later) == nil, "the address's cap of 1 spent")
            let refused = Self.attempt("nope", from: "x", long: true, charges: [Self.share("x")], address: [Self.cap])
            #expect(try await repository.attemptCode(refused, at: later) == .rateLimited(3600))
            #expect(try await repository.lastEvent(key: Self.share("x").key) == nil, "no row for the refused network's share")
        }
    }

    @Test("a miss of a network's own code that the spent address cap keeps from others' codes spends its try, but no share (attack s12, B6)",
          arguments: TestBackend.available)
    func capRefusalAfterOwnMissSpendsNoShare(backend: TestBackend) async throws {
        try await backend.withSignInRepositories { (repositories) async throws in
            let repository = repositories[0]
            try await Self.send(2, long: true, to: repository)
            let later = Self.now.addingTimeInterval(10)
            #expect(try await repository.record(Self.cap, at: later) == nil, "the address's cap of 1 spent")
            let miss = Self.attempt("hash-c1", from: "n2", long: true, charges: [Self.share("n2")], address: [Self.cap])
            #expect(try await repository.attemptCode(miss, at: later) == .wrong, "n1's code is not compared")
            #expect(try await repository.lastEvent(key: Self.share("n2").key) == nil, "the share is rolled back with the refusal")
            #expect(try await repository.liveCodes(appID: "notes", email: Self.email, maxAttempts: 3, at: later).map(\.attempts).sorted() == [0, 1],
                    "its own code's try is kept")
        }
    }
}
