import Foundation
import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateConsole

/// The editor previewed the address step of sign-in and the welcome, but not the code step in
/// between; then its code step was built from the same call the test compared it with, with
/// defaults that enabled every button, so it showed a state ``SignInFlow`` never shows.
@Suite("The editor's previews show every sign-in step as a person meets it, in the SDK's words")
struct ConsoleScreenPreviewsTests {
    private func screens(locale: String = "en") throws -> [ScreenPreviews.Screen] {
        let policy = UpdatePolicy(app: "notes", platforms: [.ios: PlatformPolicy(latest: Release(version: "2.0.0"))])
        let groups = ScreenPreviews.groups(for: policy, now: Samples.now).groups
        return try #require(groups.first { $0.locale == locale }).screens
    }

    /// A real flow, its send-code answered as the server does by default (6 digits, a minute's wait),
    /// and its verify-code with `verifyAnswer`, if any.
    @MainActor
    private func flowAtCodeStep(verifyAnswer: TransportResponse? = nil) async -> SignInFlow {
        let base = URL(string: "https://auth.example.com")!
        let transport = ScriptedTransport()
        transport.enqueue(.respond(.codeSent(codeLength: 6, resendAfter: 60)), for: URL(string: "https://auth.example.com/v1/apps/notes/auth/send-code")!)
        if let verifyAnswer {
            transport.enqueue(.respond(verifyAnswer), for: URL(string: "https://auth.example.com/v1/apps/notes/auth/verify-code")!)
        }
        let flow = SignInFlow(client: AuthClient(baseURL: base, paths: .app("notes"), transport: transport),
                              sessions: InMemorySessionStore(), store: InMemoryKeyValueStore(), now: TestClock().now,
                              makeDeviceID: { DeviceID("device-1")! })
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        return flow
    }

    private func rendered(_ screen: SignInScreen, id: String, label: String) -> ScreenPreviews.Screen {
        ScreenPreviews.Screen(id: id, label: label, signIn: screen)
    }

    // MARK: Tests

    @Test("the sign-in previews run address, code, welcome, in the order a user meets them")
    func signInSteps() throws {
        let ids = try screens().map(\.id)
        #expect(ids.suffix(4) == ["sign-in", "sign-in-code", "sign-in-error", "welcome"])
    }

    @Test("the address step's preview is the screen SignInFlow opens on: an empty field, Send Code disabled")
    @MainActor
    func emailStep() throws {
        let preview = try #require(try screens().first { $0.id == "sign-in" })
        let flow = SignInFlow(client: AuthClient(baseURL: URL(string: "https://auth.example.com")!, paths: .app("notes"), transport: ScriptedTransport()),
                              sessions: InMemorySessionStore(), store: InMemoryKeyValueStore(), now: TestClock().now,
                              makeDeviceID: { DeviceID("device-1")! })
        let sdk = rendered(flow.screen(strings: .english), id: "sign-in", label: "Sign-in")
        #expect(preview == sdk)
        #expect(preview.field?.label == "Email address" && preview.field?.placeholder == "you@example.com")
        #expect(preview.actions.map(\.isEnabled) == [false])
    }

    @Test("the code step's preview is the screen SignInFlow shows as the code step opens, buttons' states included")
    @MainActor
    func codeStep() async throws {
        let preview = try #require(try screens().first { $0.id == "sign-in-code" })
        let flow = await flowAtCodeStep()
        let sdk = rendered(flow.screen(strings: .english), id: "sign-in-code", label: "Sign-in code")
        #expect(preview == sdk)
        #expect(preview.field?.placeholder == "000000" && preview.field?.isCode == true)
        #expect(preview.actions.map(\.title) == ["Verify Code", "Send New Code in 60 s", "Use a Different Email"])
        #expect(preview.actions.map(\.isEnabled) == [false, false, true])
    }

    @Test("the sign-in error's preview is the screen SignInFlow shows when the server refuses the code")
    @MainActor
    func wrongCode() async throws {
        let preview = try #require(try screens().first { $0.id == "sign-in-error" })
        let flow = await flowAtCodeStep(verifyAnswer: .signInError("invalid_code", status: 400, message: "That code is not right."))
        flow.updateCode("123456")
        await flow.verify()
        let sdk = rendered(flow.screen(strings: .english), id: "sign-in-error", label: "Sign-in error")
        #expect(preview == sdk)
        #expect(preview.error == "That code is not right, or it has expired. Ask for a new one." && preview.field?.value == "123456")
        #expect(preview.actions.map(\.title) == ["Enter the Code Again"])
    }

    @Test("the banner is one row: its words are the tap target, and Not Now the only button")
    func banner() throws {
        let banner = try #require(try screens().first { $0.id == "banner" })
        #expect(banner.actions.map(\.title) == ["Not Now"] && banner.actions.allSatisfy { !$0.isPrimary })
        #expect(banner.icon?.symbol == "arrow.down.circle.fill")
    }

    @Test("the previews open with what a blocking launch check shows: the SDK's Checking for updates…")
    func checking() throws {
        let first = try #require(try screens().first)
        #expect(first.id == "checking" && first.style == "loading" && first.title == LaunchGateStrings.english.checking)
        #expect(first.title == "Checking for updates…" && first.icon?.shape == "spinner" && first.actions.isEmpty)
    }

    @Test("update required and device unsupported are drawn as their symbols, not as ↻ (reload) and ⊘ (prohibited)")
    func drawnSymbols() {
        let required = ScreenPreviews.Screen.Icon(kind: .updateRequired)
        let unsupported = ScreenPreviews.Screen.Icon(kind: .deviceUnsupported)
        #expect(required.symbol == "exclamationmark.arrow.circlepath" && required.shape == "arrow-alert" && required.glyph == nil)
        #expect(unsupported.symbol == "iphone.slash" && unsupported.shape == "phone-slash" && unsupported.glyph == nil)
    }

    @Test("the previews' colours are the SDK's system palette: the button, the dark sheet, the secondary grey")
    func palette() {
        let css = ScreenPreviews.paletteStylesheet
        #expect(css.contains("--lg-button: #0062D6;") && css.contains("--lg-button-text: #FFFFFF;"))
        #expect(css.contains("--lg-sheet: #1C1C1E;") && css.contains("--lg-banner: #1C1C1E;"))
        #expect(css.contains("--lg-message: #6C6C70;") && css.contains("--lg-message: #AEAEB2;"))
    }
}
