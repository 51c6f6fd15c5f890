import Foundation
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateSimulator

@Suite("Simulator cards: the SDK's screens as text")
struct ScreenCardTests {
    private let required = GateScreen(
        kind: .updateRequired, style: .blocking, title: "Update required",
        message: "This version is no longer supported. Please update to version 2.4.1 to continue.",
        releaseNotes: "Faster sync.", primaryAction: GateAction(title: "Update Now", role: .update))
    private let banner = GateScreen(
        kind: .updateAvailable, style: .banner, title: "Update available", message: "Version 2.4.1 is available.",
        primaryAction: GateAction(title: "Details", role: .showDetails), secondaryAction: GateAction(title: "Not Now", role: .dismiss))

    private func user() throws -> SignInUser {
        SignInUser(id: "usr_1", email: try EmailAddress("ada@example.com"), createdAt: Date(), lastSignInAt: Date())
    }

    // MARK: Tests

    @Test("a blocking screen's card has its title, message, notes and button, and nothing else")
    func blocking() {
        let card = ScreenCard.make(state: .updateRequired(required), signInScreen: nil, user: nil, strings: .english)
        #expect(card.label == "Update required")
        #expect(card.paragraphs == [required.message, "Faster sync."])
        #expect(card.allButtons.map { $0.title } == ["Update Now"])
        #expect(card.allButtons.first?.target == .gate(GateAction(title: "Update Now", role: .update)))
        #expect(card.banner == nil && card.field == nil)
    }

    @Test("the app's card carries the banner and its buttons first, then the signed-in user's line and sign-out")
    func app() throws {
        let card = ScreenCard.make(state: .app(banner: banner, details: nil), signInScreen: nil, user: try user(), strings: .english)
        #expect(card.label == ScreenCard.appLabel)
        #expect(card.banner?.title == "Update available")
        #expect(card.paragraphs == ["You're signed in as ada@example.com."])
        #expect(card.allButtons.map { $0.title } == ["Details", "Not Now", "Sign Out"])
        #expect(card.buttons.last?.target == .signOut)
        let plain = ScreenCard.make(state: .plainApp, signInScreen: nil, user: nil, strings: .english)
        #expect(plain == ScreenCard(label: "App"))
    }

    @Test("the banner's dialog is a card of its own, and checking shows the SDK's loading text")
    func dialogAndChecking() {
        #expect(ScreenCard.make(state: .app(banner: nil, details: required), signInScreen: nil, user: nil, strings: .english).label == "Update required")
        #expect(ScreenCard.make(state: .checking, signInScreen: nil, user: nil, strings: .english).label == StringKey.checking.english)
    }

    @Test("a sign-in card has the step's field and buttons, with whether they can be tapped")
    @MainActor
    func signIn() {
        let flow = SignInFlow(client: AuthClient(baseURL: URL(string: "https://auth.example.com")!, paths: .app("notes")),
                              sessions: InMemorySessionStore(), store: InMemoryKeyValueStore())
        flow.updateEmail("ada@")
        let card = ScreenCard.make(state: .signingIn(flow.state), signInScreen: flow.screen(strings: .english), user: nil, strings: .english)
        #expect(card.label == StringKey.signInTitle.english)
        #expect(card.paragraphs == [StringKey.signInMessage.english])
        #expect(card.field == ScreenCard.Field(label: StringKey.emailField.english, value: "ada@",
                                               placeholder: StringKey.emailPlaceholder.english, kind: .email))
        #expect(card.buttons == [ScreenCard.Button(title: StringKey.sendCode.english, isEnabled: true, target: .signIn(.sendCode))])
    }
}
