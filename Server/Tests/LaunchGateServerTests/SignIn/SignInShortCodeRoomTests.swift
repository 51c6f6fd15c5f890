import Foundation
import HummingbirdTesting
import LaunchGateTesting
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Issue 27, item 3, both goals: an attacker without the owner's network or device can't stop a
/// sign-in within 5 minutes of asking (A), and no address is guessed at its short codes more than
/// 25 times an hour by networks it doesn't know (B). Past the hour's room (``ShortCodeRoom``) a
/// send is issued a long code, never refused (review S1), and every comparison counts (review S2).
@Suite("The short-code room: past 25 comparisons an hour codes get 3 digits longer, never refused, on memory, SQLite and PostgreSQL")
struct SignInShortCodeRoomTests {
    private static let email = "ada@example.com"
    private static let attackerA = "203.0.113.7"
    private static let attackerB = "198.51.100.7"
    private static let newcomer = "192.0.2.10"

    /// Sends from `client`; the code's length, or the error's code.
    private static func send(_ fixture: SignInFixture, from client: String) async -> String {
        do { return "\(try await fixture.service.sendCode(app: "notes", email: email, client: client).codeLength)" } catch let error as SignInServiceError {
            return error.code
        } catch { return "\(error)" }
    }

    private static func verify(_ fixture: SignInFixture, _ code: String, from client: String) async -> String {
        await SignInFixture.outcome { _ = try await fixture.service.verifyCode(app: "notes", email: email, code: code, deviceID: "d", client: client) }
    }

    /// A guess of `length` digits that no code drawn here is (`0…0` and `1…1` are drawn with a
    /// chance of 10^-length each).
    private static func guess(_ length: Int, _ turn: Int) -> String { String(repeating: String(turn % 2), count: length) }

    // MARK: Tests

    @Test("review S1's attack from 2 /24s, then the room filled with their next sends: a first sign-in from a third /24 gets a 9-digit code and signs in within 5 minutes",
          arguments: TestBackend.available)
    func newcomerAfterAttack(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        // S1's table: A sends and misses 5, guesses 5 more at its dead code, sends again and misses 5; B sends and misses 5, guesses 5 more.
        #expect(await Self.send(fixture, from: Self.attackerA) == "6")
        for turn in 0..<10 { _ = await Self.verify(fixture, Self.guess(6, turn), from: Self.attackerA) }
        fixture.clock.advance(by: 61)
        #expect(await Self.send(fixture, from: Self.attackerA) == "6")
        for turn in 0..<5 { _ = await Self.verify(fixture, Self.guess(6, turn), from: Self.attackerA) }
        #expect(await Self.send(fixture, from: Self.attackerB) == "6")
        for turn in 0..<10 { _ = await Self.verify(fixture, Self.guess(6, turn), from: Self.attackerB) }
        // The attack goes on as far as the rules let it: each /24's next send; the room (25) holds 5 codes' tries.
        fixture.clock.advance(by: 61)
        #expect(await Self.send(fixture, from: Self.attackerA) == "6")
        #expect(await Self.send(fixture, from: Self.attackerB) == "6")
        fixture.clock.advance(by: 1)
        #expect(await Self.send(fixture, from: Self.attackerB) == "rate_limited", "B's resend waits its 60 s, as before")
        let asked = fixture.clock.date
        #expect(await Self.send(fixture, from: Self.newcomer) == "9", "past the room the newcomer is sent 6 + 3 digits, not refused")
        let code = try #require(try await fixture.code(for: Self.email))
        #expect(code.count == 9)
        fixture.clock.advance(by: 240)
        #expect(await Self.verify(fixture, code, from: Self.newcomer) == "ok")
        #expect(fixture.clock.date.timeIntervalSince(asked) < 300)
        await fixture.close()
    }

