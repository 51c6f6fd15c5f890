import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@MainActor
@Suite("How an account deletion ends: a 401 says so before sign-in, the done screen is nobody else's, and the request runs in a background task")
struct LaunchFlowAccountDeletionEndTests {
    private let device = LaunchHarness()

    // MARK: Tests

    @Test("a 401 says the user was already signed out and the account may be gone, not nothing; Done goes on to sign-in")
    func unauthorizedSaysSo() async throws {
        let flow = await device.signedIn()
        flow.requestAccountDeletion()
        device.transport.enqueue(.respond(.signInError("unauthorized", status: 401)), for: LaunchHarness.account)
        await flow.confirmAccountDeletion()
        let signedOut = try #require(flow.accountDeletionScreen, "\(flow.state)")
        #expect(signedOut.step == .signedOut && signedOut.title == "Signed Out")
        #expect(signedOut.message.contains("may have been deleted") && signedOut.message.contains("sign in and delete it again"))
        #expect(signedOut.actions.map(\.role) == [.done] && signedOut.escapeAction == .done)
        #expect(try device.sessions.loadSession() == nil && flow.contentIdentity == nil)
        await flow.perform(.done)
        #expect(flow.state == .signingIn(.enteringEmail))
    }

    @Test("a deletion that ends after a sign-out and another user's sign-in shows nothing over the new user", .timeLimit(.minutes(1)))
    func doneIsNobodyElses() async throws {
        let flow = await device.signedIn()
        let gate = TransportGate()
        let deleting = await device.confirmDeletion(flow, heldAt: gate)
        try #require(!device.transport.requests(to: LaunchHarness.account).isEmpty, "the deletion is in flight")
        await flow.signIn?.signOut()
        device.transport.enqueue(.respond(.codeSent(codeLength: 6)), for: SignInFixtures.sendCode)
        device.transport.enqueue(.respond(.signedIn(token: "lgs_second")), for: SignInFixtures.verifyCode)
        // The fixture signs in the same address; the server gives every sign-in a new token.
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.updateCode("123456")
        await flow.verify()
        #expect(flow.state == .plainApp)
        gate.open()
        await deleting.value
        #expect(flow.state == .plainApp, "the old account's done screen stays away: \(flow.state)")
        #expect(flow.accountDeletion == nil)
    }

    @Test("the request runs inside a background task, begun before it is sent and ended once it is answered, failed or not", .timeLimit(.minutes(1)))
    func backgroundTask() async throws {
        let flow = await device.signedIn()
        var begun: [String] = [], ended = 0
        flow.beginBackgroundTask = { name in
            begun.append(name)
            return { ended += 1 }
        }
        let gate = TransportGate()
        let deleting = await device.confirmDeletion(flow, heldAt: gate)
        try #require(!device.transport.requests(to: LaunchHarness.account).isEmpty, "the deletion is in flight")
        #expect(begun == ["LaunchGate account deletion"] && ended == 0, "running in the background while the request is out")
        gate.open()
        await deleting.value
        #expect(flow.accountDeletionScreen?.step == .deleted && ended == 1)
    }

    @Test("a failed request ends its background task too")
    func backgroundTaskEndsOnFailure() async {
        let flow = await device.signedIn()
        var begun = 0, ended = 0
        flow.beginBackgroundTask = { _ in
            begun += 1
            return { ended += 1 }
        }
        flow.requestAccountDeletion()
        device.transport.enqueue(.fail(.timeout), for: LaunchHarness.account)
        await flow.confirmAccountDeletion()
        #expect(flow.accountDeletionScreen?.step == .confirm && begun == 1 && ended == 1)
    }
}
