import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The re-attack of issue 27's item 3 (F4): the bound of 25 guesses an hour held per code, so all
/// networks together guessed an address 100 times an hour at their own codes plus 25 at others'
/// (2 % an hour on a 4-digit code). Networks the address doesn't know now share one bound of 25,
/// with each code's tries reserved when it is issued (``GuessBudget``).
@Suite("One hourly guess bound for unknown networks: 25 wrong guesses an hour at an address, whatever they mix, and an owner's code keeps its tries, on memory, SQLite and PostgreSQL")
struct SignInGuessBoundTests {
    private static let owner = "192.0.2.10"
    private static let email = "ada@example.com"

    private static func outcome(_ body: () async throws -> Void) async -> String {
        do { try await body(); return "ok" } catch let error as SignInServiceError { return error.code } catch { return "\(error)" }
    }

    private static func send(_ fixture: SignInFixture, from client: String) async -> String {
        await outcome { _ = try await fixture.service.sendCode(app: "notes", email: email, client: client) }
    }

    private static func verify(_ fixture: SignInFixture, _ code: String, from client: String) async -> String {
        await outcome { _ = try await fixture.service.verifyCode(app: "notes", email: email, code: code, deviceID: "d", client: client) }
    }

    /// The guesses compared and wrong: each counts a failure to its network (none reaches the lock).
    private static func failures(_ fixture: SignInFixture, networks: [String]) async throws -> Int {
        var total = 0
        for client in networks {
            total += try await fixture.service.repository.addressState(appID: "notes", email: email, network: SignInNetwork.of(client)).failures
        }
        return total
    }

    /// A fixture whose codes have 10 digits, so that no wrong guess of a flood matches by chance,
    /// without per-client caps (each network is one client here).
    private static func fixture(_ backend: TestBackend) async throws -> SignInFixture {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientSends: 0, clientVerifies: 0))
        try await fixture.service.repository.saveSettings(SignInSettings(appID: "notes", codeLength: 10))
        return fixture
    }

    /// SplitMix64: the same mixes on every run.
    private struct Mix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    // MARK: Tests

    @Test("unknown networks' wrong guesses at the address stop at 25 in an hour, whatever mix of sends, own-code and cross-network guesses",
          arguments: TestBackend.available)
    func mixes(backend: TestBackend) async throws {
        // (seed, networks, sends in 10 actions)
        for (seed, count, sends) in [(1, 3, 5), (2, 10, 1), (3, 10, 3), (4, 6, 5), (5, 10, 7), (6, 2, 9)] as [(UInt64, Int, Int)] {
            let fixture = try await Self.fixture(backend)
            let networks = (1...count).map { "203.0.\($0).7" }
            var mix = Mix(state: seed)
            var answers: [String: Int] = [:]
            let start = fixture.clock.date
            while fixture.clock.date.timeIntervalSince(start) < 3500 {
                let client = networks[mix.next(count)]
                let answer = mix.next(10) < sends ? await Self.send(fixture, from: client) : await Self.verify(fixture, "0000000000", from: client)
                answers[answer, default: 0] += 1
                fixture.clock.advance(by: TimeInterval(mix.next(20)))
            }
            let wrong = try await Self.failures(fixture, networks: networks)
            #expect(wrong <= 25, "mix \(seed): \(wrong) wrong guesses compared in an hour; answers \(answers)")
            #expect(wrong >= 10, "mix \(seed): the flood guessed (\(answers)); a check that nothing passed would prove nothing")
            await fixture.close()
        }
    }

    @Test("the owner's code, issued first, keeps its 5 tries while other networks send and guess", arguments: TestBackend.available)
    func ownerKeepsTries(backend: TestBackend) async throws {
        let fixture = try await Self.fixture(backend)
        #expect(await Self.send(fixture, from: Self.owner) == "ok")
        let code = try #require(try await fixture.code(for: Self.email))
        for network in 1...8 {
            _ = await Self.send(fixture, from: "203.0.\(network).7")
            for _ in 1...6 { _ = await Self.verify(fixture, SignInFixture.wrong(code), from: "203.0.\(network).7") }
            fixture.clock.advance(by: 20)
        }
        for _ in 1...4 { #expect(await Self.verify(fixture, SignInFixture.wrong(code), from: Self.owner) == "invalid_code") }
        #expect(await Self.verify(fixture, code, from: Self.owner) == "ok", "its fifth try is still its own")
        await fixture.close()
    }

    @Test("an unknown network's send is issued only while the guesses of the hour, the tries live codes hold and its own fit in 25",
          arguments: TestBackend.available)
    func sendsReserve(backend: TestBackend) async throws {
        let fixture = try await Self.fixture(backend)
        // 4 networks each ask and miss their own code 5 times: 20 guesses counted, no try held.
        for network in 1...4 {
            #expect(await Self.send(fixture, from: "203.0.\(network).7") == "ok")
            for _ in 1...5 { #expect(await Self.verify(fixture, "0000000000", from: "203.0.\(network).7") == "invalid_code") }
        }
        #expect(await Self.send(fixture, from: "203.0.5.7") == "ok", "20 guesses + 5 tries = 25")
        fixture.clock.advance(by: 100)
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 500), "20 + 5 held + 5 > 25: room when the held code dies") {
            try await fixture.service.sendCode(app: "notes", email: Self.email, client: "203.0.6.7")
        }
        #expect(await Self.verify(fixture, "0000000000", from: "203.0.7.7") == "rate_limited", "a guess at others' codes finds no room either")
        await fixture.close()
    }
}