    @Test("mixes of sends, own-code misses and guesses from 9 /24s never compare a guess with short codes more than 25 times in any hour (memory counts each comparison)")
    func neverPastTheRoom() async throws {
        for seed in UInt64(1)...12 {
            let fixture = try await SignInFixture.make(configuration: SignInConfiguration(networkSendsPerHour: 6, sendsPerHour: 60, clientVerifies: 0))
            let repository = try #require(fixture.service.repository as? MemorySignInRepository)
            var random = SplitMix(seed: seed)
            var worst = 0
            for turn in 0..<400 {
                let client = "203.0.\(random.next(9)).7"
                switch random.next(10) {
                case 0...2: _ = await Self.send(fixture, from: client)
                case 3: _ = await Self.verify(fixture, Self.guess(9, turn), from: client)
                default: _ = await Self.verify(fixture, Self.guess(6, turn), from: client)
                }
                fixture.clock.advance(by: TimeInterval(random.next(40)))
                let now = fixture.clock.date
                let compared = await repository.shortComparisons.values.reduce(0) { $0 + $1.filter { now.timeIntervalSince($0) < 3600 }.count }
                worst = max(worst, compared)
                #expect(compared <= 25, "seed \(seed), turn \(turn): \(compared) comparisons at short codes in the last hour")
                if compared > 25 { break }
            }
            #expect(worst >= 8, "seed \(seed): the mix guessed at short codes (\(worst) comparisons in an hour at most)")
            await fixture.close()
        }
    }

