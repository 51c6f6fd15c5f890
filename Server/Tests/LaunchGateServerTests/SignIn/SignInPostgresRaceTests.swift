import Foundation
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Sends and verifies at one address racing each other on PostgreSQL, where each step is its own
/// statement on its own connection (SQLite has one writer, memory one actor): a verify and a
/// resend from one network, which lock the same rows, never deadlock (review s9b, K5).
@Suite("Sign-in under concurrent requests on PostgreSQL: the locks of a verify beside a resend")
struct SignInPostgresRaceTests {
    private static let email = "ada@example.com"

    @Test("40 verifies and 40 resends from one network, all at once beside another network's short code, all answered: no deadlock ends one as unavailable (review s9b, K5)",
          .enabled(if: TestBackend.available.contains(.postgres)))
    func verifyBesideResend() async throws {
        // Every send and guess passes its limits, so each verify charges the room and each resend pays into it.
        let configuration = SignInConfiguration(guessesPerHour: 10_000, networkGuessesPerHour: 10_000, liveCodesPerAddress: 8, resendInterval: 0,
                                                networkSendsPerHour: 10_000, sendsPerHour: 10_000, clientSends: 0, clientVerifies: 0)
        let fixture = try await SignInFixture.make(.postgres, configuration: configuration)
        let (owner, other) = ("192.0.2.10", "198.51.100.7")
        for client in [other, owner] { _ = try await fixture.service.sendCode(app: "notes", email: Self.email, client: client) }
        let answers = await withTaskGroup(of: String.self) { group in
            for _ in 0..<40 {
                group.addTask { await Self.verify(fixture, "000000", from: owner) }
                group.addTask { await SignInFixture.outcome { _ = try await fixture.service.sendCode(app: "notes", email: Self.email, client: owner) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.allSatisfy { ["ok", "invalid_code"].contains($0) }, "\(answers.filter { !["ok", "invalid_code"].contains($0) })")
        await fixture.close()
    }

    private static func verify(_ fixture: SignInFixture, _ code: String, from client: String) async -> String {
        await SignInFixture.outcome { _ = try await fixture.service.verifyCode(app: "notes", email: email, code: code, deviceID: "d", client: client) }
    }
}
