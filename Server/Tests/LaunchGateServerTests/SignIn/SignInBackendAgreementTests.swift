import Foundation
import Synchronization
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Review s9b, T1: the SQL path, which production runs, is other code than the memory one the
/// property tests count comparisons on. The same seeded mix of sends and verifies, run against
/// every backend in step, must get the same answer (with the same Retry-After) at every step, so
/// any divergence in the limits, the room or the codes' lengths fails here.
@Suite("Sign-in answers a seeded mix of sends and verifies alike on memory, SQLite and PostgreSQL, step by step")
struct SignInBackendAgreementTests {
    private static let email = "ada@example.com"
    /// Six /24s; the first signs in before the mix, so the address knows it.
    private static let networks = ["192.0.2.10"] + (1...5).map { "203.0.\($0).7" }

    @Test("6 seeds of 150 steps: /v1 and seed sends; right, moved and wrong codes of both lengths; known and unknown /24s; time steps up to 20 minutes",
          arguments: 1...6)
    func sameAnswers(seed: Int) async throws {
        let backends = TestBackend.available
        var fixtures: [SignInFixture] = []
        for backend in backends {
            // The same codes everywhere, so a guess that matches one backend's code matches every backend's.
            let fixture = try await SignInFixture.make(backend, configuration: SignInConfiguration(clientVerifies: 0),
                                                       random: SeededRandomSource(seed: UInt64(seed)))
            fixture.clock.set(Date(timeIntervalSince1970: 1_900_000_000))
            _ = try await fixture.signIn(Self.email, client: Self.networks[0])
            fixtures.append(fixture)
        }
        var random = SplitMix(seed: UInt64(seed))
        for step in 0..<150 {
            let (action, from, other) = (random.next(10), Self.networks[random.next(6)], Self.networks[random.next(6)])
            var answers: [String] = []
            for fixture in fixtures { answers.append(await Self.run(action, from: from, other: other, on: fixture)) }
            #expect(Set(answers).count == 1, "seed \(seed), step \(step), action \(action) from \(from): \(Array(zip(backends, answers)))")
            if Set(answers).count > 1 { break }
            let pause = random.next(15) == 0 ? 1_200 : random.next(90)
            for fixture in fixtures { fixture.clock.advance(by: TimeInterval(pause)) }
        }
        for fixture in fixtures { await fixture.close() }
    }

    /// Runs one step: 0-1 a /v1 send, 2 a seed send (no long codes), 3-4 the network's own code,
    /// 5 another network's code (a phone that moved), 6-7 a miss of its own code's length, 8-9 a
    /// wrong guess of 6 and of 9 digits. - Returns: The answer, with the code's length or Retry-After.
    private static func run(_ action: Int, from client: String, other: String, on fixture: SignInFixture) async -> String {
        do {
            switch action {
            case 0...2:
                return "sent \(try await fixture.service.sendCode(app: "notes", email: email, client: client, longCodes: action < 2).codeLength)"
            default:
                let codes = try await Self.codes(fixture)
                let guess = switch action {
                case 3, 4: codes[SignInNetwork.of(client)] ?? "000000"
                case 5: codes[SignInNetwork.of(other)] ?? "000000"
                case 6, 7: SignInFixture.wrong(codes[SignInNetwork.of(client)] ?? "111111")
                case 8: "000000"
                default: "000000000"
                }
                let signedIn = try await fixture.service.verifyCode(app: "notes", email: email, code: guess, deviceID: "d", client: client)
                return "signed in, new: \(signedIn.completion.isNewUser)"
            }
        } catch let error as SignInServiceError {
            return "\(error.code) \(error.retryAfter.map(String.init) ?? "")"
        } catch {
            return "\(error)"
        }
    }

    /// The newest code each network was sent at the address and whose mail is still queued.
    private static func codes(_ fixture: SignInFixture) async throws -> [String: String] {
        let mail = try await fixture.components.signInRepository.claimDueMail(at: fixture.clock.date.addingTimeInterval(86_400), lease: 0, limit: 1_000)
        var newest: [String: OutboxMessage] = [:]
        for message in mail where message.email == email && message.appID == "notes" {
            if let kept = newest[message.network], kept.createdAt >= message.createdAt { continue }
            newest[message.network] = message
        }
        return try newest.compactMapValues { message in try message.sealedCode.map { try fixture.service.secrets.open($0) } }
    }
}

/// Bytes from a seeded ``SplitMix``: the same codes and IDs on every run and backend.
private final class SeededRandomSource: RandomSource {
    private let generator: Mutex<SplitMix>

    init(seed: UInt64) { generator = Mutex(SplitMix(seed: seed)) }

    func bytes(_ count: Int) -> [UInt8] {
        generator.withLock { generator in (0..<count).map { _ in UInt8(generator.next(256)) } }
    }
}