    @Test("tries paid at 0 s and spent at 590 s still fill the room at 3601 s, so 4 /24s' sends then are long and no sliding hour compares more than 25 (review s9b, K2)",
          arguments: TestBackend.available)
    func roomCoversCodeLifetime(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientVerifies: 0))
        let networks = (1...4).map { "203.0.\($0).7" }
        for network in networks { #expect(await Self.send(fixture, from: network) == "6") }
        fixture.clock.advance(by: 590)
        for network in networks { for turn in 0..<5 { _ = await Self.verify(fixture, Self.guess(6, turn), from: network) } }
        // The 0 s payments have left the hour but not the room's window (the hour and a code's lifetime).
        fixture.clock.advance(by: 3011)
        var lengths: [String] = []
        for network in networks { lengths.append(await Self.send(fixture, from: network)) }
        #expect(lengths == ["9", "9", "9", "9"], "the room still holds the tries spent at 590 s")
        fixture.clock.advance(by: 1)
        for (network, length) in zip(networks, lengths) {
            for turn in 0..<5 { _ = await Self.verify(fixture, Self.guess(Int(length) ?? 6, turn), from: network) }
        }
        if let repository = fixture.service.repository as? MemorySignInRepository {
            let now = fixture.clock.date
            let compared = await repository.shortComparisons.values.reduce(0) { $0 + $1.filter { now.timeIntervalSince($0) < 3600 }.count }
            #expect(compared <= 25, "\(compared) comparisons at short codes in the hour before \(now)")
        }
        await fixture.close()
    }

    @Test("the owner's short code, asked first, keeps its 5 tries while 8 /24s send and guess: 4 misses, then the code signs in",
          arguments: TestBackend.available)
    func ownerKeepsTries(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientVerifies: 0))
        #expect(await Self.send(fixture, from: Self.newcomer) == "6")
        let code = try #require(try await fixture.code(for: Self.email))
        for network in 1...8 {
            fixture.clock.advance(by: 1)
            _ = await Self.send(fixture, from: "203.0.\(network).7")
            // 5 misses kill its own code (a dead code takes no place), and a sixth guesses at the others.
            for _ in 0..<6 { _ = await Self.verify(fixture, SignInFixture.wrong(code), from: "203.0.\(network).7") }
        }
        for _ in 0..<4 { #expect(await Self.verify(fixture, SignInFixture.wrong(code), from: Self.newcomer) == "invalid_code") }
        #expect(await Self.verify(fixture, code, from: Self.newcomer) == "ok", "the fifth try is the owner's, whatever others spent")
        await fixture.close()
    }

    @Test("25 short guesses from 5 /24s that the spent room refuses leave the address's 25 unspent: the owner's 9-digit code typed from a sixth /24 signs in (attack s11, A4)",
          arguments: TestBackend.available)
    func refusedGuessesSpendNoCap(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientVerifies: 0))
        for network in 1...5 { #expect(await Self.send(fixture, from: "203.0.\(network).7") == "6") }
        fixture.clock.advance(by: 1)
        for network in 11...15 {
            for turn in 0..<5 {
                #expect(await Self.verify(fixture, Self.guess(6, turn), from: "203.0.\(network).7") == "rate_limited", "the room is spent")
            }
        }
        #expect(await Self.send(fixture, from: Self.newcomer) == "9")
        let code = try #require(try await fixture.code(for: Self.email))
        #expect(await Self.verify(fixture, code, from: "198.51.100.7") == "ok", "typed on another network, within the address's 25")
        await fixture.close()
    }

    @Test("a network the address knows is sent a short code after strangers filled the room, and signs in with it", arguments: TestBackend.available)
    func knownNetworkUnaffected(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(liveCodesPerAddress: 8))
        _ = try await fixture.signIn(Self.email, client: Self.newcomer)
        fixture.clock.advance(by: 86_400)
        for network in 1...5 {
            #expect(await Self.send(fixture, from: "203.0.\(network).7") == "6")
        }
        #expect(await Self.send(fixture, from: "203.0.6.7") == "9", "the room holds 5 codes' tries")
        fixture.clock.advance(by: 1)
        #expect(await Self.send(fixture, from: Self.newcomer) == "6", "the known network stays outside the room")
        let code = try #require(try await fixture.code(for: Self.email))
        #expect(code.count == 6)
        #expect(await Self.verify(fixture, code, from: Self.newcomer) == "ok")
        await fixture.close()
    }

    @Test("a long code has the app's length + 3 digits, at most 10, and the send's answer says so")
    func longCodeLengths() async throws {
        for (length, long) in [(4, 7), (6, 9), (8, 10), (10, 10)] {
            let fixture = try await SignInFixture.make(configuration: SignInConfiguration(guessesPerHour: 5))
            try await fixture.service.repository.saveSettings(SignInSettings(appID: "notes", codeLength: length))
            #expect(await Self.send(fixture, from: Self.attackerA) == "\(length)")
            fixture.clock.advance(by: 1)
            #expect(await Self.send(fixture, from: Self.newcomer) == "\(long)")
            let code = try #require(try await fixture.code(for: Self.email))
            #expect(code.count == long)
            #expect(await Self.verify(fixture, code, from: Self.newcomer) == "ok")
            await fixture.close()
        }
    }

    @Test("two seed sends refused past the room spend nothing of the network's, the address's or the client's limits: the owner's /v1 send right after is issued a long code (review s9b, K3)",
          arguments: TestBackend.available)
    func refusedSeedSendsSpendNothing(backend: TestBackend) async throws {
        // A room of 10 (two short codes' tries), and caps the two refusals would use up: the address's 3 sends, the client's 2.
        let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(guessesPerHour: 10, sendsPerHour: 3, clientSends: 2))
        #expect(await Self.send(fixture, from: Self.attackerA) == "6")
        #expect(await Self.send(fixture, from: Self.attackerB) == "6")
        fixture.clock.advance(by: 1)
        let seed = { await SignInFixture.outcome { _ = try await fixture.service.sendCode(app: "notes", email: Self.email, client: Self.newcomer, longCodes: false) } }
        #expect(await seed() == "rate_limited", "past the room")
        #expect(await seed() == "rate_limited", "past the room, not the resend interval")
        #expect(await Self.send(fixture, from: Self.newcomer) == "9", "its resend interval, the address's third send and the client's two are unspent")
        await fixture.close()
    }

    @Test("past the room the /v1 send answers code_length 9, and the seed's /api/auth/send-code, whose clients take 4 digits, refuses in its own shape")
    func seedPathRefuses() async throws {
        let base = try await TestServer.make()
        // A room of 10: two short codes' tries.
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes",
                                                signIn: SignInConfiguration(guessesPerHour: 10, networkSendsPerHour: 10, clientVerifies: 0))
        let clock = TestClock(Date())
        let components = ServerComponents(database: nil, repository: base.components.repository, signInConfiguration: configuration.signIn,
                                          masterKey: SignInFixture.masterKey, now: clock.now)
        let server = TestServer(components: components, configuration: configuration, adminToken: base.adminToken)
        try await server.application.test(.router) { client in
            let body = #"{"email": "ada@example.com"}"#
            for path in ["/v1/apps/notes/auth/send-code", "/api/auth/send-code"] {
                let short = try await client.post(path, json: body)
                #expect(try short.status == .ok && short.json()["code_length"] as? Int == 6, "\(path): \(short.text)")
                clock.advance(by: 61)
            }
            let seed = try await client.post("/api/auth/send-code", json: body)
            #expect(seed.status == .tooManyRequests && seed.seedError == "rate_limited" && seed.seedStatus == "error", "\(seed.text)")
            #expect(seed.headers[.retryAfter] == "4078", "until the first code's tries leave the room's window, the hour and a code's lifetime")
            // The refused send spent nothing: 61 s after the last code, the network's resend interval has passed (review s9b, K3).
            let long = try await client.post("/v1/apps/notes/auth/send-code", json: body)
            #expect(try long.status == .ok && long.json()["code_length"] as? Int == 9, "\(long.text)")
        }
    }
}
