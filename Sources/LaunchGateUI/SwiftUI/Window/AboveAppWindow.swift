#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import LaunchGate
import SwiftUI
import UIKit

/// Shows a screen in a ``GateWindow`` above the window this view is in, while `isPresented`, and
/// says through `isActive` whether that window takes the screen: from the time the view's window
/// is known. Until then (before SwiftUI has put the view in a window) the view draws the screen
/// in its own window.
///
/// The screen is hosted apart from the app's view hierarchy: it gets the flow, the theme and the
/// layout direction, but not other environment values set around ``LaunchGateView``.
@MainActor
struct AboveAppWindow<Screen: View>: ViewModifier {
    let flow: LaunchFlow
    let isPresented: Bool
    @Binding var isActive: Bool
    let screen: () -> Screen
    @State private var window = GateWindow()
    @State private var hasAppWindow = false
    @Environment(\.launchGateTheme) private var theme

    func body(content: Content) -> some View {
        content
            .background {
                WindowReader { appWindow in
                    // The last window the view was in, even while it is out of it: a full-screen
                    // cover the app presents takes it out, and a screen drawn here would be under it.
                    guard let appWindow else { return }
                    window.appWindow = appWindow
                    hasAppWindow = true
                }
            }
            .onChange(of: isPresented, initial: true) { _, _ in update() }
            .onChange(of: hasAppWindow) { _, _ in update() }
    }

    private func update() {
        guard isPresented else {
            window.hide()
            isActive = window.canShow
            return
        }
        if !window.isShown {
            // The hosted screen follows the flow by itself; it is made once for each time the
            // window goes up, so a loading screen turning into a blocking one keeps its window.
            window.show(flow.hostingController(for: screen(), theme: theme))
        }
        isActive = window.isShown
    }
}
#endif
