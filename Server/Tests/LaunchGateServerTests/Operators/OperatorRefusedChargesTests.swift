import Foundation
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The console's operator sign-in charges its limits all or none, as the app's paths do: a request
/// one limit refuses spends no other, and stores no row for its network (attack s12, B6 and C4:
/// once an address's cap was spent, each refused guess from a new /24 stored that /24's share).
@Suite("The console's sign-in: a request one limit refuses spends none of the others, on memory, SQLite and PostgreSQL")
struct OperatorRefusedChargesTests {
    static let email = "ada@example.com"

    private func verify(_ fixture: SignInFixture, _ code: String, from client: String) async -> String {
        await SignInFixture.outcome { _ = try await fixture.components.operatorSignIn.verifyCode(email: Self.email, code: code, client: client) }
    }

    @Test("once the address's 25 guesses are spent, long guesses from new /24s are refused and store no share of their network",
          arguments: TestBackend.available)
    func capRefusalStoresNoShare(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientVerifies: 0))
        _ = try await fixture.components.operators.add(email: Self.email, scope: .publish)
        // 5 first sends pay the room's 25; a sixth /24's code is long, and long guesses pay no room.
        for network in 1...6 {
            _ = try await fixture.components.operatorSignIn.sendCode(email: Self.email, client: "203.0.\(network).7")
            await fixture.components.operatorSignIn.sends.idle()
        }
        fixture.clock.advance(by: 1)
        let wrong = String(repeating: "0", count: OperatorSignIn.longCodeLength)
        for network in 1...25 { #expect(await verify(fixture, wrong, from: "198.51.\(network).7") == "invalid_code") }
        let configuration = fixture.components.signIn.configuration
        for network in 26...30 {
            let client = "198.51.\(network).7"
            #expect(await verify(fixture, wrong, from: client) == "rate_limited", "the address's 25 are spent")
            let share = configuration.networkGuessCharge(app: OperatorSignIn.appID, email: Self.email, client: client)
            #expect(try await fixture.components.signInRepository.lastEvent(key: share.key) == nil, "no row for \(client)'s share")
        }
        await fixture.close()
    }

    @Test("a send the client's cap refuses spends nothing of its network's share at that address", arguments: TestBackend.available)
    func clientCapRefusalSpendsNoShare(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientSends: 1))
        let client = "192.0.2.9"
        _ = try await fixture.components.operatorSignIn.sendCode(email: "first@example.com", client: client)
        let refused = await SignInFixture.outcome { _ = try await fixture.components.operatorSignIn.sendCode(email: Self.email, client: client) }
        #expect(refused == "rate_limited", "the client's 1 send is spent")
        let share = fixture.components.signIn.configuration.networkSendCharge(app: OperatorSignIn.appID, email: Self.email, client: client)
        #expect(try await fixture.components.signInRepository.lastEvent(key: share.key) == nil, "its network's share at \(Self.email) is unspent")
        await fixture.close()
    }
}
