import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The launch flow's order: checking, blocking screens, recommended, sign-in, welcome, app")
struct LaunchFlowOrderTests {
    private let device = LaunchHarness()

    @Test("a blocking launch shows checking until the answer, then the app when nothing is due and sign-in is off")
    func checkingThenApp() async {
        device.answer()
        let flow = device.launch(mode: .blocking(timeout: .seconds(5)), signIn: false)
        #expect(flow.state == .checking)
        await flow.start()
        #expect(flow.state == .plainApp)
    }

    @Test("a required update blocks before sign-in, and no sign-in tap gets through")
    func requiredBeforeSignIn() async {
        device.answer(required: "2.0.0", latest: "2.0.0")
        let flow = device.launch(mode: .blocking(timeout: .seconds(5)))
        await flow.start()
        guard case .updateRequired(let screen) = flow.state else { Issue.record("got \(flow.state)"); return }
        #expect(screen.kind == .updateRequired && !screen.isDismissable)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        #expect(device.transport.requests(to: SignInFixtures.sendCode).isEmpty)
        #expect(flow.signIn?.email == "")
        #expect(!flow.dismiss(), "a blocking screen can't be dismissed")
        await flow.perform(GateAction(title: "Not Now", role: .dismiss))
        #expect(flow.state.isBlocking)
    }

    @Test("end of life and an unsupported device are their own blocking states")
    func endOfLifeAndUnsupported() async {
        device.answer(endOfLife: true)
        let retired = device.launch()
        await retired.start()
        guard case .endOfLife(let screen) = retired.state else { Issue.record("got \(retired.state)"); return }
        #expect(screen.message == "Retired.")

        device.answer(required: "3.0.0", latest: "3.0.0", minimumOS: "18.0")
        let old = device.launch()
        await old.start()
        guard case .deviceUnsupported(let unsupported) = old.state else { Issue.record("got \(old.state)"); return }
        #expect(unsupported.message.contains("iOS 18.0 or later"))
    }

    @Test("a recommended update comes before sign-in and, once skipped, leads to sign-in")
    func recommendedThenSignIn() async {
        device.answer(latest: "2.0.0", recommended: "2.0.0")
        let flow = device.launch()
        await flow.start()
        guard case .updateRecommended(let screen) = flow.state else { Issue.record("got \(flow.state)"); return }
        #expect(screen.secondaryAction?.role == .dismiss)
        await flow.perform(screen.secondaryAction!)
        #expect(flow.state == .signingIn(.enteringEmail))
    }

    @Test("the banner waits for sign-in, then sits over the app; Details opens the dialog and Not Now hides both")
    func bannerAfterSignIn() async {
        device.answer(latest: "2.0.0")
        let flow = device.launch()
        await flow.start()
        #expect(flow.state == .signingIn(.enteringEmail), "no banner over the sign-in screen")
        await device.signIn(flow, isNewUser: false)
        guard case .app(let banner?, nil) = flow.state else { Issue.record("got \(flow.state)"); return }
        #expect(banner.style == .banner)
        flow.showDetails()
        guard case .app(nil, let details?) = flow.state else { Issue.record("got \(flow.state)"); return }
        #expect(details.primaryAction?.role == .update)
        #expect(await flow.openUpdate())
        #expect(device.opener.opened == [URL(string: "https://apps.apple.com/app/id1")!])
        #expect(flow.dismiss())
        #expect(flow.state == .plainApp)
    }

    @Test("without sign-in the update check leads straight to the app, banner included")
    func noSignIn() async {
        device.answer(latest: "2.0.0")
        let flow = device.launch(signIn: false)
        await flow.start()
        guard case .app(_?, nil) = flow.state else { Issue.record("got \(flow.state)"); return }
        #expect(flow.signInScreen == nil)
        await flow.signOut()
        #expect(flow.state.showsApp, "sign-out does nothing without sign-in")
    }

    @Test("a flow without an update check (a setup that failed open) shows sign-in and then the app")
    func noUpdateCheck() async {
        let flow = LaunchFlow(updates: nil, signIn: nil)
        #expect(flow.state == .plainApp)
        await flow.start()
        #expect(flow.state == .plainApp)
        #expect(!flow.dismiss())
        #expect(!(await flow.openUpdate()))
    }

