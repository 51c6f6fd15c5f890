import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Sign-in addresses: one key per address however it is spelt in Unicode, and no invisible characters")
struct SignInAddressTests {
    // MARK: Tests

    @Test("an address typed precomposed and then decomposed is one user, stored in NFC, on every backend", arguments: TestBackend.available)
    func canonicalForm(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        let (precomposed, decomposed) = ("zo\u{EB}@example.com", "zoe\u{308}@example.com")
        let first = try await fixture.signIn(decomposed)
        fixture.clock.advance(by: 3_600)
        let second = try await fixture.signIn(precomposed, device: "device-2")
        #expect(first.completion.isNewUser && !second.completion.isNewUser, "SQL compares bytes: before NFC these were two users")
        #expect(second.completion.user.id == first.completion.user.id)
        #expect(Array(first.completion.user.email.utf8) == Array(precomposed.utf8))
        #expect(try await fixture.service.users(app: "notes", after: nil, limit: 10).count == 1)
        await fixture.close()
    }

    @Test("an address with a zero-width space, a direction override, a byte-order mark or a soft hyphen is invalid_email",
          arguments: ["ada\u{200B}@example.com", "ada@exam\u{202E}moc.elp", "ada@exa\u{FEFF}mple.com", "ad\u{AD}a@example.com"])
    func invisibleCharacters(email: String) async throws {
        let fixture = try await SignInFixture.make()
        let error = await #expect(throws: SignInServiceError.self) {
            try await fixture.service.sendCode(app: "notes", email: email, client: "192.0.2.1")
        }
        #expect(error?.code == "invalid_email")
        #expect(error?.message.contains("invisible") == true, "\(error?.message ?? "")")
    }

    @Test("a trailing dot, an empty label or a label starting or ending with a hyphen in the domain is invalid_email, so example.com. can't be a second address with limits of its own, nor a@-example.com be mailed",
          arguments: ["ada@example.com.", "ada@example..com", "ada@.example.com", "a@-example.com", "a@example-.com"])
    func malformedDomain(email: String) async throws {
        let fixture = try await SignInFixture.make()
        let error = await #expect(throws: SignInServiceError.self) {
            try await fixture.service.sendCode(app: "notes", email: email, client: "192.0.2.1")
        }
        #expect(error?.code == "invalid_email")
        #expect(error?.message.contains("empty label") == true, "\(error?.message ?? "")")
    }

    @Test("a one-label domain, an all-digit top-level label, an unbracketed IP, a bad dot-atom or a full-width or ideographic domain is invalid_email, and nothing is mailed",
          arguments: ["a@localhost", "a@123", "a@127.0.0.1", "a@1.2.3.4", "a@0x7f.1", ".a@x.com", "a.@x.com", "a..b@x.com",
                      "a@example\u{3002}com", "a@example\u{FF0E}com", "a@\u{FF45}xample.com"])
    func addressShape(email: String) async throws {
        let fixture = try await SignInFixture.make()
        let error = await #expect(throws: SignInServiceError.self) {
            try await fixture.service.sendCode(app: "notes", email: email, client: "192.0.2.1")
        }
        #expect(error?.code == "invalid_email")
        let queued = try await fixture.components.signInRepository.claimDueMail(at: fixture.clock.date.addingTimeInterval(86_400), lease: 0, limit: 10)
        #expect(queued.isEmpty, "a code was queued for \(email)")
        await fixture.close()
    }
}
