import Foundation
import LaunchGateTesting
@_spi(LaunchGateServer) @testable import LaunchGate

/// Every screen the SDK can show, in one language: each kind and style of update screen (with and
/// without an update URL, for a version and for a build-only target), and each step of sign-in as
/// a flow reaches it, for the text snapshots.
@MainActor
enum ScreenCatalog {
    /// One screen and the words that say which it is.
    enum Entry {
        case gate(String, GateScreen)
        case signIn(String, SignInScreen)
    }

    // MARK: Update screens

    private static let store = URL(string: "https://apps.apple.com/app/id1234567890")

    private static func prompt(_ kind: ScreenKind, version: AppVersion? = "2.4.1", reason: UpdatePrompt.Reason = .none,
                               minimumOS: AppVersion? = nil, text: ScreenText? = nil, endOfLife: String? = nil) -> UpdatePrompt {
        UpdatePrompt(kind: kind, targetVersion: version, targetBuild: BuildNumber(241), releaseNotes: "Faster sync and a new widget.",
                     updateURL: store, minimumOS: minimumOS, text: text, endOfLifeMessage: endOfLife, reason: reason)
    }

    /// Every update screen in `strings`' language.
    static func gateScreens(_ strings: LaunchGateStrings) -> [Entry] {
        let samples: [(String, UpdatePrompt, GateScreen.Style, Platform, Bool)] = [
            ("update available: banner", prompt(.updateAvailable), .banner, .ios, true),
            ("update available: banner, build-only target", prompt(.updateAvailable, version: nil), .banner, .ios, true),
            ("update available: details dialog", prompt(.updateAvailable), .dialog, .ios, true),
            ("update available: details dialog, no update URL", prompt(.updateAvailable), .dialog, .ios, false),
            ("update recommended", prompt(.updateRecommended), .fullScreen, .ios, true),
            ("update recommended, build-only target", prompt(.updateRecommended, version: nil), .fullScreen, .ios, true),
            ("update required: below the minimum", prompt(.updateRequired, reason: .belowMinimum), .blocking, .ios, true),
            ("update required: below the minimum, build-only target",
             prompt(.updateRequired, version: nil, reason: .belowMinimum), .blocking, .ios, true),
            ("update required: a blocked release", prompt(.updateRequired, reason: .blocked), .blocking, .ios, true),
            ("update required: a blocked release, build-only target",
             prompt(.updateRequired, version: nil, reason: .blocked), .blocking, .ios, true),
            ("update required: no update URL, iOS", prompt(.updateRequired, reason: .belowMinimum), .blocking, .ios, false),
            ("update required: no update URL, Android", prompt(.updateRequired, reason: .belowMinimum), .blocking, .android, false),
            ("update required: the policy's own words", prompt(.updateRequired, reason: .belowMinimum,
                                                               text: ScreenText(title: "Time to update", message: "Notes 2.4 syncs faster.")),
             .blocking, .ios, true),
            ("end of life: the default message, with a link", prompt(.endOfLife), .blocking, .ios, true),
            ("end of life: the policy's message, no link", prompt(.endOfLife, endOfLife: "Notes moved to notes.example.com."),
             .blocking, .ios, false),
            ("device unsupported: needs a minimum OS", prompt(.deviceUnsupported, reason: .belowMinimum, minimumOS: "17.0"),
             .blocking, .ios, true),
            ("device unsupported: needs a newer OS", prompt(.deviceUnsupported, reason: .belowMinimum), .blocking, .ipados, true),
            ("device unsupported: build-only target, a minimum OS",
             prompt(.deviceUnsupported, version: nil, reason: .belowMinimum, minimumOS: "17.0"), .blocking, .ios, true),
            ("device unsupported: build-only target, a newer OS", prompt(.deviceUnsupported, version: nil, reason: .belowMinimum),
             .blocking, .watchos, true),
            ("maintenance: the window's message, with a link",
             UpdatePrompt(kind: .maintenance,
                          maintenance: MaintenanceWindow(start: Date(timeIntervalSince1970: 0), message: "Back by 04:00 UTC.",
                                                         url: URL(string: "https://status.example.com"))),
             .blocking, .ios, true),
            ("OS support ending: banner",
             UpdatePrompt(kind: .osSupportEnding, osSupportEnds: OSSupportEnd(below: "18.0", after: Date(timeIntervalSince1970: 1_803_859_200))),
             .banner, .ios, true),
            ("OS support ending: details dialog",
             UpdatePrompt(kind: .osSupportEnding, osSupportEnds: OSSupportEnd(below: "18.0", after: Date(timeIntervalSince1970: 1_803_859_200))),
             .dialog, .ios, true),
            ("maintenance: a blank message, no link",
             UpdatePrompt(kind: .maintenance, maintenance: MaintenanceWindow(start: Date(timeIntervalSince1970: 0), message: "")),
             .blocking, .ios, false),
        ]
        return samples.map { name, prompt, style, platform, hasURL in
            .gate(name, GateScreen.make(for: prompt, style: style, platform: platform, hasUpdateURL: hasURL, strings: strings))
        }
    }

