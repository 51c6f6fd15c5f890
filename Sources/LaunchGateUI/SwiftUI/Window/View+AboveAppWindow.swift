#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

extension View {
    /// Shows `screen` above every window of the app while `isPresented`: on iOS, tvOS and
    /// visionOS in a window of its own (``AboveAppWindow``). Elsewhere, on macOS, there is none,
    /// `isActive` stays `false`, and the caller draws the screen over the app's content itself.
    /// - Parameters:
    ///   - flow: The flow the screen belongs to.
    ///   - isPresented: Whether the screen should be up.
    ///   - screenID: What the screen shows: when it changes, a new screen replaces the one up, and
    ///     VoiceOver is moved to it.
    ///   - takesKey: Whether its window becomes the key window (not while a check runs).
    ///   - isActive: Set to whether the window above the app takes the screen; while it is
    ///     `false`, draw the screen in the view's own window.
    ///   - screen: The screen; it should follow the flow by itself.
    /// - Returns: The view.
    @ViewBuilder
    func aboveAppWindow<Screen: View>(flow: LaunchFlow, isPresented: Bool, screenID: AnyHashable, takesKey: Bool, isActive: Binding<Bool>,
                                      @ViewBuilder screen: @escaping () -> Screen) -> some View {
        #if canImport(UIKit) && !os(watchOS)
        modifier(AboveAppWindow(flow: flow, isPresented: isPresented, screenID: screenID, takesKey: takesKey, isActive: isActive, screen: screen))
        #else
        self
        #endif
    }
}
#endif
