import Foundation
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Sends and verifies at one address racing each other on PostgreSQL, where each step is its own
/// statement on its own connection (SQLite has one writer, memory one actor): the room's last
/// unit goes to one guess (review s9b, T1), and a verify and a resend from one network, which lock
/// the same rows, never deadlock (K5): none needs the retry on deadlock (R6).
@Suite("Sign-in under concurrent requests on PostgreSQL: the room's last unit, and the locks of a verify beside a resend or an account deletion")
struct SignInPostgresRaceTests {
    private static let email = "ada@example.com"

    @Test("room at 24 of 25: of 20 concurrent verifies from 20 /24s, each compared with one short code, exactly one is compared and 19 are rate_limited",
          .enabled(if: TestBackend.available.contains(.postgres)))
    func lastUnitOfRoom() async throws {
        let fixture = try await SignInFixture.make(.postgres, configuration: SignInConfiguration(clientVerifies: 0))
        // 15 of the room paid by three codes that are dead by the time the guesses come, 5 by the live one, 4 by guesses at it.
        for network in 1...3 { _ = try await fixture.service.sendCode(app: "notes", email: Self.email, client: "198.51.\(network).7") }
        fixture.clock.advance(by: 601)
        _ = try await fixture.service.sendCode(app: "notes", email: Self.email, client: "192.0.2.10")
        let code = try #require(try await fixture.code(for: Self.email))
        for _ in 0..<4 { #expect(await Self.verify(fixture, SignInFixture.wrong(code), from: "198.51.100.7") == "invalid_code") }
        let answers = await withTaskGroup(of: String.self) { group in
            for network in 1...20 { group.addTask { await Self.verify(fixture, SignInFixture.wrong(code), from: "203.0.\(network).7") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.filter { $0 == "invalid_code" }.count == 1, "\(answers)")
        #expect(answers.filter { $0 == "rate_limited" }.count == 19, "\(answers)")
        await fixture.close()
    }

    @Test("40 verifies and 40 resends from one network, 4 pairs at once beside another network's short code, all answered and none run again: the lock order, not the retry, keeps them from deadlocking (review s9b, K5; review s10, R6)",
          .enabled(if: TestBackend.available.contains(.postgres)))
    func verifyBesideResend() async throws {
        // Every send and guess passes its limits, so each verify charges the room and each resend pays into it.
        let configuration = SignInConfiguration(guessesPerHour: 10_000, networkGuessesPerHour: 10_000, liveCodesPerAddress: 8, resendInterval: 0,
                                                networkSendsPerHour: 10_000, sendsPerHour: 10_000, clientSends: 0, clientVerifies: 0)
        let fixture = try await SignInFixture.make(.postgres, configuration: configuration)
        let repository = try #require(fixture.components.signInRepository as? SQLSignInRepository)
        let (owner, other) = ("192.0.2.10", "198.51.100.7")
        for client in [other, owner] { _ = try await fixture.service.sendCode(app: "notes", email: Self.email, client: client) }
        // 10 rounds of 4 pairs at once: enough to interleave a verify and a resend every round, few
        // enough that neither the pool's connections nor the queue for the address's lock outlast
        // their limits under the whole suite's load on two cores (80 at once waited out the pool's
        // 30 s; 8 pairs queued 16 transactions on one row, and the last waited past the 10 s lock
        // limit, which proves nothing here: a deadlock needs only two in opposite order).
        var answers: [String] = []
        for _ in 0..<10 {
            answers += await withTaskGroup(of: String.self) { group in
                for _ in 0..<4 {
                    group.addTask { await Self.verify(fixture, "000000", from: owner) }
                    group.addTask { await SignInFixture.outcome { _ = try await fixture.service.sendCode(app: "notes", email: Self.email, client: owner) } }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(answers.allSatisfy { ["ok", "invalid_code"].contains($0) }, "\(answers.filter { !["ok", "invalid_code"].contains($0) })")
        // The retry would answer a deadlock too, so the answers alone can't show the lock order
        // works: with it, a verify and a resend from one network take their locks in one order,
        // and PostgreSQL ends none of them (the count doesn't depend on timing, only on that order).
        #expect(repository.conflictRetries.value == 0, "transactions run again after a deadlock")
        await fixture.close()
    }

    @Test("20 rounds of an account deletion racing a verify of the same address from another device: every deletion succeeds and none runs again, since both lock the address's codes before the user's row (attack s13, B1)",
          .enabled(if: TestBackend.available.contains(.postgres)))
    func deletionBesideVerify() async throws {
        let configuration = SignInConfiguration(guessesPerHour: 10_000, networkGuessesPerHour: 10_000, liveCodesPerAddress: 8, resendInterval: 0,
                                                networkSendsPerHour: 10_000, sendsPerHour: 10_000, clientSends: 0, clientVerifies: 0)
        let fixture = try await SignInFixture.make(.postgres, configuration: configuration)
        let repository = try #require(fixture.components.signInRepository as? SQLSignInRepository)
        var deletions: [String] = []
        var verifies: [String] = []
        for _ in 0..<20 {
            let phone = try await fixture.signIn(Self.email, device: "phone")
            _ = try await fixture.service.sendCode(app: "notes", email: Self.email, client: "192.0.2.1")
            let code = try #require(try await fixture.code(for: Self.email))
            async let deletion = SignInFixture.outcome { try await fixture.service.deleteAccount(app: "notes", token: phone.token, deviceID: "phone") }
            async let verify = Self.verify(fixture, code, from: "192.0.2.1", device: "tablet")
            (deletions, verifies) = (deletions + [await deletion], verifies + [await verify])
        }
        #expect(deletions.allSatisfy { $0 == "ok" }, "\(deletions)")
        // A verify before the deletion signs in (and is erased with the account); one after it finds its code gone.
        #expect(verifies.allSatisfy { ["ok", "invalid_code"].contains($0) }, "\(verifies)")
        // The retry would hide a deadlock from the answers; the lock order is what keeps the count at 0.
        #expect(repository.conflictRetries.value == 0, "transactions run again after a deadlock")
        await fixture.close()
    }

    private static func verify(_ fixture: SignInFixture, _ code: String, from client: String, device: String = "d") async -> String {
        await SignInFixture.outcome { _ = try await fixture.service.verifyCode(app: "notes", email: email, code: code, deviceID: device, client: client) }
    }
}
