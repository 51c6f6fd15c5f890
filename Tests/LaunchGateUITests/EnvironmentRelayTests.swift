import Foundation
import LaunchGate
@testable import LaunchGateUI
import SwiftUI
import Testing

private struct AppCounterKey: EnvironmentKey {
    static let defaultValue = 0
}

private struct AppPresentationKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    /// One of the app's own values, which it may relay.
    fileprivate var appCounter: Int {
        get { self[AppCounterKey.self] }
        set { self[AppCounterKey.self] = newValue }
    }
    /// Stands for the app's presentation state (`isPresented`, `dismiss`), which stays the app's.
    fileprivate var appPresentation: Bool {
        get { self[AppPresentationKey.self] }
        set { self[AppPresentationKey.self] = newValue }
    }
}

extension AdapterTests {
    @MainActor
    @Suite("The app's environment in the window above the app: what a screen is drawn with, and nothing of the app's presentations")
    struct EnvironmentRelayTests {
        @Test("a screen takes the app's locale, text size, color scheme and theme, and keeps its own presentation state")
        func allowList() {
            let relay = EnvironmentRelay()
            var app = EnvironmentValues()
            app.locale = Locale(identifier: "de_DE")
            app.dynamicTypeSize = .accessibility2
            app.colorScheme = .dark
            app.launchGateTheme = .playful
            app.appPresentation = true
            _ = relay.take(app)
            var screen = EnvironmentValues()
            relay.apply(to: &screen)
            #expect(screen.locale.identifier == "de_DE")
            #expect(screen.dynamicTypeSize == .accessibility2)
            #expect(screen.colorScheme == .dark)
            #expect(screen.launchGateTheme == .playful)
            #expect(screen.appPresentation == false, "the app's presentation state stays in the app's hierarchy")
        }

        @Test("the screen is drawn again when a relayed value changes, not at every update of the app")
        func redrawsOnlyOnChange() {
            let relay = EnvironmentRelay()
            var app = EnvironmentValues()
            #expect(relay.take(app) == false, "the defaults, as before")
            app.appPresentation = true
            app.appCounter = 1
            #expect(relay.take(app) == false, "values the screen doesn't take change nothing")
            app.dynamicTypeSize = .xxxLarge
            #expect(relay.take(app) == true)
            #expect(relay.take(app) == false, "the same again")
        }

        @Test("a value the app names with launchGateRelays reaches the screen, and redraws it when it changes")
        func appsOwnValue() {
            let relay = EnvironmentRelay()
            var app = EnvironmentValues()
            // What `.launchGateRelays(\.appCounter)` puts in the environment around LaunchGateView.
            app.launchGateRelayedValues.append(RelayedValue(\.appCounter))
            app.appCounter = 7
            #expect(relay.take(app) == true)
            var screen = EnvironmentValues()
            relay.apply(to: &screen)
            #expect(screen.appCounter == 7)
            #expect(relay.take(app) == false)
            app.appCounter = 8
            #expect(relay.take(app) == true)
        }
    }
}
