import Foundation
import LaunchGateTesting
import Observation
import Testing
@testable import LaunchGate

/// An app's own account model, as an app with its own sign-in has one.
@MainActor
@Observable
private final class AppAccount {
    var email: String?
}

/// Set once from an observation's change handler, which may run on any thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}

@MainActor
@Suite("Exempting the users of an app's own sign-in")
struct LaunchFlowExemptionTests {
    private let device = LaunchHarness()

    // MARK: Tests

    @Test("a required update is hidden while the app says its user is exempt, and back the moment it doesn't")
    func appSaysExempt() async {
        let account = AppAccount()
        device.answer(required: "2.0.0", latest: "2.0.0")
        let flow = device.launch(signIn: false, configuration: .exempting(when: { account.email == "review@example.com" }))
        await flow.start()
        #expect(flow.state.isBlocking, "nobody is signed in to the app yet")
        account.email = "review@example.com"
        #expect(flow.state == .plainApp)
        account.email = "ada@example.com"
        #expect(flow.state.isBlocking)
    }

    @Test("a view that read the state hears when the app's account changes, so it redraws")
    func observersHear() async {
        let account = AppAccount()
        device.answer(required: "2.0.0", latest: "2.0.0")
        let flow = device.launch(signIn: false, configuration: .exempting(when: { account.email == "review@example.com" }))
        await flow.start()
        let changed = Flag()
        let shown = withObservationTracking { flow.state } onChange: { changed.raise() }
        #expect(shown.isBlocking)
        account.email = "review@example.com"
        #expect(changed.isRaised, "the state's reader is told to read it again")
    }

    @Test("both kinds of exemption count: LaunchGate's signed-in test user, or the app's word")
    func bothCount() async {
        device.answer(required: "2.0.0", latest: "2.0.0")
        try? device.sessions.saveSession(SignInFixtures.storedSession(email: "test@example.com"))
        let configuration = LaunchFlow.Configuration(isExemptUser: { $0.email.description == "test@example.com" }, isExempt: { false })
        let flow = device.launch(configuration: configuration)
        #expect(flow.state == .plainApp)
    }
}
