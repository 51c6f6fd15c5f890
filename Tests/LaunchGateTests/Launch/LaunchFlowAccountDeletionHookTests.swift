import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@MainActor
@Suite("The app's deletion hooks: its own deletion runs before LaunchGate's and can stop it; its clean-up runs only after a deletion")
struct LaunchFlowAccountDeletionHookTests {
    private let device = LaunchHarness()

    /// What the hooks saw, in order.
    @MainActor final class HookLog {
        var events: [String] = []
    }

    private struct BackendRefused: LocalizedError {
        var errorDescription: String? { "Our server couldn't delete your photos." }
    }

    // MARK: Tests

    @Test("the app's own deletion runs first, with the session that still authenticates; its clean-up runs after the server's deletion")
    func hooksRunAroundTheDeletion() async throws {
        let log = HookLog()
        let transport = device.transport
        let flow = await device.signedIn(configuration: LaunchFlow.Configuration(
            willDeleteAccount: { session in
                log.events.append("will \(session.user.email) deletes sent: \(transport.requests(to: LaunchHarness.account).count)")
            },
            onAccountDeleted: { user in log.events.append("deleted \(user.email)") }))
        flow.requestAccountDeletion()
        device.transport.enqueue(.respond(LaunchHarness.accountDeleted), for: LaunchHarness.account, method: "DELETE")
        await flow.confirmAccountDeletion()
        #expect(log.events == ["will ada@example.com deletes sent: 0", "deleted ada@example.com"])
        #expect(flow.accountDeletionScreen?.step == .deleted)
    }

    @Test("a throw from the app's own deletion keeps the account: back to the confirmation with its words, nothing sent, still signed in")
    func throwStopsTheDeletion() async throws {
        let log = HookLog()
        let flow = await device.signedIn(configuration: LaunchFlow.Configuration(
            willDeleteAccount: { _ in throw BackendRefused() },
            onAccountDeleted: { _ in log.events.append("deleted") }))
        flow.requestAccountDeletion()
        await flow.confirmAccountDeletion()
        let failed = try #require(flow.accountDeletionScreen)
        #expect(failed.step == .confirm && failed.error == "Your account was not deleted. Our server couldn't delete your photos.")
        #expect(device.transport.requests(to: LaunchHarness.account).isEmpty && flow.signIn?.session != nil)
        #expect(log.events.isEmpty)
    }

    @Test("a deletion the server refused runs no clean-up")
    func failureRunsNoCleanUp() async throws {
        let log = HookLog()
        let flow = await device.signedIn(configuration: LaunchFlow.Configuration(onAccountDeleted: { _ in log.events.append("deleted") }))
        flow.requestAccountDeletion()
        device.transport.enqueue(.respond(.signInError("unavailable", status: 503)), for: LaunchHarness.account)
        await flow.confirmAccountDeletion()
        #expect(flow.accountDeletionScreen?.step == .confirm && log.events.isEmpty)
    }
}
