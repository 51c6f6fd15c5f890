import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Each network has its own share of an address's sends and guesses (issue 27, item 3): the
/// per-address limits counted everyone together, so 25 wrong codes from anyone made the owner's
/// right code `429 … 60 minutes`, and 4 sends from anyone made the owner's next send wait 3354 s.
@Suite("Sign-in budgets per network: one network can't spend an address's sends or guesses, on memory, SQLite and PostgreSQL")
struct SignInNetworkShareTests {
    private static let victim = "192.0.2.10"
    private static let attacker = "203.0.113.7"

    // MARK: App sign-in

    @Test("25 wrong codes from another network leave the owner's next code working", arguments: TestBackend.available)
    func guessesFromAnotherNetwork(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: Self.victim)
        var answers: [String] = []
        for index in 0..<25 {
            answers.append(await SignInFixture.outcome {
                _ = try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: "000000", deviceID: "evil",
                                                         client: "203.0.113.\(index % 250)")
            })
        }
        #expect(answers.filter { $0 == "rate_limited" }.count == 20, "one network has 5 guesses an hour at an address: \(answers)")
        fixture.clock.advance(by: 61)
        #expect(try await fixture.signIn("ada@example.com", client: Self.victim).completion.user.email == "ada@example.com")
        await fixture.close()
    }

    @Test("guesses compared with no code (the only one dead, or only codes of the other length) spend nothing: no network share, no address cap, no failure (review s9b, K4)",
          arguments: TestBackend.available)
    func guessesAtNothingSpendNothing(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientVerifies: 0))
        let (app, email) = ("notes", "ada@example.com")
        _ = try await fixture.service.sendCode(app: app, email: email, client: Self.victim)
        let code = try #require(try await fixture.code(for: email))
        let verify = { (code: String, client: String) in
            await SignInFixture.outcome { _ = try await fixture.service.verifyCode(app: app, email: email, code: code, deviceID: "d", client: client) }
        }
        // A 9-digit guess while the only live code is short.
        for _ in 0..<5 { #expect(await verify("000000000", Self.attacker) == "invalid_code") }
        // The owner's 5 misses kill its code; then 5 guesses from elsewhere at the dead code.
        for _ in 0..<5 { #expect(await verify(SignInFixture.wrong(code), Self.victim) == "invalid_code") }
        for _ in 0..<5 { #expect(await verify(code, Self.attacker) == "invalid_code") }
        let configuration = fixture.service.configuration
        let repository = fixture.components.signInRepository
        #expect(try await repository.lastEvent(key: configuration.addressGuessCharge(app: app, email: email).key) == nil, "the address's guess key")
        #expect(try await repository.lastEvent(key: configuration.networkGuessCharge(app: app, email: email, client: Self.attacker).key) == nil)
        #expect(try await repository.addressState(appID: app, email: email, network: SignInNetwork.of(Self.attacker)).failures == 0)
        await fixture.close()
    }

    @Test("4 sends from another network don't delay the owner's next send", arguments: TestBackend.available)
    func sendsFromAnotherNetwork(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: Self.victim)
        var answers: [String] = []
        for _ in 0..<4 {
            fixture.clock.advance(by: 61)
            answers.append(await SignInFixture.outcome { _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: Self.attacker) })
        }
        #expect(answers == ["ok", "ok", "ok", "rate_limited"], "one network has 3 sends an hour to an address")
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: Self.victim)
        await fixture.close()
    }

    @Test("an address gets 20 sends an hour besides each network's first, which is never refused; one network gets one per 60 s")
    func sendsPerAddress() async throws {
        // Room for more live codes than sends, so that the address's cap is what refuses (4 live codes refuse sooner).
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(liveCodesPerAddress: 30))
        let send = { (network: Int) in
            await SignInFixture.outcome { _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "198.51.\(network).1") }
        }
        #expect(await send(0) == "ok")
        fixture.clock.advance(by: 45)
        #expect(await send(0) == "rate_limited", "one send per network per 60 s")
        var answers: [String] = []
        for network in 1...10 { answers.append(await send(network)) }
        #expect(answers == Array(repeating: "ok", count: 10), "first sends")
        for round in 0..<2 {
            fixture.clock.advance(by: 61)
            answers = []
            for network in 0...10 { answers.append(await send(network)) }
            #expect(answers.filter { $0 == "ok" }.count == (round == 0 ? 11 : 9), "second and third sends: 20 in all")
        }
        #expect(await send(11) == "ok", "a network's first send, with the address's 20 spent")
        fixture.clock.advance(by: 61)
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 3600 - 122), "20 counted since 106 s") {
            try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "198.51.11.1")
        }
        _ = try await fixture.service.sendCode(app: "notes", email: "bob@example.com", client: "198.51.1.1")
    }

    @Test("a network is an IPv4 /24 or an IPv6 /48, from the client's limit key")
    func networks() {
        #expect(SignInNetwork.of("203.0.113.7") == "203.0.113.0/24")
        #expect(SignInNetwork.of("2001:db8:1:2::/64") == "2001:db8:1::/48")
        #expect(SignInNetwork.of("2001:db8:1:ffff::/64") == SignInNetwork.of("2001:db8:1:2::/64"))
        #expect(SignInNetwork.of("2001:db8:2:2::/64") != SignInNetwork.of("2001:db8:1:2::/64"))
        #expect(SignInNetwork.of("unknown") == "unknown")
    }

    // MARK: Console operators

    @Test("the console's operator sign-in: 25 wrong codes and 4 sends from another network leave the operator signing in",
          arguments: TestBackend.available)
    func operators(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.components.operators.add(email: "ops@example.com", scope: .publish)
        let flow = fixture.components.operatorSignIn
        try await flow.sendCode(email: "ops@example.com", client: Self.victim)
        var guesses: [String] = []
        for _ in 0..<25 {
            guesses.append(await SignInFixture.outcome { _ = try await flow.verifyCode(email: "ops@example.com", code: "000000", client: Self.attacker) })
        }
        #expect(guesses.filter { $0 == "rate_limited" }.count == 20, "\(guesses)")
        var sends: [String] = []
        for _ in 0..<4 {
            fixture.clock.advance(by: 61)
            sends.append(await SignInFixture.outcome { try await flow.sendCode(email: "ops@example.com", client: Self.attacker) })
        }
        #expect(sends == ["ok", "ok", "ok", "rate_limited"])
        fixture.clock.advance(by: 61)
        try await flow.sendCode(email: "ops@example.com", client: Self.victim)
        let code = try #require(try await fixture.code(for: "ops@example.com", app: OperatorSignIn.appID))
        #expect(try await flow.verifyCode(email: "ops@example.com", code: code, client: Self.victim).email == "ops@example.com")
        await fixture.close()
    }
}
