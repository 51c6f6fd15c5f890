import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Sessions: opaque 256-bit tokens stored hashed, bound to their device and app, revocable")
struct SignInSessionTests {
    // MARK: Tests

    @Test("a token is lgs_ and 43 base64url characters, and only its SHA-256 is stored", arguments: TestBackend.available)
    func tokens(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        let signedIn = try await fixture.signIn("ada@example.com", device: "phone-1")
        #expect(SignInTokens.isSessionToken(signedIn.token))
        #expect(signedIn.completion.session.tokenHash == SignInTokens.hash(signedIn.token))
        #expect(signedIn.completion.session.tokenHash != signedIn.token)
        #expect(signedIn.completion.session.expiresAt == fixture.clock.date.addingTimeInterval(30 * 86_400))
        let (session, user) = try await fixture.service.session(app: "notes", token: signedIn.token)
        #expect(session.deviceID == "phone-1" && user.email == "ada@example.com")
        await fixture.close()
    }

    @Test("a session is refused from another app, another device, after it expires, and for any malformed token")
    func refusals() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(sessionLifetime: 3600))
        let token = try await fixture.signIn("ada@example.com", device: "phone-1").token
        let service = fixture.service
        await #expect(throws: SignInServiceError.unauthorized) { try await service.session(app: "todo", token: token) }
        await #expect(throws: SignInServiceError.unauthorized) { try await service.session(app: "notes", token: token, deviceID: "phone-2") }
        #expect(try await service.session(app: "notes", token: token, deviceID: "phone-1").1.email == "ada@example.com")
        for bad in [nil, "", "lgs_", "lgt_abc_def", token + "x", String(token.dropLast()) + "!", "lgs_" + String(repeating: "A", count: 43)] {
            await #expect(throws: SignInServiceError.unauthorized, "\(bad ?? "nil")") { try await service.session(app: "notes", token: bad) }
        }
        fixture.clock.advance(by: 3600)
        await #expect(throws: SignInServiceError.unauthorized) { try await service.session(app: "notes", token: token) }
    }

    @Test("signing out ends the session it is called with, and no other")
    func signOut() async throws {
        let fixture = try await SignInFixture.make()
        let phone = try await fixture.signIn("ada@example.com", device: "phone")
        fixture.clock.advance(by: 60)
        let tablet = try await fixture.signIn("ada@example.com", device: "tablet")
        try await fixture.service.signOut(app: "notes", token: phone.token)
        await #expect(throws: SignInServiceError.unauthorized) { try await fixture.service.session(app: "notes", token: phone.token) }
        await #expect(throws: SignInServiceError.unauthorized) { try await fixture.service.signOut(app: "notes", token: phone.token) }
        #expect(try await fixture.service.session(app: "notes", token: tablet.token).0.deviceID == "tablet")
    }

    @Test("operators revoke one session, a user's sessions, or a device's, and deleting a user erases it", arguments: TestBackend.available)
    func revocationAndErasure(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        let service = fixture.service
        let phone = try await fixture.signIn("ada@example.com", device: "phone")
        fixture.clock.advance(by: 60)
        let tablet = try await fixture.signIn("ada@example.com", device: "tablet")
        let bob = try await fixture.signIn("bob@example.com", device: "tablet")
        #expect(try await service.revokeSessions(app: "notes", .session(phone.completion.session.id)) == 1)
        await #expect(throws: SignInServiceError.unauthorized) { try await service.session(app: "notes", token: phone.token) }
        #expect(try await service.revokeSessions(app: "notes", .device("tablet")) == 2)
        await #expect(throws: SignInServiceError.unauthorized) { try await service.session(app: "notes", token: bob.token) }

        fixture.clock.advance(by: 60)
        let again = try await fixture.signIn("ada@example.com", device: "phone")
        #expect(try await service.revokeSessions(app: "notes", .user(again.completion.user.id)) == 1)
        await #expect(throws: SignInServiceError.unauthorized) { try await service.session(app: "notes", token: tablet.token) }

        #expect(try await service.deleteUser(app: "notes", idOrEmail: "ada@example.com"))
        #expect(try await service.user(app: "notes", idOrEmail: again.completion.user.id) == nil)
        #expect(try await fixture.components.signInRepository.sessions(appID: "notes", userID: again.completion.user.id).isEmpty)
        fixture.clock.advance(by: 60)
        // From another network: this one has had its 3 sends to the address this hour.
        #expect(try await fixture.signIn("ada@example.com", client: "198.51.100.1").completion.isNewUser, "the address starts afresh")
        await fixture.close()
    }
}
