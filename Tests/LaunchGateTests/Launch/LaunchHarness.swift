import Foundation
import LaunchGate
import LaunchGateTesting

/// One device for launch-flow tests: its stores survive ``launch(version:mode:signIn:exemptEmails:languages:configuration:)``
/// being called again, so a second call is a relaunch of the same install.
@MainActor
final class LaunchHarness {
    let transport = ScriptedTransport()
    let store = InMemoryKeyValueStore()
    let sessions = InMemorySessionStore()
    let clock = TestClock()
    let opener = RecordingURLOpener()
    let policyURL = PolicyDocuments.url

    /// Launches the app: a new flow over this device's stores.
    func launch(version: AppVersion = "1.5.0", mode: LaunchMode = .nonBlocking, signIn: Bool = true,
                exemptEmails: Set<String> = [], languages: [String] = ["en"],
                configuration: LaunchFlow.Configuration? = nil) -> LaunchFlow {
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: policyURL), launchMode: mode),
            app: AppInfo(version: version, platform: .ios, osVersion: "17.4", preferredLanguages: languages), store: store, transport: transport,
            opener: opener, now: clock.now, makeInstallID: { "install-1" })
        let signInFlow = signIn
            ? SignInFlow(client: SignInFixtures.client(transport), sessions: sessions, store: store, now: clock.now,
                         makeDeviceID: { SignInFixtures.device })
            : nil
        return LaunchFlow(updates: monitor, signIn: signInFlow, configuration: configuration ?? .exempting(emails: exemptEmails))
    }

    /// The next policy answer, checked again at every foreground (a refresh interval of 0, as seed 000).
    func answer(required: String = "1.0.0", latest: String = "1.5.0", recommended: String? = nil,
                endOfLife: Bool = false, minimumOS: String? = nil) {
        let eol = endOfLife ? #", "endOfLife": {"message": "Retired."}"# : ""
        let recommend = recommended.map { #", "recommended": {"version": "\#($0)"}"# } ?? ""
        let os = minimumOS.map { #", "minimumOS": "\#($0)""# } ?? ""
        let body = """
        {"schemaVersion": 1, "issuedAt": "2026-11-20T09:00:00Z", "subject": \(PolicyDocuments.iosSubject),
         "platforms": {"ios": {"latest": {"version": "\(latest)", "notes": "Bug fixes."\(os)},
           "required": {"version": "\(required)"}\(recommend), "updateURL": "https://apps.apple.com/app/id1",
           "refreshInterval": 0\(eol)}}}
        """
        transport.enqueue(.respond(.json(Data(body.utf8))), for: policyURL)
    }

    /// A returning user signed in and shown the app, after the launch's check: where every
    /// account deletion starts.
    func signedIn(configuration: LaunchFlow.Configuration? = nil) async -> LaunchFlow {
        answer()
        let flow = launch(configuration: configuration)
        await flow.start()
        await signIn(flow, isNewUser: false)
        return flow
    }

    /// The account endpoint, whose DELETE deletes the signed-in user's account.
    static let account = SignInFixtures.app("account")
    /// The server's answer to a deletion that succeeded.
    static let accountDeleted = TransportResponse.json(#"{"status": "success", "message": "Account deleted."}"#)

    /// Asks for the account's deletion and confirms it, with the server's answer held at `gate`
    /// until the test opens it. Returns once the DELETE is out, with the confirmation still
    /// running; the wait yields rather than sleeps, and is bounded, so a flow that never sends
    /// fails the test's next check instead of hanging.
    func confirmDeletion(_ flow: LaunchFlow, heldAt gate: TransportGate) async -> Task<Void, Never> {
        flow.requestAccountDeletion()
        transport.enqueue(.gated(gate, Self.accountDeleted), for: Self.account)
        let deleting = Task { await flow.perform(.confirm) }
        for _ in 0..<10_000 where transport.requests(to: Self.account).isEmpty { await Task.yield() }
        return deleting
    }

    /// Takes a started flow through sign-in with `email`, as a user would type it.
    func signIn(_ flow: LaunchFlow, email: String = "ada@example.com", isNewUser: Bool) async {
        transport.enqueue(.respond(.codeSent(codeLength: 6)), for: SignInFixtures.sendCode)
        transport.enqueue(.respond(.signedIn(email: email, isNewUser: isNewUser)), for: SignInFixtures.verifyCode)
        flow.updateEmail(email)
        await flow.sendCode()
        flow.updateCode("123456")
        await flow.verify()
    }
}

extension LaunchFlow {
    /// The account deletion's screen while the flow shows one; `nil` otherwise.
    var accountDeletionScreen: AccountDeletionScreen? {
        if case .deletingAccount(let screen) = state { screen } else { nil }
    }
}
