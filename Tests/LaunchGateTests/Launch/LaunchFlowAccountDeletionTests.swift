import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@MainActor
@Suite("The launch flow's account deletion: a confirmation over the app, then deleted and signed out to sign-in, or back on cancel")
struct LaunchFlowAccountDeletionTests {
    private let device = LaunchHarness()

    // MARK: Tests

    @Test("confirm deletes: the confirmation, the done screen with its own title, then sign-in, with the session store cleared and nothing mounted")
    func confirmDeletes() async throws {
        let flow = await device.signedIn()
        #expect(flow.state == .plainApp && flow.canDeleteAccount)
        flow.requestAccountDeletion()
        let confirm = try #require(flow.accountDeletionScreen)
        #expect(confirm.step == .confirm && confirm.title == "Delete your account?" && confirm.error == nil)
        #expect(confirm.actions.map(\.role) == [.confirm, .cancel] && confirm.actions[0].isDestructive && !confirm.actions[1].isDestructive)
        #expect(confirm.actions.map(\.title) == ["Delete Account", "Cancel"])
        #expect(!flow.canDeleteAccount, "one confirmation at a time")

        device.transport.enqueue(.respond(LaunchHarness.accountDeleted), for: LaunchHarness.account, method: "DELETE")
        await flow.perform(.confirm)
        let done = try #require(flow.accountDeletionScreen)
        #expect(done.step == .deleted && done.message == "Your account has been deleted." && done.actions.map(\.role) == [.done])
        #expect(done.title == "Account Deleted", "the done screen no longer asks")
        #expect(try flow.contentIdentity == nil && device.sessions.loadSession() == nil)
        #expect(device.transport.requests(to: LaunchHarness.account).count == 1)

        await flow.perform(.done)
        #expect(flow.state == .signingIn(.enteringEmail))
    }

    @Test("a double tap on Delete sends one DELETE: the second tap finds the deletion under way", .timeLimit(.minutes(1)))
    func doubleTap() async throws {
        let flow = await device.signedIn()
        let gate = TransportGate()
        let first = await device.confirmDeletion(flow, heldAt: gate)
        try #require(!device.transport.requests(to: LaunchHarness.account).isEmpty, "the first deletion is in flight")
        #expect(flow.accountDeletionScreen?.step == .deleting && flow.accountDeletionScreen?.actions.allSatisfy { !$0.isEnabled } == true)
        await flow.perform(.confirm)
        gate.open()
        await first.value
        #expect(flow.accountDeletionScreen?.step == .deleted && device.transport.requests(to: LaunchHarness.account).count == 1)
    }

    @Test("cancel goes back to the app with the account and session untouched, and sends nothing")
    func cancelGoesBack() async throws {
        let flow = await device.signedIn()
        flow.requestAccountDeletion()
        await flow.perform(.cancel)
        #expect(flow.state == .plainApp && flow.signIn?.session != nil)
        #expect(device.transport.requests(to: LaunchHarness.account).isEmpty)
    }

    @Test("a server that refuses goes back to the confirmation saying the account was not deleted, in deletion's words, still signed in; trying again deletes")
    func failureStaysSignedIn() async throws {
        let flow = await device.signedIn()
        flow.requestAccountDeletion()
        device.transport.enqueue(.respond(.signInError("unavailable", status: 503)), for: LaunchHarness.account)
        await flow.confirmAccountDeletion()
        let failed = try #require(flow.accountDeletionScreen)
        #expect(failed.step == .confirm && failed.error == "Your account was not deleted. Try again in a moment." && flow.signIn?.session != nil)
        device.transport.enqueue(.respond(LaunchHarness.accountDeleted), for: LaunchHarness.account)
        await flow.confirmAccountDeletion()
        #expect(flow.accountDeletionScreen?.step == .deleted)
    }

    @Test("no answer in time says the outcome is unknown, not that nothing happened; a refusal with a wait keeps its reason")
    func unknownOutcome() async throws {
        let flow = await device.signedIn()
        flow.requestAccountDeletion()
        device.transport.enqueue(.fail(.timeout), for: LaunchHarness.account)
        await flow.confirmAccountDeletion()
        #expect(flow.accountDeletionScreen?.error == "The server didn't answer, so your account may or may not have been deleted. Try again.")
        device.transport.enqueue(.respond(.signInError("rate_limited", status: 429, retryAfter: 30)), for: LaunchHarness.account)
        await flow.confirmAccountDeletion()
        #expect(flow.accountDeletionScreen?.error == "Your account was not deleted. Too many attempts. Try again in 30 s.")
    }

    @Test("a confirmation left open when the session ends doesn't come back for the next sign-in")
    func staleConfirmation() async throws {
        let flow = await device.signedIn()
        flow.requestAccountDeletion()
        await flow.signIn?.signOut()
        #expect(flow.state == .signingIn(.enteringEmail))
        // The server gives every sign-in a new token.
        device.transport.enqueue(.respond(.codeSent(codeLength: 6)), for: SignInFixtures.sendCode)
        device.transport.enqueue(.respond(.signedIn(token: "lgs_second")), for: SignInFixtures.verifyCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.updateCode("123456")
        await flow.verify()
        #expect(flow.state == .plainApp)
        await flow.confirmAccountDeletion()
        #expect(device.transport.requests(to: LaunchHarness.account).isEmpty, "the old confirmation deletes nothing")
    }

    @Test("nothing starts while signed out or from sign-in")
    func onlyFromTheApp() async {
        device.answer()
        let flow = device.launch()
        await flow.start()
        #expect(!flow.canDeleteAccount)
        flow.requestAccountDeletion()
        #expect(flow.state == .signingIn(.enteringEmail))
    }
}
