import Foundation
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Operators' room for short codes: the console's sign-in counts comparisons as /v1 does, past the room codes are 9 digits")
struct OperatorShortCodeRoomTests {
    static let email = "ada@example.com"
    /// Three /24s the address doesn't know, and one that only guesses.
    static let first = "192.0.2.9"
    static let second = "198.51.100.9"
    static let third = "203.0.113.9"
    static let guesser = "192.0.3.9"

    /// A fixture with one operator, ada@example.com.
    private func fixture(_ backend: TestBackend) async throws -> SignInFixture {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.components.operators.add(email: Self.email, scope: .publish)
        return fixture
    }

    /// Asks for a code and waits until its mail is queued (each code's work runs after the answer,
    /// so two sends' work would otherwise race, and an older one could replace a newer code).
    /// - Returns: The digits the answer named.
    @discardableResult
    private func send(_ fixture: SignInFixture, _ client: String, email: String = Self.email) async throws -> Int {
        let sent = try await fixture.components.operatorSignIn.sendCode(email: email, client: client)
        await fixture.components.operatorSignIn.sends.idle()
        return sent.codeLength
    }

    /// Spends the address's room from two /24s, as review S1's attack: 5 sends, 5 short codes' tries
    /// each. - Returns: The lengths the sends named.
    private func fillRoom(_ fixture: SignInFixture, email: String = Self.email) async throws -> [Int] {
        var lengths: [Int] = []
        for round in 0..<3 {
            if round > 0 { fixture.clock.advance(by: 61) }
            lengths.append(try await send(fixture, Self.first, email: email))
            if round < 2 { lengths.append(try await send(fixture, Self.second, email: email)) }
        }
        return lengths
    }

    private func verify(_ fixture: SignInFixture, _ code: String, from client: String) async -> String {
        await SignInFixture.outcome { _ = try await fixture.components.operatorSignIn.verifyCode(email: Self.email, code: code, client: client) }
    }

