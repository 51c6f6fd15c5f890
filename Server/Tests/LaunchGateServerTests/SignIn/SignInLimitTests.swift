import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Sign-in limits: guesses per hour, lockout, sends per address and per client, on every backend")
struct SignInLimitTests {
    /// What a verify with a wrong code answered: the code, or "ok".
    // MARK: Tests

    @Test("no address's codes are compared with more than 25 guesses an hour from networks without a code of their own, and the cap refills as the hour slides, whatever the mix of sends and bursts")
    func guessesPerHour() async throws {
        // Per-client caps off: the attacker here has as many addresses as it likes.
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(clientSends: 0, clientVerifies: 0))
        var guesses: [Date] = []
        var longUntil = Date.distantPast
        // Three hours of an attacker that asks for a new code whenever it may, from a new /24 each time, and guesses between
        // sends in bursts of different sizes from others. Its first sends fill the short codes' room, so most of its codes are
        // long; guesses of 9 digits are compared with long codes alone, outside the room (ShortCodeRoom, whose own tests count
        // comparisons at short codes), so what bounds them here is the address's 25 an hour.
        for step in 0..<180 {
            var length = 0
            _ = await SignInFixture.outcome {
                length = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "198.51.\(step % 200).1").codeLength
            }
            // Nobody spends a try of these codes, so one stays live its whole lifetime.
            if length == 9 { longUntil = fixture.clock.date.addingTimeInterval(600) }
            for _ in 0..<(step % 7) {
                let answer = await SignInFixture.outcome {
                    _ = try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: "000000000", deviceID: "d",
                                                             client: "203.0.\(step % 250).1")
                }
                // A guess is one compared with a live code; with none of its length there is nothing to guess, and nothing is counted.
                if answer == "invalid_code", fixture.clock.date < longUntil { guesses.append(fixture.clock.date) }
                #expect(["invalid_code", "rate_limited"].contains(answer), "\(answer)")
            }
            fixture.clock.advance(by: 61)
        }
        let most = guesses.map { start in guesses.filter { $0 >= start && $0.timeIntervalSince(start) < 3600 }.count }.max() ?? 0
        #expect(most == 25, "the most guesses in any hour")
        #expect(guesses.count >= 60, "the cap comes back as the hour slides: \(guesses.count) guesses in 3 hours")
    }

    @Test("100 failures in a row lock the address for an hour, with the same answer whether or not it has an account")
    func lockout() async throws {
        // 100 tries a code: a failure is a guess compared with a code, and a dead code is compared with nothing (review s9b, K4).
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(attemptsPerCode: 100, guessesPerHour: 1_000,
                                                                                      networkGuessesPerHour: 1_000, clientVerifies: 0))
        _ = try await fixture.signIn("known@example.com")
        var answers: [String: SignInServiceError] = [:]
        fixture.clock.advance(by: 61)
        for email in ["known@example.com", "unknown@example.com"] {
            // Failures count while a code is live: with none there is nothing to guess.
            _ = try await fixture.service.sendCode(app: "notes", email: email, client: "c")
            for attempt in 0..<100 {
                let answer = await SignInFixture.outcome {
                    _ = try await fixture.service.verifyCode(app: "notes", email: email, code: "000000", deviceID: "d", client: "c")
                }
                #expect(answer == "invalid_code", "\(email) attempt \(attempt)")
            }
            let error = await #expect(throws: SignInServiceError.self) {
                try await fixture.service.verifyCode(app: "notes", email: email, code: "000000", deviceID: "d", client: "c")
            }
            answers[email] = error
            let send = await #expect(throws: SignInServiceError.self) {
                try await fixture.service.sendCode(app: "notes", email: email, client: "c")
            }
            #expect(send == error, "sends are locked too")
        }
        #expect(answers["known@example.com"] == answers["unknown@example.com"])
        #expect(answers["known@example.com"] == .locked(retryAfter: 3600))
        #expect(answers["known@example.com"]?.message.contains("60 minutes") == true)

        fixture.clock.advance(by: 3600)
        #expect(try await fixture.signIn("known@example.com").completion.user.email == "known@example.com", "the lock ends after the hour")
    }

    @Test("Retry-After is whole seconds of the real wait: a stored time's millisecond rounding never adds one, and it is never 0")
    func retryAfterSeconds() {
        #expect(SignInService.seconds(60.0004) == 60)
        #expect(SignInService.seconds(60.001) == 61)
        #expect(SignInService.seconds(59.2) == 60)
        #expect(SignInService.seconds(0.0002) == 1)
        #expect(SignInService.seconds(-3) == 1)
    }

    @Test("a success starts the failure count again")
    func successResets() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(guessesPerHour: 1_000, networkGuessesPerHour: 1_000,
                                                                                      lockoutFailures: 3, clientVerifies: 0))
        for _ in 0..<2 {
            _ = try? await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: "000000", deviceID: "d", client: "c")
        }
        _ = try await fixture.signIn("ada@example.com")
        for _ in 0..<2 {
            _ = try? await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: "000000", deviceID: "d", client: "c")
        }
        #expect(try await fixture.components.signInRepository.addressState(appID: "notes", email: "ada@example.com", network: "c").lockedUntil == nil)
    }

    @Test("one send to an address per network per 60 s and three per hour, with the wait in Retry-After")
    func sendsPerNetwork() async throws {
        let fixture = try await SignInFixture.make()
        let send = { try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.\(Int.random(in: 1...250))") }
        _ = try await send()
        fixture.clock.advance(by: 45)
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 15)) { try await send() }
        fixture.clock.advance(by: 15)
        for _ in 0..<2 {
            _ = try await send()
            fixture.clock.advance(by: 60)
        }
        // Three sends from the /24 at 0, 60 and 120 s: the fourth waits for the first to leave the hour.
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 3600 - 180)) { try await send() }
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.3.1")
        _ = try await fixture.service.sendCode(app: "notes", email: "bob@example.com", client: "192.0.2.1")
        _ = try await fixture.service.sendCode(app: "todo", email: "ada@example.com", client: "192.0.2.1")
    }

    @Test("each client address has its own caps on sends and on verifies per window")
    func perClient() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(clientWindow: 300, clientSends: 3, clientVerifies: 2))
        for index in 0..<3 { _ = try await fixture.service.sendCode(app: "notes", email: "u\(index)@example.com", client: "203.0.113.1") }
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 300)) {
            try await fixture.service.sendCode(app: "notes", email: "u9@example.com", client: "203.0.113.1")
        }
        _ = try await fixture.service.sendCode(app: "notes", email: "u9@example.com", client: "203.0.113.2")
        for index in 0..<2 {
            _ = try? await fixture.service.verifyCode(app: "notes", email: "u\(index)@example.com", code: "000000", deviceID: "d", client: "203.0.113.1")
        }
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 300)) {
            try await fixture.service.verifyCode(app: "notes", email: "u2@example.com", code: "000000", deviceID: "d", client: "203.0.113.1")
        }
        fixture.clock.advance(by: 300)
        _ = try await fixture.service.sendCode(app: "notes", email: "u8@example.com", client: "203.0.113.1")
    }

    @Test("sends refused by the resend interval spend nothing of the client's cap: a send and 30 quick resends leave its send to a new address open",
          arguments: TestBackend.available)
    func refusedResendsSpendNoClientCap(backend: TestBackend) async throws {
        // Attack s11, A7: a retry loop behind one NAT address once shut it out for the window.
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientWindow: 300, clientSends: 30))
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "203.0.113.1")
        for _ in 0..<30 {
            fixture.clock.advance(by: 1)
            await #expect(throws: SignInServiceError.self) {
                try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "203.0.113.1")
            }
        }
        _ = try await fixture.service.sendCode(app: "notes", email: "bob@example.com", client: "203.0.113.1")
        await fixture.close()
    }

    @Test("per-address and per-client limits hold across two instances on one database", arguments: TestBackend.sql)
    func twoInstances(backend: TestBackend) async throws {
        try await backend.withFreshLocation { location in
            let configuration = SignInConfiguration(clientSends: 2)
            let first = try await SignInFixture.make(configuration: configuration, location: location)
            let second = try await SignInFixture.make(configuration: configuration, location: location)
            second.clock.set(first.clock.date)
            _ = try await first.service.sendCode(app: "notes", email: "ada@example.com", client: "203.0.113.1")
            await #expect(throws: SignInServiceError.rateLimited(retryAfter: 60)) {
                try await second.service.sendCode(app: "notes", email: "ada@example.com", client: "203.0.113.9")
            }
            _ = try await second.service.sendCode(app: "notes", email: "bob@example.com", client: "203.0.113.1")
            await #expect(throws: SignInServiceError.rateLimited(retryAfter: 300)) {
                try await first.service.sendCode(app: "notes", email: "cy@example.com", client: "203.0.113.1")
            }
            // A code sent through one instance is checked by the other (one HMAC key for both).
            let code = try #require(try await first.code(for: "ada@example.com"))
            #expect(try await second.service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "c")
                .completion.isNewUser)
            await first.close()
            await second.close()
        }
    }

    @Test("send-code answers a known and an unknown address alike, apart from the address")
    func noEnumeration() async throws {
        let fixture = try await SignInFixture.make()
        _ = try await fixture.signIn("known@example.com")
        fixture.clock.advance(by: 120)
        var known = try await fixture.service.sendCode(app: "notes", email: "known@example.com", client: "c")
        let unknown = try await fixture.service.sendCode(app: "notes", email: "unknown@example.com", client: "c")
        known.email = unknown.email
        #expect(known == unknown)
        // Both get mail: an unknown address becomes an account with its first correct code.
        #expect(try await fixture.code(for: "known@example.com") != nil)
        #expect(try await fixture.code(for: "unknown@example.com") != nil)
    }

    @Test("after a permanent delivery failure the next send says so, once")
    func deliveryFailure() async throws {
        let fixture = try await SignInFixture.make()
        _ = try await fixture.service.sendCode(app: "notes", email: "gone@example.com", client: "c")
        let mail = try await fixture.components.signInRepository.claimDueMail(at: fixture.clock.date, lease: 60, limit: 10)
        try await fixture.components.signInRepository.finishMail(id: try #require(mail.first?.id), state: .failed,
                                                                 error: "550 5.1.1 no such mailbox", at: fixture.clock.date)
        fixture.clock.advance(by: 60)
        await #expect(throws: SignInServiceError.deliveryFailed) {
            try await fixture.service.sendCode(app: "notes", email: "gone@example.com", client: "c")
        }
        _ = try await fixture.service.sendCode(app: "notes", email: "gone@example.com", client: "c")
    }
}
