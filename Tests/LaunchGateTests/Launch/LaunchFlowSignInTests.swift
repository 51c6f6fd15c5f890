import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The launch flow around sign-in: welcome, relaunch, sign-out, exemptions and a block mid sign-in")
struct LaunchFlowSignInTests {
    private let device = LaunchHarness()

    @Test("a new user goes from the address to the code, to a welcome with their address, and on to the app")
    func newUserWelcome() async {
        device.answer()
        let flow = device.launch()
        await flow.start()
        #expect(flow.state == .signingIn(.enteringEmail))
        device.transport.enqueue(.respond(.codeSent(codeLength: 6)), for: SignInFixtures.sendCode)
        device.transport.enqueue(.respond(.signedIn(isNewUser: true)), for: SignInFixtures.verifyCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        guard case .signingIn(.enteringCode(let entry)) = flow.state else { Issue.record("got \(flow.state)"); return }
        #expect(entry.address.description == "ada@example.com")
        flow.updateCode("123456")
        await flow.verify()
        guard case .welcome(let user) = flow.state else { Issue.record("got \(flow.state)"); return }
        #expect(flow.signInScreen?.message == "You're signed in as ada@example.com.")
        #expect(user.email.description == "ada@example.com")
        await flow.perform(.finishWelcome)
        #expect(flow.state == .plainApp)
    }

    @Test("a returning user skips the welcome")
    func returningUser() async {
        device.answer()
        let flow = device.launch()
        await flow.start()
        await device.signIn(flow, isNewUser: false)
        #expect(flow.state == .plainApp)
    }

    @Test("a relaunch goes straight on: a signed-in user never sees sign-in, not even before the check answers")
    func relaunchSignedIn() async {
        device.answer()
        let first = device.launch()
        await first.start()
        await device.signIn(first, isNewUser: true)
        #expect(first.state == .welcome(first.signIn!.session!.user))

        // Relaunch before the welcome was finished: it shows again, and only until it is.
        device.answer()
        let second = device.launch()
        #expect(second.state.isWelcome, "known at once from the device, before any request")
        second.finishWelcome()
        #expect(second.state == .plainApp)

        device.answer()
        device.transport.enqueue(.respond(SignInFixtures.sessionAnswer()), for: SignInFixtures.session)
        let third = device.launch()
        #expect(third.state == .plainApp, "the welcome was seen, and the session is on the device")
        await third.start()
        #expect(third.state == .plainApp)
    }

    @Test("a session the server no longer knows returns to sign-in at launch")
    func revokedSession() async {
        try? device.sessions.saveSession(SignInFixtures.storedSession())
        device.answer()
        device.transport.enqueue(.respond(.signInError("unauthorized", status: 401)), for: SignInFixtures.session)
        let flow = device.launch()
        #expect(flow.state == .plainApp)
        await flow.start()
        #expect(flow.state == .signingIn(.enteringEmail))
    }

    @Test("sign-out returns to sign-in, and a relaunch stays there")
    func signOut() async {
        device.answer()
        let flow = device.launch()
        await flow.start()
        await device.signIn(flow, isNewUser: false)
        device.transport.enqueue(.respond(.json(#"{"status": "success"}"#)), for: SignInFixtures.signOut)
        await flow.signOut()
        #expect(flow.state == .signingIn(.enteringEmail))
        device.answer()
        #expect(device.launch().state == .signingIn(.enteringEmail))
    }

    @Test("a required update found at a foreground check mid sign-in wins, and sign-in resumes where it was")
    func blockMidSignIn() async {
        device.answer()
        let flow = device.launch()
        await flow.start()
        device.transport.enqueue(.respond(.codeSent(codeLength: 6)), for: SignInFixtures.sendCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.updateCode("12")
        let codeStep = flow.state

        device.answer(required: "2.0.0", latest: "2.0.0")
        await flow.didBecomeActive()
        guard case .updateRequired = flow.state else { Issue.record("got \(flow.state)"); return }
        flow.updateCode("123456")
        await flow.verify()
        await flow.resend()
        flow.useDifferentEmail()
        #expect(device.transport.requests(to: SignInFixtures.verifyCode).isEmpty, "no tap behind the block gets through")
        #expect(flow.signInScreen == nil)

        device.answer()
        await flow.didBecomeActive()
        #expect(flow.state == codeStep, "back at the code step")
        #expect(flow.signIn?.code == "12", "with the digits typed before")
    }

    @Test("a signed-in test user skips every update screen (seed 000), and other users don't")
    func exemptUser() async {
        device.answer(required: "2.0.0", latest: "2.0.0")
        let flow = device.launch(exemptEmails: ["Test@Example.com"])
        await flow.start()
        #expect(flow.state.isBlocking, "nobody is signed in yet")
        try? device.sessions.saveSession(SignInFixtures.storedSession(email: "test@example.com"))
        device.answer(required: "2.0.0", latest: "2.0.0")
        let tester = device.launch(exemptEmails: ["Test@Example.com"])
        #expect(tester.state == .plainApp)
        device.transport.enqueue(.respond(SignInFixtures.sessionAnswer(email: "test@example.com")), for: SignInFixtures.session)
        await tester.start()
        #expect(tester.state == .plainApp)
    }

    @Test("the welcome shows once per user: signing out and in again goes straight to the app")
    func welcomeOncePerUser() async {
        device.answer()
        let flow = device.launch()
        await flow.start()
        await device.signIn(flow, isNewUser: true)
        flow.finishWelcome()
        await flow.signOut()
        await device.signIn(flow, isNewUser: true)
        #expect(flow.state == .plainApp)
        flow.finishWelcome()
        #expect(flow.state == .plainApp, "finishing a welcome that isn't shown changes nothing")
    }

    @Test("the app's content belongs to one user: its identity changes with the user and is gone when signed out")
    func contentIdentity() async {
        device.answer()
        let flow = device.launch()
        await flow.start()
        #expect(flow.contentIdentity == nil)
        await device.signIn(flow, isNewUser: false)
        #expect(flow.contentIdentity == "usr_1")
        await flow.signOut()
        #expect(flow.contentIdentity == nil)
        device.transport.enqueue(.respond(.codeSent(codeLength: 6)), for: SignInFixtures.sendCode)
        device.transport.enqueue(.respond(.signedIn(email: "bob@example.com", userID: "usr_2")), for: SignInFixtures.verifyCode)
        flow.updateEmail("bob@example.com")
        await flow.sendCode()
        flow.updateCode("123456")
        await flow.verify()
        #expect(flow.contentIdentity == "usr_2")
        #expect(device.launch(signIn: false).contentIdentity == "", "an app without sign-in has one owner")
    }
}

extension LaunchFlow.State {
    fileprivate var isWelcome: Bool { if case .welcome = self { true } else { false } }
}