    @Test("Update Now on a required screen opens the update URL, and the block stays until a new policy lifts it")
    func updateNowKeepsBlock() async throws {
        device.answer(required: "2.0.0", latest: "2.0.0")
        let flow = device.launch()
        await flow.start()
        let update = try #require(flow.state.gateScreen?.primaryAction)
        #expect(update.role == .update)
        await flow.perform(update)
        #expect(device.opener.opened == [URL(string: "https://apps.apple.com/app/id1")!])
        #expect(flow.state.isBlocking)
        await flow.perform(GateAction(title: "Details", role: .showDetails))
        #expect(flow.state.isBlocking, "a button that isn't on screen does nothing")

        device.answer()
        await flow.didBecomeActive()
        #expect(flow.state == .signingIn(.enteringEmail), "the new policy lifts the block")
    }

    @Test("a tap meant for a banner that is no longer shown does nothing")
    func staleTap() async {
        device.answer(latest: "2.0.0")
        let flow = device.launch(signIn: false)
        await flow.start()
        #expect(flow.dismiss())
        await flow.perform(GateAction(title: "Details", role: .showDetails))
        flow.showDetails()
        #expect(flow.state == .plainApp)
        #expect(!(await flow.openUpdate()))
    }

    @Test("start runs the launch once however often it is called: one check, one session confirmation")
    func startsOnce() async {
        try? device.sessions.saveSession(SignInFixtures.storedSession())
        let answer = TransportGate()
        device.transport.enqueue(.gated(answer, SignInFixtures.sessionAnswer()), for: SignInFixtures.session)
        device.transport.enqueue(.respond(SignInFixtures.sessionAnswer()), for: SignInFixtures.session)
        device.answer()
        device.answer()
        let flow = device.launch()
        let first = Task { await flow.start() }
        let second = Task { await flow.start() }
        while device.transport.requests(to: SignInFixtures.session).isEmpty { await Task.yield() }
        answer.open()
        await first.value
        await second.value
        await flow.start()
        #expect(device.transport.requests(to: SignInFixtures.session).count == 1)
        #expect(device.transport.requests(to: device.policyURL).count == 1)
        await flow.didBecomeActive()
        #expect(device.transport.requests(to: device.policyURL).count == 2, "once launched, a foreground checks again")
    }

    @Test("sign-out is only taken from the app or the welcome, not from a checking or recommended screen")
    func signOutOnlyFromTheApp() async {
        try? device.sessions.saveSession(SignInFixtures.storedSession())
        device.answer(latest: "2.0.0", recommended: "2.0.0")
        device.transport.enqueue(.respond(SignInFixtures.sessionAnswer()), for: SignInFixtures.session)
        let flow = device.launch()
        await flow.start()
        guard case .updateRecommended = flow.state else { Issue.record("got \(flow.state)"); return }
        await flow.signOut()
        #expect(flow.signIn?.session != nil)
    }

    @Test("every update screen and account deletion go above the app's own presentations; sign-in, the welcome and the app with its banner don't")
    func aboveApp() {
        let screen = GateScreen(kind: .updateRequired, style: .blocking, title: "t", message: "m")
        let deletion = LaunchFlow.State.deletingAccount(.at(.confirm, strings: .english))
        for state in [LaunchFlow.State.checking, .updateRequired(screen), .endOfLife(screen), .deviceUnsupported(screen),
                      .updateRecommended(screen), deletion] {
            #expect(state.isAboveApp, "\(state)")
        }
        let user = SignInFixtures.storedSession().user
        for state in [LaunchFlow.State.signingIn(.enteringEmail), .welcome(user), .plainApp, .app(banner: screen, details: nil)] {
            #expect(!state.isAboveApp, "\(state)")
        }
    }

    @Test("the blocking screens and account deletion take key from the app's window; loading and a recommended update leave it")
    func takesKey() {
        let screen = GateScreen(kind: .updateRequired, style: .blocking, title: "t", message: "m")
        for state in [LaunchFlow.State.updateRequired(screen), .endOfLife(screen), .deviceUnsupported(screen),
                      .maintenance(screen), .deletingAccount(.at(.deleted, strings: .english))] {
            #expect(state.takesKey, "\(state)")
        }
        for state in [LaunchFlow.State.checking, .updateRecommended(screen), .plainApp] {
            #expect(!state.takesKey, "\(state)")
        }
    }
}
