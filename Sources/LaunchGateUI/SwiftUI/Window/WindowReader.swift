#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import SwiftUI
import UIKit

/// Tells SwiftUI code which UIKit window it is drawn in, the window ``GateWindow`` goes above, and
/// hands on its environment each time SwiftUI updates it. Each window of an iPad app has its own,
/// so a screen never covers the wrong one.
struct WindowReader: UIViewRepresentable {
    /// Called with the window once the view is in one, and with `nil` when it leaves it.
    let onWindow: @MainActor (UIWindow?) -> Void
    /// Called with the environment the view is in, at every update.
    let onEnvironment: @MainActor (EnvironmentValues) -> Void

    func makeUIView(context: Context) -> WindowReaderView {
        WindowReaderView(onWindow: onWindow)
    }

    func updateUIView(_ view: WindowReaderView, context: Context) {
        view.onWindow = onWindow
        onEnvironment(context.environment)
    }
}
#endif
