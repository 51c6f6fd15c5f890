import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// What the re-test of issue 27's item 3 found (M1), as the owner of an address sees it: a send
/// from another /24 replaced the owner's code, 5 wrong guesses from anywhere burned it, and 100
/// failures from anyone locked everyone out. Goal: an attacker without the owner's network or
/// device can't stop the owner signing in within 5 minutes of asking.
@Suite("Sign-in codes per network: another network's sends, guesses and failures leave the owner's code working")
struct SignInCodesPerNetworkServiceTests {
    private static let owner = "192.0.2.10"
    private static let email = "ada@example.com"

    private static func verify(_ fixture: SignInFixture, _ code: String, from client: String) async -> String {
        await SignInFixture.outcome { _ = try await fixture.service.verifyCode(app: "notes", email: email, code: code, deviceID: "d", client: client) }
    }

    private static func send(_ fixture: SignInFixture, from client: String) async -> String {
        await SignInFixture.outcome { _ = try await fixture.service.sendCode(app: "notes", email: email, client: client) }
    }

    @Test("sends from three other networks, each a minute apart, leave the owner's mailed code working")
    func sendsDontReplace() async throws {
        let fixture = try await SignInFixture.make()
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        let code = try #require(try await fixture.code(for: Self.email))
        for network in 1...3 {
            fixture.clock.advance(by: 61)
            #expect(await Self.send(fixture, from: "203.0.\(network).7") == "ok")
        }
        #expect(await Self.verify(fixture, code, from: Self.owner) == "ok")
        await fixture.close()
    }

    @Test("with the address's 4 live codes live, a fifth network's first send gets a code of its own, a repeat is refused, and the owner's code is never taken")
    func fullAddress() async throws {
        let fixture = try await SignInFixture.make()
        // 203.0.9.0/24's code died before the others came: its next send is its second in the hour.
        #expect(await Self.send(fixture, from: "203.0.9.7") == "ok")
        fixture.clock.advance(by: 601)
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        let code = try #require(try await fixture.code(for: Self.email))
        for network in 1...3 { #expect(await Self.send(fixture, from: "203.0.\(network).7") == "ok") }
        fixture.clock.advance(by: 540)
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 60), "4 live codes: room when the oldest dies, at 10 minutes") {
            try await fixture.service.sendCode(app: "notes", email: Self.email, client: "203.0.9.7")
        }
        #expect(await Self.send(fixture, from: "203.0.4.7") == "ok", "a first send is never held off (goal A)")
        let newcomer = try #require(try await fixture.code(for: Self.email))
        #expect(await Self.verify(fixture, newcomer, from: "203.0.4.7") == "ok")
        #expect(await Self.verify(fixture, code, from: Self.owner) == "ok", "the owner's code works for its lifetime, whoever sends")
        await fixture.close()
    }

    @Test("wrong guesses from 4 other networks fill the room the owner's code's 5 tries leave (20 of 25), and the owner's own code still signs in")
    func guessesDontBurn() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(clientVerifies: 0))
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        let code = try #require(try await fixture.code(for: Self.email))
        var answers: [String] = []
        for network in 1...6 {
            for _ in 1...5 { answers.append(await Self.verify(fixture, "000000", from: "203.0.\(network).7")) }
        }
        #expect(answers.prefix(20).allSatisfy { $0 == "invalid_code" } && answers.suffix(10).allSatisfy { $0 == "rate_limited" },
                "20 comparisons an hour at the owner's short code from networks without a code: \(answers)")
        #expect(await Self.verify(fixture, code, from: Self.owner) == "ok", "the owner's try is its own code's, not the cap's")
        await fixture.close()
    }

    @Test("a phone that changed network since asking signs in with its code from the new one")
    func changedNetwork() async throws {
        let fixture = try await SignInFixture.make()
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        let code = try #require(try await fixture.code(for: Self.email))
        fixture.clock.advance(by: 30)
        #expect(await Self.send(fixture, from: "203.0.113.7") == "ok")
        #expect(await Self.verify(fixture, code, from: "198.51.100.20") == "ok")
        await fixture.close()
    }

    @Test("a network's own wrong guesses spend its own code's 5 tries, and a new code from it has 5 more")
    func ownTries() async throws {
        let fixture = try await SignInFixture.make()
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        let first = try #require(try await fixture.code(for: Self.email))
        for _ in 1...5 { #expect(await Self.verify(fixture, "000000", from: Self.owner) == "invalid_code") }
        #expect(await Self.verify(fixture, first, from: Self.owner) == "invalid_code", "5 tries per code")
        fixture.clock.advance(by: 61)
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        let second = try #require(try await fixture.code(for: Self.email))
        for _ in 1...4 { #expect(await Self.verify(fixture, "000000", from: Self.owner) == "invalid_code") }
        #expect(await Self.verify(fixture, second, from: Self.owner) == "ok", "the network's share was not spent on its own code")
        await fixture.close()
    }

    @Test("the lock after so many failures locks the network that failed, not the owner's")
    func lockPerNetwork() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(networkGuessesPerHour: 100, lockoutFailures: 5,
                                                                                      clientVerifies: 0))
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        let code = try #require(try await fixture.code(for: Self.email))
        var answers: [String] = []
        for _ in 1...6 { answers.append(await Self.verify(fixture, "000000", from: "203.0.113.7")) }
        #expect(answers.last == "locked", "\(answers)")
        #expect(await Self.send(fixture, from: "203.0.113.7") == "locked")
        #expect(await Self.verify(fixture, code, from: Self.owner) == "ok")
        await fixture.close()
    }

    // MARK: Console operators

    @Test("the console's operator sign-in: another network's sends and a full guess cap leave the operator's code working")
    func operators() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(clientVerifies: 0))
        _ = try await fixture.components.operators.add(email: "ops@example.com", scope: .publish)
        let flow = fixture.components.operatorSignIn
        try await flow.sendCode(email: "ops@example.com", client: Self.owner)
        let code = try #require(try await fixture.code(for: "ops@example.com", app: OperatorSignIn.appID))
        fixture.clock.advance(by: 61)
        try await flow.sendCode(email: "ops@example.com", client: "203.0.113.7")
        for network in 1...6 {
            for _ in 1...5 { _ = await SignInFixture.outcome { _ = try await flow.verifyCode(email: "ops@example.com", code: "000000", client: "198.51.\(network).7") } }
        }
        #expect(try await flow.verifyCode(email: "ops@example.com", code: code, client: Self.owner).email == "ops@example.com")
        await fixture.close()
    }
}
