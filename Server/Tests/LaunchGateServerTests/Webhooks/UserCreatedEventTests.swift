import Foundation
import Synchronization
import Testing
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// `user.created` is made only for the sign-in that creates the user: a wrong guess, or a sign-in
/// of a known user, renders no event (review s14, K16).
@Suite("user.created is made only when a sign-in creates the user")
struct UserCreatedEventTests {
    /// Records the type of each event prepared; queues none.
    final class PreparedEvents: WebhookEvents {
        let types = Mutex<[String]>([])

        func emit<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload, occurredAt: Date) async {}

        func prepare<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload,
                                                    occurredAt: Date) -> PendingWebhookEvent? {
            types.withLock { $0.append(type.rawValue) }
            return nil
        }
    }

    @Test("wrong guesses and a known user's sign-in prepare no user.created; the sign-in that creates the user prepares one")
    func onlyForANewUser() async throws {
        let fixture = try await SignInFixture.make()
        let prepared = PreparedEvents()
        var service = fixture.service
        service.events = prepared
        _ = try await service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.1")
        let code = try #require(try await fixture.code(for: "ada@example.com"))
        for _ in 0..<2 {
            await #expect(throws: SignInServiceError.invalidCode) {
                try await service.verifyCode(app: "notes", email: "ada@example.com", code: SignInFixture.wrong(code), deviceID: "d", client: "192.0.2.1")
            }
        }
        #expect(prepared.types.withLock { $0 } == [], "a wrong guess renders no event")
        #expect(try await service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "192.0.2.1").completion.isNewUser)
        #expect(prepared.types.withLock { $0 } == ["user.created"])
        fixture.clock.advance(by: 120)
        _ = try await service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.1")
        let again = try #require(try await fixture.code(for: "ada@example.com"))
        #expect(try await !service.verifyCode(app: "notes", email: "ada@example.com", code: again, deviceID: "d2", client: "192.0.2.1").completion.isNewUser)
        #expect(prepared.types.withLock { $0 } == ["user.created"], "a known user's sign-in renders none")
        await fixture.close()
    }
}
