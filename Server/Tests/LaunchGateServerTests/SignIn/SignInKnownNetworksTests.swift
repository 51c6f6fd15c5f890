import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The re-attack of issue 27's item 3 (F3): with 7 /24s an attacker spent an address's 20 sends an
/// hour, so its owner's next send waited an hour, and with 4 filled its live codes. A network's
/// first send in an hour now skips both caps (``CodeRoom``), and a network the address signed in
/// from within 30 days skips them on every send (``KnownNetworks``).
@Suite("Known networks: an address's own network sends and signs in whatever strangers spent of its caps, on memory, SQLite and PostgreSQL")
struct SignInKnownNetworksTests {
    private static let owner = "192.0.2.10"
    private static let email = "ada@example.com"

    private static func send(_ fixture: SignInFixture, from client: String) async -> String {
        await SignInFixture.outcome { _ = try await fixture.service.sendCode(app: "notes", email: email, client: client) }
    }

    private static func verify(_ fixture: SignInFixture, _ code: String, from client: String) async -> String {
        await SignInFixture.outcome { _ = try await fixture.service.verifyCode(app: "notes", email: email, code: code, deviceID: "d", client: client) }
    }

    /// F3 as it must be now, from 10 /24s: their first sends, which the caps don't count, then 5
    /// rounds of 4 second and third sends, 601 s apart so each round's codes have died, spend the
    /// address's 20 sends in 50 minutes (3 a network at most), and the last round's 4 codes fill
    /// its live codes.
    private static func spendSends(_ fixture: SignInFixture, send: (String) async -> String) async {
        for network in 0..<10 { #expect(await send("203.0.\(network).7") == "ok", "first send from network \(network)") }
        for round in 0..<5 {
            fixture.clock.advance(by: 601)
            for slot in 0..<4 {
                let answer = await send("203.0.\((round * 4 + slot) % 10).7")
                #expect(answer == "ok", "round \(round), send \(slot): \(answer)")
            }
        }
        fixture.clock.advance(by: 30)
    }

    // MARK: Tests

    @Test("after 10 other /24s spent an address's 20 sends and 4 filled its live codes, a new network's first send and the owner's second from V last week are sent",
          arguments: TestBackend.available)
    func returningOwner(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.signIn(Self.email, client: Self.owner)
        fixture.clock.advance(by: 7 * 86_400)
        await Self.spendSends(fixture) { await Self.send(fixture, from: $0) }
        #expect(await Self.send(fixture, from: "198.51.100.7") == "ok", "a first send is never held off (goal A)")
        fixture.clock.advance(by: 61)
        #expect(await Self.send(fixture, from: "198.51.100.7") == "rate_limited", "a stranger's second send is")
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        fixture.clock.advance(by: 61)
        #expect(await Self.send(fixture, from: Self.owner) == "ok", "V's second skips the address's send cap and its live codes' cap")
        let code = try #require(try await fixture.code(for: Self.email))
        #expect(await Self.verify(fixture, code, from: Self.owner) == "ok")
        await fixture.close()
    }

    @Test("30 days after its last sign-in V is unknown again: the attack holds off its second send, and the sweep forgets it", arguments: TestBackend.available)
    func forgotten(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.signIn(Self.email, client: Self.owner)
        let network = SignInNetwork.of(Self.owner)
        fixture.clock.advance(by: 30 * 86_400 - 2000)
        #expect(try await fixture.service.repository.isKnownNetwork(appID: "notes", email: Self.email, network: network, at: fixture.clock.date))
        await Self.spendSends(fixture) { await Self.send(fixture, from: $0) }
        #expect(await Self.send(fixture, from: Self.owner) == "ok", "a first send")
        fixture.clock.advance(by: 61)
        #expect(await Self.send(fixture, from: Self.owner) == "rate_limited", "30 days and an hour after its sign-in, V is a stranger")
        #expect(try await !fixture.service.repository.isKnownNetwork(appID: "notes", email: Self.email, network: network, at: fixture.clock.date))
        let repository = fixture.service.repository
        _ = try await repository.sweep(eventsBefore: fixture.clock.date, recordsBefore: fixture.clock.date, at: fixture.clock.date)
        #expect(try await !repository.isKnownNetwork(appID: "notes", email: Self.email, network: network,
                                                      at: fixture.clock.date.addingTimeInterval(-86_400)),
                "swept: not known even as of a day before")
        await fixture.close()
    }

    @Test("an address keeps its 8 most recent networks: a sign-in from a ninth forgets the one that signed in longest ago",
          arguments: TestBackend.available)
    func keepsEight(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        for network in 1...9 {
            fixture.clock.advance(by: 61)
            _ = try await fixture.signIn(Self.email, client: "203.0.\(network).7")
        }
        var known: [Int] = []
        for network in 1...9 where try await fixture.service.repository.isKnownNetwork(
            appID: "notes", email: Self.email, network: SignInNetwork.of("203.0.\(network).7"), at: fixture.clock.date) {
            known.append(network)
        }
        #expect(known == Array(2...9))
        await fixture.close()
    }

    @Test("a known network's guess at another network's code skips the address's guess cap that strangers spent", arguments: TestBackend.available)
    func knownGuesses(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientVerifies: 0))
        _ = try await fixture.signIn(Self.email, client: Self.owner)
        fixture.clock.advance(by: 86_400)
        // The owner asks from a phone on a network the address never used; strangers then spend the address's guesses.
        #expect(await Self.send(fixture, from: "198.51.100.7") == "ok")
        let code = try #require(try await fixture.code(for: Self.email))
        for network in 1...6 {
            for _ in 1...5 { _ = await Self.verify(fixture, SignInFixture.wrong(code), from: "203.0.\(network).7") }
        }
        #expect(await Self.verify(fixture, SignInFixture.wrong(code), from: "203.0.99.7") == "rate_limited", "strangers spent the address's guesses")
        #expect(await Self.verify(fixture, code, from: Self.owner) == "ok", "typed on the owner's known network (Wi-Fi at home), the code signs in")
        await fixture.close()
    }

    @Test("after 10 other /24s spent an operator address's 20 sends and 4 filled its live codes, a new network's first send is sent, and the operator's known network sends and signs in",
          arguments: TestBackend.available)
    func operatorReturns(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.components.operators.add(email: Self.email, scope: .publish)
        let flow = fixture.components.operatorSignIn
        func send(_ client: String) async -> String { await SignInFixture.outcome { _ = try await flow.sendCode(email: Self.email, client: client) } }
        func code() async throws -> String { try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID)) }
        #expect(await send(Self.owner) == "ok")
        _ = try await flow.verifyCode(email: Self.email, code: try await code(), client: Self.owner)
        fixture.clock.advance(by: 7 * 86_400)
        await Self.spendSends(fixture, send: send)
        #expect(await send("198.51.100.7") == "ok", "a first send is never held off (goal A)")
        fixture.clock.advance(by: 61)
        #expect(await send("198.51.100.7") == "rate_limited", "a stranger's second send is")
        #expect(await send(Self.owner) == "ok")
        _ = try await flow.verifyCode(email: Self.email, code: try await code(), client: Self.owner)
        await fixture.close()
    }

    @Test("an operator's known network signs in again with no other send to the address in the code's lifetime", arguments: TestBackend.available)
    func operatorReturnsAlone(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.components.operators.add(email: Self.email, scope: .publish)
        let flow = fixture.components.operatorSignIn
        func code() async throws -> String { try #require(try await fixture.code(for: Self.email, app: OperatorSignIn.appID)) }
        for day in 0..<2 {
            fixture.clock.advance(by: Double(day) * 7 * 86_400)
            try await flow.sendCode(email: Self.email, client: Self.owner)
            // The second week's send is from a known network, which skips the address's cap on sends: its verify once found no send.
            let signedIn = await SignInFixture.outcome { _ = try await flow.verifyCode(email: Self.email, code: try await code(), client: Self.owner) }
            #expect(signedIn == "ok", "week \(day)")
        }
        await fixture.close()
    }
}
