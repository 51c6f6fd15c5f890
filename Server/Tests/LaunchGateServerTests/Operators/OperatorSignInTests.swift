import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Operators' sign-in by emailed code: the app sign-in's codes, limits and outbox, and no account enumeration")
struct OperatorSignInTests {
    private let client = "192.0.2.9"

    /// A fixture with one operator, ada@example.com, of the given scope.
    private func fixture(_ backend: TestBackend = .memory, scope: TokenScope = .publish,
                         configuration: SignInConfiguration = SignInConfiguration()) async throws -> SignInFixture {
        let fixture = try await SignInFixture.make(backend, configuration: configuration)
        _ = try await fixture.components.operators.add(email: "Ada@Example.com", scope: scope)
        return fixture
    }

    private func mailCount(_ fixture: SignInFixture) async throws -> Int {
        await fixture.components.operatorSignIn.sends.idle()
        return try await fixture.components.signInRepository.outboxStatus().counts.values.reduce(0, +)
    }

    private func flow(_ fixture: SignInFixture) -> OperatorSignIn { fixture.components.operatorSignIn }

    // MARK: Tests

    @Test("a send to an operator queues a code; a send to anyone else answers the same and queues nothing", arguments: TestBackend.available)
    func sameAnswer(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend)
        #expect(try await flow(fixture).sendCode(email: " ADA@example.com ", client: client).email == "ada@example.com")
        #expect(try await fixture.code(for: "ada@example.com", app: OperatorSignIn.appID)?.count == 6)
        #expect(try await mailCount(fixture) == 1)
        #expect(try await flow(fixture).sendCode(email: "eve@example.com", client: client).email == "eve@example.com")
        #expect(try await mailCount(fixture) == 1, "no mail for an address that is no operator")
        #expect(try await fixture.code(for: "eve@example.com", app: OperatorSignIn.appID) == nil)
        await fixture.close()
    }

    @Test("a second send within the resend interval is refused alike for an operator and a stranger")
    func sameLimits() async throws {
        let fixture = try await fixture()
        for email in ["ada@example.com", "eve@example.com"] {
            try await flow(fixture).sendCode(email: email, client: client)
            await #expect(throws: SignInServiceError.rateLimited(retryAfter: 60)) {
                try await flow(fixture).sendCode(email: email, client: client)
            }
        }
        await fixture.close()
    }

    @Test("sends refused by the resend interval spend nothing of the client's cap: a send and 30 quick resends leave its send to another address open")
    func refusedResendsSpendNoClientCap() async throws {
        // Attack s11, A7, on the console's path: the client's charge came before the network's.
        let fixture = try await fixture(configuration: SignInConfiguration(clientWindow: 300, clientSends: 30))
        try await flow(fixture).sendCode(email: "ada@example.com", client: client)
        for _ in 0..<30 {
            fixture.clock.advance(by: 1)
            await #expect(throws: SignInServiceError.self) { try await flow(fixture).sendCode(email: "ada@example.com", client: client) }
        }
        try await flow(fixture).sendCode(email: "eve@example.com", client: client)
        await fixture.close()
    }

    @Test("the right code signs the operator in once; the same code again is refused", arguments: TestBackend.available)
    func singleUse(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend)
        try await flow(fixture).sendCode(email: "ada@example.com", client: client)
        let code = try #require(try await fixture.code(for: "ada@example.com", app: OperatorSignIn.appID))
        let signedIn = try await flow(fixture).verifyCode(email: "ADA@example.com", code: code, client: client)
        #expect(signedIn.email == "ada@example.com" && signedIn.scope == .publish)
        await #expect(throws: SignInServiceError.invalidCode) {
            try await flow(fixture).verifyCode(email: "ada@example.com", code: code, client: client)
        }
        #expect(try await fixture.components.signInRepository.users(appID: OperatorSignIn.appID, after: nil, limit: 10).isEmpty,
                "an operator is no app's user")
        await fixture.close()
    }

    @Test("a wrong code, an address that is no operator and a removed operator get the same refusal")
    func sameRefusal() async throws {
        let fixture = try await fixture()
        try await flow(fixture).sendCode(email: "ada@example.com", client: client)
        let code = try #require(try await fixture.code(for: "ada@example.com", app: OperatorSignIn.appID))
        await #expect(throws: SignInServiceError.invalidCode) {
            try await flow(fixture).verifyCode(email: "ada@example.com", code: SignInFixture.wrong(code), client: client)
        }
        await #expect(throws: SignInServiceError.invalidCode) {
            try await flow(fixture).verifyCode(email: "eve@example.com", code: code, client: client)
        }
        try await fixture.components.operators.remove(email: "ada@example.com")
        await #expect(throws: SignInServiceError.invalidCode) {
            try await flow(fixture).verifyCode(email: "ada@example.com", code: code, client: client)
        }
        await fixture.close()
    }

    @Test("a code stops working when its lifetime ends, by the injected clock")
    func expiry() async throws {
        let fixture = try await fixture()
        try await flow(fixture).sendCode(email: "ada@example.com", client: client)
        let code = try #require(try await fixture.code(for: "ada@example.com", app: OperatorSignIn.appID))
        fixture.clock.advance(by: 600)
        await #expect(throws: SignInServiceError.invalidCode) {
            try await flow(fixture).verifyCode(email: "ada@example.com", code: code, client: client)
        }
        await fixture.close()
    }

    @Test("a code takes five tries: after five wrong ones the right one is refused too")
    func attemptLimit() async throws {
        let fixture = try await fixture()
        try await flow(fixture).sendCode(email: "ada@example.com", client: client)
        let code = try #require(try await fixture.code(for: "ada@example.com", app: OperatorSignIn.appID))
        for _ in 0..<5 {
            await #expect(throws: SignInServiceError.invalidCode) {
                try await flow(fixture).verifyCode(email: "ada@example.com", code: SignInFixture.wrong(code), client: client)
            }
        }
        // From another network: this one has spent its 5 guesses at the address this hour.
        await #expect(throws: SignInServiceError.invalidCode) {
            try await flow(fixture).verifyCode(email: "ada@example.com", code: code, client: "198.51.100.9")
        }
        await fixture.close()
    }

    @Test("a network that asked for a code guesses another network's only within the charges others share; past them, a miss")
    func crossGuesses() async throws {
        let fixture = try await fixture(configuration: SignInConfiguration(networkGuessesPerHour: 1))
        try await flow(fixture).sendCode(email: "ada@example.com", client: client)
        let code = try #require(try await fixture.code(for: "ada@example.com", app: OperatorSignIn.appID))
        let other = "198.51.100.9"
        fixture.clock.advance(by: 61)
        try await flow(fixture).sendCode(email: "ada@example.com", client: other)
        // Its first miss spends its network's share of 1; its second, the owner's right code, is compared with its own code only.
        for guess in [SignInFixture.wrong(code), code] {
            await #expect(throws: SignInServiceError.invalidCode) {
                try await flow(fixture).verifyCode(email: "ada@example.com", code: guess, client: other)
            }
        }
        #expect(try await flow(fixture).verifyCode(email: "ada@example.com", code: code, client: client).email == "ada@example.com",
                "the owner's code still signs in, from the network that asked")
        await fixture.close()
    }

    @Test("failures in a row lock an address, an operator's or not, and a locked address gets no code")
    func lockout() async throws {
        let fixture = try await fixture(configuration: SignInConfiguration(lockoutFailures: 3))
        for email in ["ada@example.com", "eve@example.com"] {
            // Failures count once a code was asked for: before that there is nothing to guess.
            try await flow(fixture).sendCode(email: email, client: client)
            await flow(fixture).sends.idle()
            for _ in 0..<3 {
                await #expect(throws: SignInServiceError.invalidCode) {
                    try await flow(fixture).verifyCode(email: email, code: "000000", client: client)
                }
            }
            await #expect(throws: SignInServiceError.locked(retryAfter: 3600)) {
                try await flow(fixture).sendCode(email: email, client: client)
            }
        }
        #expect(try await mailCount(fixture) == 1, "ada's first code, and none after the lock")
        await fixture.close()
    }

    @Test("wrong codes to addresses sent no code within a code's lifetime, operators' or not, charge and count nothing",
          arguments: TestBackend.available)
    func nothingStoredForNobody(_ backend: TestBackend) async throws {
        let fixture = try await fixture(backend, configuration: SignInConfiguration(guessesPerHour: 1, lockoutFailures: 1))
        let repository = fixture.components.signInRepository
        try await flow(fixture).sendCode(email: "ada@example.com", client: client)
        fixture.clock.advance(by: 600)
        let addresses = ["ada@example.com"] + (0..<20).map { "nobody-\($0)@example.com" }
        for email in addresses {
            for _ in 0..<2 {
                await #expect(throws: SignInServiceError.invalidCode, "not locked, not limited: nothing was counted") {
                    try await flow(fixture).verifyCode(email: email, code: "000000", client: client)
                }
            }
            #expect(try await repository.addressState(appID: OperatorSignIn.appID, email: email, network: SignInNetwork.of(client)) == AddressState())
            #expect(try await repository.lastEvent(key: "guess|\(OperatorSignIn.appID)|\(email)") == nil)
        }
        await fixture.close()
    }

    @Test("a code of the wrong shape is refused before any try is counted")
    func shape() async throws {
        let fixture = try await fixture()
        await #expect(throws: SignInServiceError.invalidCodeShape(length: 6, orLong: 9)) {
            try await flow(fixture).verifyCode(email: "ada@example.com", code: "12ab56", client: client)
        }
        #expect(try await fixture.components.signInRepository.addressState(appID: OperatorSignIn.appID, email: "ada@example.com", network: SignInNetwork.of(client)).failures == 0)
        await fixture.close()
    }
}