    @Test("past the room an operator's next code is 9 digits, the answer says so as it does for a stranger, and it signs in",
          arguments: TestBackend.available)
    func longPastTheRoom(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend)
        #expect(try await fillRoom(fixture) == [6, 6, 6, 6, 6])
        // A second later, so its mail is the newest.
        fixture.clock.advance(by: 1)
        #expect(try await send(fixture, Self.third) == 9)
        let code = try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID))
        #expect(code.count == 9)
        #expect(await verify(fixture, code, from: Self.third) == "ok")
        #expect(try await fillRoom(fixture, email: "eve@example.com") + [try await send(fixture, Self.third, email: "eve@example.com")]
                == [6, 6, 6, 6, 6, 9], "a stranger's answers name the same lengths")
        await fixture.close()
    }

    @Test("past the room a guess at short codes from a network without its own code is refused, and from one with a code misses",
          arguments: TestBackend.available)
    func crossGuessesPastTheRoom(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend)
        _ = try await fillRoom(fixture)
        // The first network's newest code is live and right, but the room holds no comparison with it.
        let right = try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID))
        #expect(await verify(fixture, right, from: Self.guesser) == "rate_limited")
        #expect(try await send(fixture, Self.third) == 9)
        #expect(await verify(fixture, right, from: Self.third) == "invalid_code", "its own code is long; others' short ones are past the room")
        #expect(await verify(fixture, right, from: Self.first) == "ok", "the code was right all along, from its own network")
        await fixture.close()
    }

    @Test("past the room 6 /24s' first sends give an operator 6 long codes; a long guess from a seventh is compared with the newest 4 (attack s11, A2)",
          arguments: TestBackend.available)
    func longGuessMeetsNewestFour(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend)
        _ = try await fillRoom(fixture)
        var codes: [String] = []
        for network in 1...6 {
            fixture.clock.advance(by: 1)
            #expect(try await send(fixture, "10.0.\(network).9") == 9)
            codes.append(try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID)))
        }
        #expect(await verify(fixture, codes[0], from: Self.guesser) == "invalid_code", "the oldest long code is not among the newest 4")
        #expect(await verify(fixture, codes[1], from: Self.guesser) == "invalid_code", "nor the fifth newest (review s11, V6)")
        #expect(await verify(fixture, codes[2], from: Self.guesser) == "ok", "the fourth newest is")
        await fixture.close()
    }

    @Test("a guess from a network without its own code pays the room for every live code an address may hold, operator's or not",
          arguments: TestBackend.available)
    func crossGuessesPay(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend)
        var answers: [String: [String]] = [:]
        for email in [Self.email, "eve@example.com"] {
            try await send(fixture, Self.first, email: email)
            // 5 tries paid; 5 guesses from elsewhere pay 4 each, 25 in all; a sixth doesn't fit.
            for guesser in ["192.0.3.1", "192.0.4.1", "192.0.5.1", "192.0.6.1", "192.0.7.1", "192.0.8.1"] {
                let guessed = await SignInFixture.outcome {
                    _ = try await fixture.components.operatorSignIn.verifyCode(email: email, code: "000000", client: guesser)
                }
                answers[email, default: []].append(guessed)
            }
        }
        #expect(answers[Self.email] == ["invalid_code", "invalid_code", "invalid_code", "invalid_code", "invalid_code", "rate_limited"])
        #expect(answers[Self.email] == answers["eve@example.com"])
        await fixture.close()
    }

    @Test("with more live codes than the cap (first sends), a guess from elsewhere pays the same at an operator's address and a stranger's",
          arguments: TestBackend.available)
    func paysTheSameWhateverTheCodes(_ backend: TestBackend) async throws {
        // Review s10, R1: with 2 live codes a cap, 3 first sends left 3 codes at the operator's address
        // and none at a stranger's; a guess paid one a code past 2, so the operator's room ran out first.
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(liveCodesPerAddress: 2))
        _ = try await fixture.components.operators.add(email: Self.email, scope: .publish)
        var answers: [String: [String]] = [:]
        for email in [Self.email, "eve@example.com"] {
            for sender in ["192.0.10.1", "192.0.11.1", "192.0.12.1"] { try await send(fixture, sender, email: email) }
            for guesser in 0..<7 {
                answers[email, default: []].append(await SignInFixture.outcome {
                    _ = try await fixture.components.operatorSignIn.verifyCode(email: email, code: "000000", client: "192.0.\(20 + guesser).1")
                })
            }
        }
        // 3 sends paid 15 of 25; 2 a guess fit 5 times.
        #expect(answers[Self.email] == Array(repeating: "invalid_code", count: 5) + ["rate_limited", "rate_limited"])
        #expect(answers[Self.email] == answers["eve@example.com"])
        await fixture.close()
    }

    @Test("the operator's own short code keeps its 5 tries past the room: they were paid when it was sent",
          arguments: TestBackend.available)
    func ownCodeKeepsTries(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend)
        _ = try await fillRoom(fixture)
        let code = try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID))
        // The newest mail is the first network's third code, sent as the room filled.
        for _ in 0..<4 { #expect(await verify(fixture, SignInFixture.wrong(code), from: Self.first) == "invalid_code") }
        #expect(await verify(fixture, code, from: Self.first) == "ok")
        await fixture.close()
    }

    @Test("the console's code form's shape check takes 6 or 9 digits and says so")
    func shape() async throws {
        let fixture = try await fixture(.memory)
        for typed in ["12345", "1234567", "12345678", "1234567890"] {
            #expect(await verify(fixture, typed, from: Self.first) == "invalid_code")
            await #expect(throws: SignInServiceError.invalidCodeShape(length: 6, orLong: 9)) {
                try await fixture.components.operatorSignIn.verifyCode(email: Self.email, code: typed, client: Self.first)
            }
        }
        #expect(SignInServiceError.invalidCodeShape(length: 6, orLong: 9).message == "The code is 6 or 9 digits, as in the email.")
        await fixture.close()
    }
}

extension OperatorShortCodeRoomTests {
    @Test("an operator's known network signs in with its own code when no other network sent within a code's lifetime",
          arguments: TestBackend.available)
    func knownNetworkAlone(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend)
        try await send(fixture, Self.first)
        #expect(await verify(fixture, try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID)), from: Self.first) == "ok")
        fixture.clock.advance(by: 3600)
        #expect(try await send(fixture, Self.first) == 6, "a known network pays no room")
        #expect(await verify(fixture, try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID)), from: Self.first) == "ok")
        await fixture.close()
    }

    @Test("short guesses the spent room refuses leave the address's 25 unspent, from networks with their own code or without: the operator's 9-digit code typed on a sixth /24 signs in (attack s11, A4)",
          arguments: TestBackend.available, [false, true])
    func refusedGuessesSpendNoCap(_ backend: TestBackend, fromSenders: Bool) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientVerifies: 0))
        _ = try await fixture.components.operators.add(email: Self.email, scope: .publish)
        // 5 first sends pay the room's 25.
        for network in 1...5 { #expect(try await send(fixture, "203.0.\(network).7") == 6) }
        fixture.clock.advance(by: 1)
        // 5 /24s guess 5 times each: the senders (each on its own code's tries, then others' codes) or 5 others.
        for network in (fromSenders ? 1...5 : 11...15) {
            for turn in 0..<5 {
                let guess = String(repeating: String(turn % 2), count: 6)
                #expect(await verify(fixture, guess, from: "203.0.\(network).7") == (fromSenders ? "invalid_code" : "rate_limited"), "the room is spent")
            }
        }
        #expect(try await send(fixture, Self.third) == 9)
        let code = try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID))
        #expect(await verify(fixture, code, from: Self.guesser) == "ok", "typed on another network, within the address's 25")
        await fixture.close()
    }
}