    // MARK: Sign-in

    private static let base = URL(string: "https://auth.example.com")!
    private static func endpoint(_ name: String) -> URL { URL(string: "https://auth.example.com/v1/apps/notes/auth/\(name)")! }

    /// Each step of sign-in as a flow reaches it, rendered in `strings`' language.
    static func signInScreens(_ strings: LaunchGateStrings) async -> [Entry] {
        let transport = ScriptedTransport()
        let clock = TestClock()
        let flow = SignInFlow(client: AuthClient(baseURL: base, paths: .app("notes"), transport: transport),
                              sessions: InMemorySessionStore(), store: InMemoryKeyValueStore(), now: clock.now,
                              makeDeviceID: { DeviceID("device-1")! })
        var entries: [Entry] = []
        func take(_ name: String) { entries.append(.signIn(name, flow.screen(strings: strings))) }
        /// Runs a request held at a gate, takes the screen while it runs, then lets it answer.
        func whileWaiting(_ name: String, for url: URL, answer: TransportResponse, _ step: @escaping @MainActor () async -> Void) async {
            let gate = TransportGate()
            transport.enqueue(.gated(gate, answer), for: url)
            let running = Task { @MainActor in await step() }
            while transport.requests(to: url).isEmpty { await Task.yield() }
            take(name)
            gate.open()
            await running.value
        }

        take("email: empty")
        flow.updateEmail("ada@@example.com")
        await flow.sendCode()
        take("email: an address that breaks the rules")
        flow.recover()
        flow.updateEmail("ada@example.com")
        take("email: typed")
        await whileWaiting("email: sending", for: endpoint("send-code"), answer: .codeSent(codeLength: 6, resendAfter: 60)) {
            await flow.sendCode()
        }
        take("code: just sent, the resend countdown running")
        flow.updateCode("12")
        take("code: two digits typed")
        clock.advance(by: 60)
        flow.updateCode("123456")
        take("code: complete, resending allowed")
        await whileWaiting("code: verifying", for: endpoint("verify-code"),
                           answer: .signInError("invalid_code", status: 400, message: "That code is wrong.")) {
            await flow.verify()
        }
        take("code: wrong")
        flow.recover()
        flow.updateCode("123456")
        transport.enqueue(.respond(.signInError("rate_limited", status: 429, message: "Slow down.", retryAfter: 42)),
                          for: endpoint("verify-code"))
        await flow.verify()
        take("code: too many tries, the server's wait running")
        flow.recover()
        take("code: back at the code, waiting out the server")
        clock.advance(by: 42)
        transport.enqueue(.fail(.transport("offline")), for: endpoint("verify-code"))
        await flow.verify()
        take("code: offline")
        flow.recover()
        transport.enqueue(.respond(.signedIn(isNewUser: true)), for: endpoint("verify-code"))
        await flow.verify()
        take("welcome: a new user")
        return entries
    }
}
