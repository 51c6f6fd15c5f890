#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import LaunchGate
import SwiftUI
import UIKit

/// Shows a screen in a ``GateWindow`` above the window this view is in, while `isPresented`, and
/// says through `isActive` whether that window takes the screen: from the time the view's window
/// is known. Until then (before SwiftUI has put the view in a window) the view draws the screen
/// in its own window.
///
/// The screen is hosted apart from the app's view hierarchy, so part of the app's environment is
/// relayed to it (``EnvironmentRelay``, ``RelayedValue``), with the flow, the theme and the flow's
/// layout direction over it.
@MainActor
struct AboveAppWindow<Screen: View>: ViewModifier {
    let flow: LaunchFlow
    let isPresented: Bool
    /// What the screen shows: a new value is a new screen, which VoiceOver is moved to.
    let screenID: AnyHashable
    /// Whether the window takes key: for a screen the user acts on, not while a check runs.
    let takesKey: Bool
    @Binding var isActive: Bool
    let screen: () -> Screen
    @State private var window = GateWindow()
    @State private var hasAppWindow = false
    @State private var relay = EnvironmentRelay()
    @Environment(\.launchGateTheme) private var theme
    @Environment(\.self) private var environment

    func body(content: Content) -> some View {
        content
            .background {
                WindowReader { appWindow in
                    // The last window the view was in, even while it is out of it: a full-screen
                    // cover the app presents takes it out, and a screen drawn here would be under it.
                    guard let appWindow else { return }
                    window.appWindow = appWindow
                    hasAppWindow = true
                } onEnvironment: { values in
                    // Drawn again after this update of the app's hierarchy, not during it.
                    if relay.take(values) { Task { @MainActor in relay.published() } }
                }
            }
            .onChange(of: isPresented, initial: true) { _, _ in update() }
            .onChange(of: hasAppWindow) { _, _ in update() }
            .onChange(of: screenID) { _, _ in update() }
            // A gate whose view leaves the hierarchy (its scene closed, or the app replaced its
            // root view) goes with it, rather than staying over the app; it comes back if the
            // view does. A full-screen cover the app presents takes the view out of its window
            // too, and the block stays over it (GateWindow.ownerLeft).
            .onDisappear { window.ownerLeft() }
            .onAppear { update() }
            .onChange(of: takesKey) { _, takesKey in window.setTakesKey(takesKey && isPresented) }
    }

    private func update() {
        guard isPresented else {
            window.hide()
            isActive = window.canShow
            return
        }
        // The hosted screen follows the flow by itself; it is made again only for another screen
        // (a blocking one after the loading screen), in the same window, so VoiceOver is moved to
        // it: one host for both would leave VoiceOver on the loading screen's vanished text.
        window.show(for: screenID, takesKey: takesKey, theme: theme) {
            _ = relay.take(environment)
            return flow.hostingController(for: RelayedEnvironment(relay: relay, flow: flow, content: screen()), theme: theme)
        }
        isActive = window.isShown
    }
}
#endif
